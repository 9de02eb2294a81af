// The in-memory part of the dataset: people, networks, channels, titles, videos. Facts stream from it.
import { generateBroadcasts, generatePastStreams, type Broadcasts } from './broadcasts';
import { createCalendar, type Context } from './calendar';
import { generateGrants, type Grants } from './grants';
import type { PartnerChannel } from './model';
import { generatePartnerNetwork, PARTNER_NETWORK_ID } from './partner-channels';
import { generatePeople, type People } from './people';
import { generatePublicChannels, generatePublicNetworks, type PublicChannel } from './public-channels';
import type { BroadcastRecord, NetworkRecord, TitleRecord, VideoRecord } from './records';
import type { Scale } from './scale';
import { assignTitles, generateTitles } from './titles';
import { generateChannelVideos } from './videos';

export interface GenerateOptions {
  seed: number;
  /** 'YYYY-MM-DD' (UTC); facts end two days before it. */
  today: string;
  scale: Scale;
}

export interface World {
  ctx: Context;
  people: People;
  networks: NetworkRecord[];
  partnerChannels: PartnerChannel[];
  publicChannels: PublicChannel[];
  titles: TitleRecord[];
  /** Videos per partner channel id, broadcasts' live videos included. */
  videos: Map<number, VideoRecord[]>;
  broadcasts: Broadcasts;
  /** Earlier live videos as streams that have ended (their peak viewers). */
  pastStreams: BroadcastRecord[];
  grants: Grants;
}

/**
 * Builds everything except the facts, deterministically from the options. `reshape` may change the
 * partner channels' models before their titles and videos are drawn (the size benchmark's content-owner shape).
 * @example buildWorld({ seed: 1, today: '2026-11-23', scale: SCALES.tiny }).partnerChannels.length // 8
 */
export function buildWorld(options: GenerateOptions, reshape?: (channels: PartnerChannel[]) => void): World {
  const ctx: Context = { seed: options.seed, scale: options.scale, calendar: createCalendar(options.today, options.scale) };
  const people = generatePeople(ctx);
  const youtubeIds = new Set<string>();
  const partner = generatePartnerNetwork(ctx, people.roleUserId.network, youtubeIds);
  reshape?.(partner.channels);
  const titles = generateTitles(ctx);
  assignTitles(ctx, partner.channels, titles);
  const titleById = new Map(titles.map((title) => [title.id, title]));
  const videoIds = new Set<string>();
  const videos = new Map(partner.channels.map((channel) => [channel.record.id, generateChannelVideos(ctx, channel, titleById, videoIds)]));
  const broadcasts = generateBroadcasts(ctx, partner.channels, titleById, videoIds);
  for (const video of broadcasts.videos) videos.get(video.channelId)?.push(video);
  const publicNetworks = generatePublicNetworks(ctx, PARTNER_NETWORK_ID + 1, new Set([partner.network.slug]));
  const publicChannels = generatePublicChannels(ctx, partner.channels.length + 1, publicNetworks, youtubeIds);
  const pastStreams = generatePastStreams(ctx, partner.channels, [...videos.values()].flat(), broadcasts);
  return {
    ctx,
    people,
    titles,
    videos,
    broadcasts,
    pastStreams,
    networks: [partner.network, ...publicNetworks.map((entry) => entry.network)],
    partnerChannels: partner.channels,
    publicChannels,
    grants: generateGrants(ctx, people, partner.network.id, partner.channels),
  };
}
