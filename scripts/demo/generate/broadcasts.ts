// A few live broadcasts: some on air now, some ended in the last two days. Each one is a live video too.
import type { Context } from './calendar';
import { unixSeconds } from './dates';
import { SECONDS_PER_HOUR } from '../../../src/lib/dates/time';
import { uniqueId, videoId } from './ids';
import { previewUrl } from './images';
import type { PartnerChannel } from './model';
import { videoTitle } from './names';
import { createRng, int, logNormal, pickWeighted } from './prng';
import type { BroadcastRecord, TitleRecord, VideoRecord } from './records';

/**
 * Share of broadcasts still on air: at the demo scale (8 broadcasts) 6 are on air, more than the 4 cards
 * /streams shows before "Show more", so a fresh start shows that too.
 */
const LIVE_SHARE = 0.75;

export interface Broadcasts {
  broadcasts: BroadcastRecord[];
  videos: VideoRecord[];
}

/**
 * Broadcasts on channels that stream (or any channel if none does). Times are before today 00:00 UTC
 * so none starts in the future whenever the demo is opened that day.
 */
export function generateBroadcasts(
  ctx: Context,
  channels: PartnerChannel[],
  titles: Map<number, TitleRecord>,
  taken: Set<string>,
): Broadcasts {
  const rng = createRng(ctx.seed, 'broadcasts');
  const streaming = channels.filter((channel) => channel.record.isUgc === 0 && channel.model.liveShare > 0);
  const pool = streaming.length > 0 ? streaming : channels.filter((channel) => channel.record.isUgc === 0);
  const midnight = unixSeconds(ctx.calendar.today);
  const liveCount = Math.max(1, Math.round(ctx.scale.broadcasts * LIVE_SHARE));
  const out: Broadcasts = { broadcasts: [], videos: [] };
  for (let i = 0; i < ctx.scale.broadcasts; i++) {
    const channel = pickWeighted(rng, pool, (c) => Math.sqrt(c.model.baseViews));
    const live = i < liveCount;
    const startedAt = midnight - (live ? int(rng, 1, 6) : int(rng, 8, 44)) * SECONDS_PER_HOUR - int(rng, 0, 3599);
    const titleId = channel.titleIds[0] ?? null;
    const name = videoTitle(rng, 'live', (titleId !== null ? titles.get(titleId)?.title : undefined) ?? channel.record.title);
    const id = uniqueId(taken, () => videoId(rng));
    const durationSeconds = int(rng, 1, 4) * SECONDS_PER_HOUR + int(rng, 0, 3599);
    out.videos.push({
      videoId: id,
      channelId: channel.record.id,
      titleId,
      videoTitle: name,
      publishedAt: startedAt,
      type: 'live',
      durationSeconds: live ? null : durationSeconds,
    });
    out.broadcasts.push({
      videoId: id,
      channelId: channel.record.id,
      name,
      previewUrl: previewUrl(rng),
      watchingCount: Math.round(logNormal(rng, Math.max(50, Math.sqrt(channel.model.baseViews) * 8), 0.6)),
      startedAt,
      endedAt: live ? null : startedAt + durationSeconds,
    });
  }
  return out;
}

/**
 * The channels' earlier live videos as streams the live job saw on air and then ended: peak viewers
 * like the broadcasts', started at publication, over after the video's length. Their own stream of
 * draws, so the broadcasts above do not move.
 */
export function generatePastStreams(
  ctx: Context,
  channels: PartnerChannel[],
  videos: VideoRecord[],
  current: Broadcasts,
): BroadcastRecord[] {
  const rng = createRng(ctx.seed, 'past-streams');
  const taken = new Set(current.broadcasts.map((broadcast) => broadcast.videoId));
  const byId = new Map(channels.map((channel) => [channel.record.id, channel]));
  const out: BroadcastRecord[] = [];
  for (const video of videos) {
    const channel = byId.get(video.channelId);
    if (video.type !== 'live' || taken.has(video.videoId) || video.publishedAt === null || !channel) continue;
    const duration = video.durationSeconds ?? SECONDS_PER_HOUR;
    out.push({
      videoId: video.videoId,
      channelId: video.channelId,
      name: video.videoTitle,
      previewUrl: previewUrl(rng),
      watchingCount: Math.round(logNormal(rng, Math.max(50, Math.sqrt(channel.model.baseViews) * 8), 0.6)),
      startedAt: video.publishedAt,
      endedAt: video.publishedAt + duration,
    });
  }
  return out;
}
