// Publicly tracked channels and networks beyond the partner network: categories, languages, countries, power-law sizes.
import { CATEGORIES, categoryProfile } from './categories';
import type { Context } from './calendar';
import { dayNumber, unixSeconds } from './dates';
import { SECONDS_PER_DAY } from '../../../src/lib/dates/time';
import { LANGUAGES, countryProfile, homeCountry } from './geo';
import { channelYoutubeId, uniqueId } from './ids';
import { avatarUrl, bannerUrl } from './images';
import { channelName, networkName, slugify } from './names';
import { chance, createRng, int, logNormal, normal, pareto, pickWeighted, weightedSampler, type Rng } from './prng';
import type { ChannelRecord, NetworkRecord } from './records';

const MIN_SUBSCRIBERS = 10_000;
const MAX_SUBSCRIBERS = 250_000_000;
const SUBSCRIBER_TAIL = 0.95;
/** Chance of belonging to a network, rising with size: networks court big channels. */
function networkChance(subscribers: number): number {
  return Math.min(0.8, Math.max(0.15, 0.15 + 0.15 * (Math.log10(subscribers) - 4)));
}
/** Channels from this many subscribers up have a banner; small ones often do not. */
const BANNER_FROM_SUBSCRIBERS = 200_000;
/** Share of revenue-generating views on a typical channel (for public earnings estimates). */
const MONETIZED_SHARE = 0.55;
const FIRST_CHANNEL_DAY = dayNumber('2006-01-01');

/** A public network and its share of the networks' members. */
export interface WeightedNetwork {
  network: NetworkRecord;
  weight: number;
}

/** What drives a public channel's daily numbers. */
export interface PublicModel {
  subscribers: number;
  monthlyViews: number;
  growthPerYear: number;
  subsPerView: number;
  videoCount: number;
  uploadsPerDay: number;
  lifetimeViews: number;
  avdSeconds: number;
  /** Estimated USD earned per 1,000 views. */
  rpm: number;
}

export interface PublicChannel {
  record: ChannelRecord;
  model: PublicModel;
}

/** Public networks with ids from firstId; their sizes follow a power law (weight). */
export function generatePublicNetworks(ctx: Context, firstId: number, slugs: Set<string>): WeightedNetwork[] {
  const rng = createRng(ctx.seed, 'public-networks');
  return Array.from({ length: ctx.scale.publicNetworks }, (_, index) => {
    let name = networkName(rng);
    while (slugs.has(slugify(name))) name = networkName(rng);
    slugs.add(slugify(name));
    return {
      network: {
        id: firstId + index,
        slug: slugify(name),
        name,
        ownerUserId: null,
        contentOwnerId: null,
        isPartner: 0,
        isPublic: 1,
        createdAt: unixSeconds(ctx.calendar.firstFactDay - int(rng, 100, 3000)),
      },
      weight: Math.pow(index + 1, -1.1),
    };
  });
}

function publicModel(rng: Rng, record: ChannelRecord, ctx: Context): PublicModel {
  const subscribers = Math.min(MAX_SUBSCRIBERS, pareto(rng, MIN_SUBSCRIBERS, SUBSCRIBER_TAIL));
  const monthlyViews = Math.max(1000, subscribers * Math.min(30, Math.max(0.003, logNormal(rng, 0.8, 1.0))));
  const ageDays = Math.max(60, ctx.calendar.lastSnapshotDay - Math.floor((record.publishedAt ?? 0) / SECONDS_PER_DAY));
  const videoCount = Math.round(Math.min(50_000, Math.max(3, logNormal(rng, 250, 1.1))));
  const category = categoryProfile(record.categoryId ?? 24);
  return {
    subscribers,
    monthlyViews,
    growthPerYear: Math.min(2.5, Math.max(-0.9, normal(rng, 0.15, 0.5))),
    subsPerView: logNormal(rng, 0.002, 0.6),
    videoCount,
    uploadsPerDay: (videoCount / ageDays) * logNormal(rng, 1, 0.4),
    lifetimeViews: monthlyViews * (14 + (ageDays / 30) * Math.min(3, Math.max(0.1, logNormal(rng, 0.5, 0.5)))),
    avdSeconds: category.avdSeconds * logNormal(rng, 1, 0.2),
    rpm: countryProfile(record.countryCode ?? 'ZZ').rpm * category.rpmFactor * MONETIZED_SHARE,
  };
}

/** scale.publicChannels channels with ids from firstId. */
export function generatePublicChannels(
  ctx: Context,
  firstId: number,
  networks: WeightedNetwork[],
  youtubeIds: Set<string>,
): PublicChannel[] {
  const rng = createRng(ctx.seed, 'public-channels');
  const pickNetwork = weightedSampler(networks, (entry) => entry.weight);
  return Array.from({ length: ctx.scale.publicChannels }, (_, index): PublicChannel => {
    const title = channelName(rng);
    const language = pickWeighted(rng, LANGUAGES, (lang) => lang.weight);
    const country = chance(rng, 0.85)
      ? homeCountry(language)
      : pickWeighted(rng, Object.keys(language.homes), (code) => language.homes[code] ?? 0);
    const publishedDay = int(rng, FIRST_CHANNEL_DAY, ctx.calendar.lastSnapshotDay - 400);
    const record: ChannelRecord = {
      id: firstId + index,
      youtubeId: uniqueId(youtubeIds, () => channelYoutubeId(rng)),
      title,
      thumbnailUrl: avatarUrl(rng, title),
      bannerUrl: '',
      networkId: null,
      categoryId: pickWeighted(rng, CATEGORIES, (category) => category.publicWeight).id,
      languageCode: language.code,
      countryCode: country,
      publishedAt: unixSeconds(publishedDay, int(rng, 0, 23)),
      joinedOn: null,
      isInhouse: 0,
      isUgc: 0,
      createdAt: unixSeconds(ctx.calendar.lastSnapshotDay - int(rng, 100, 900)),
    };
    const model = publicModel(rng, record, ctx);
    if (networks.length > 0 && chance(rng, networkChance(model.subscribers))) record.networkId = pickNetwork(rng).network.id;
    if (model.subscribers >= BANNER_FROM_SUBSCRIBERS) record.bannerUrl = bannerUrl(rng);
    return { record, model };
  });
}
