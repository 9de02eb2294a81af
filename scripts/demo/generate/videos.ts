// Videos of partner channels, and from their publish days the (title, type) cells facts go to.
import type { Context } from './calendar';
import { unixSeconds } from './dates';
import { SECONDS_PER_DAY, SECONDS_PER_HOUR } from '../../../src/lib/dates/time';
import { uniqueId, videoId } from './ids';
import type { PartnerChannel, TitleCell } from './model';
import { videoTitle } from './names';
import { chance, createRng, int, logNormal, type Rng } from './prng';
import type { TitleRecord, VideoRecord, VideoType } from './records';

/** Share of videos without a publish date (scheduled or private). */
const UNPUBLISHED_SHARE = 0.01;
/** How far before the first fact day a channel's back catalogue may start. */
const BACK_CATALOGUE_DAYS = 1500;

function duration(rng: Rng, type: VideoType): number {
  if (type === 'short') return int(rng, 12, 59);
  if (type === 'live') return int(rng, SECONDS_PER_HOUR, 4 * SECONDS_PER_HOUR);
  return int(rng, 180, 1500);
}

interface Draft {
  titleId: number;
  type: VideoType;
  day: number;
}

/** When each type starts on a channel: Shorts and live streams often begin after long-form. */
function typeStarts(rng: Rng, ctx: Context, channel: PartnerChannel): Record<VideoType, number | null> {
  const { firstFactDay, lastFactDay } = ctx.calendar;
  const start = (share: number) => (share > 0 ? int(rng, firstFactDay - 365, lastFactDay - 60) : null);
  return { full: channel.factsStart - 1, short: start(channel.model.shortsShare), live: start(channel.model.liveShare) };
}

function drafts(rng: Rng, ctx: Context, channel: PartnerChannel): Draft[] {
  const { lastFactDay } = ctx.calendar;
  const starts = typeStarts(rng, ctx, channel);
  const createdDay = Math.floor((channel.record.publishedAt ?? 0) / SECONDS_PER_DAY);
  const catalogueStart = Math.max(channel.factsStart - BACK_CATALOGUE_DAYS, createdDay + 30);
  const titleAt = (index: number) => channel.titleIds[index % channel.titleIds.length] as number;
  // Every title has a long-form video before facts start, and each type starts with one video.
  const out: Draft[] = channel.titleIds.map((titleId) => ({
    titleId,
    type: 'full',
    day: int(rng, catalogueStart, channel.factsStart - 1),
  }));
  if (starts.short !== null) out.push({ titleId: titleAt(0), type: 'short', day: starts.short });
  if (starts.live !== null) out.push({ titleId: titleAt(0), type: 'live', day: starts.live });
  const size = Math.min(3, Math.max(0.3, 0.3 + 0.5 * Math.log10(channel.model.baseViews / 5000)));
  const count = Math.round(ctx.scale.videosPerChannel * size * logNormal(rng, 1, 0.2));
  for (let i = out.length; i < count; i++) {
    const roll = rng.next();
    const type: VideoType =
      starts.short !== null && roll < Math.min(0.8, channel.model.shortsShare * 1.3)
        ? 'short'
        : starts.live !== null && roll > 0.95
          ? 'live'
          : 'full';
    const from = type === 'full' ? catalogueStart : (starts[type] as number);
    // Skewed towards recent days: channels publish more as they grow.
    const day = from + Math.floor((lastFactDay - from) * Math.pow(rng.next(), 0.7));
    out.push({ titleId: titleAt(Math.floor(Math.pow(rng.next(), 2) * channel.titleIds.length)), type, day });
  }
  return out;
}

/** The channel's videos; fills channel.cells. The UGC pseudo-channel has no videos of its own. */
export function generateChannelVideos(
  ctx: Context,
  channel: PartnerChannel,
  titles: Map<number, TitleRecord>,
  taken: Set<string>,
): VideoRecord[] {
  const rng = createRng(ctx.seed, 'videos', channel.record.id);
  const weights = new Map(channel.titleIds.map((id, rank) => [id, Math.pow(rank + 1, -1) * logNormal(rng, 1, 0.3)]));
  if (channel.record.isUgc === 1) {
    channel.cells = channel.titleIds.flatMap((titleId): TitleCell[] =>
      (['full', 'short'] as const).map((type) => ({ titleId, type, fromDay: channel.factsStart, weight: weights.get(titleId) ?? 1 })),
    );
    return [];
  }
  const cells = new Map<string, TitleCell>();
  const anchors = channel.titleIds.length + 2;
  const videos = drafts(rng, ctx, channel).map((draft, index): VideoRecord => {
    // The first drafts open each cell; they are always published.
    const unpublished = index >= anchors && chance(rng, UNPUBLISHED_SHARE);
    if (!unpublished) {
      const key = `${draft.titleId}/${draft.type}`;
      const cell = cells.get(key);
      const weight = weights.get(draft.titleId) ?? 1;
      if (!cell) cells.set(key, { titleId: draft.titleId, type: draft.type, fromDay: draft.day, weight });
      else cell.fromDay = Math.min(cell.fromDay, draft.day);
    }
    const title = titles.get(draft.titleId)?.title ?? channel.record.title;
    return {
      videoId: uniqueId(taken, () => videoId(rng)),
      channelId: channel.record.id,
      titleId: draft.titleId,
      videoTitle: videoTitle(rng, draft.type, title),
      publishedAt: unpublished ? null : unixSeconds(draft.day, int(rng, 6, 22)) + int(rng, 0, 3599),
      type: draft.type,
      durationSeconds: duration(rng, draft.type),
    };
  });
  channel.cells = [...cells.values()];
  return videos;
}
