// One channel-day of the generator's facts as a real content owner's report rows: every title slice spread
// over all of the title's videos published by then, each video over every country it has a view in.
import { dayNumber } from '../demo/generate/dates';
import { usd } from '../demo/formats/csv';
import type { ChannelDayFacts } from '../demo/generate/facts';
import { METRICS, type VideoRecord, type VideoType } from '../demo/generate/records';

/** The basic report's metrics in its column order after the key (revenue has a report of its own). */
const BASIC_METRICS = [
  'views',
  'comments',
  'shares',
  'watchTimeMinutes',
  'subscribersGained',
  'subscribersLost',
  'likes',
  'dislikes',
] as const satisfies ReadonlyArray<(typeof METRICS)[number]>;
/** A video's weight halves in about this many days after publication: recent uploads take most views. */
const RECENCY_DAYS = 10;
const RECENCY_EXPONENT = 0.8;
/** A video-country cell with at least this many views is reported twice: subscribed and not (YouTube splits every key). */
const SUBSCRIBED_SPLIT_MIN_VIEWS = 20;
/** Share of a split cell's views from subscribers. */
const SUBSCRIBED_SHARE = 0.2;
const SECONDS_PER_DAY = 86_400;

/** The videos a channel's title slices are reported under, by (title, type), oldest first. */
export class ChannelVideos {
  private readonly byCell = new Map<string, Array<{ videoId: string; day: number; weight: number }>>();

  constructor(
    readonly youtubeId: string,
    videos: readonly VideoRecord[],
  ) {
    for (const video of videos) {
      if (video.publishedAt === null || video.titleId === null) continue;
      const key = `${video.titleId}/${video.type}`;
      const list = this.byCell.get(key) ?? [];
      // A fixed per-video appeal from its id, so the same video stays popular from day to day.
      list.push({ videoId: video.videoId, day: Math.floor(video.publishedAt / SECONDS_PER_DAY), weight: appeal(video.videoId) });
      this.byCell.set(key, list);
    }
    for (const list of this.byCell.values()) list.sort((a, b) => a.day - b.day);
  }

  /** The videos of the slice published by the day, with their weight that day. */
  published(titleId: number, type: VideoType, day: number): Array<{ videoId: string; weight: number }> {
    const out: Array<{ videoId: string; weight: number }> = [];
    for (const video of this.byCell.get(`${titleId}/${type}`) ?? []) {
      if (video.day > day) break;
      out.push({ videoId: video.videoId, weight: video.weight * Math.pow(1 + (day - video.day) / RECENCY_DAYS, -RECENCY_EXPONENT) });
    }
    return out;
  }
}

/** A number in [0.2, 1.8) from a video id: its lasting appeal. */
function appeal(videoId: string): number {
  let hash = 0;
  for (let i = 0; i < videoId.length; i++) hash = (hash * 31 + videoId.charCodeAt(i)) | 0;
  return 0.2 + ((hash >>> 0) % 1000) / 625;
}

/**
 * Whole parts of total proportional to weights (weights sum to weightSum), the remainder on part `largest`:
 * cheaper than exact apportioning and still summing exactly, which is all the size benchmark needs.
 */
function spread(total: number, weights: readonly number[], weightSum: number, largest: number): number[] {
  if (weightSum <= 0) return weights.map((_, i) => (i === largest ? total : 0));
  const parts = weights.map((w) => Math.trunc((total * w) / weightSum));
  parts[largest] = (parts[largest] ?? 0) + total - parts.reduce((sum, p) => sum + p, 0);
  return parts;
}

function indexOfMax(values: readonly number[]): number {
  let best = 0;
  for (let i = 1; i < values.length; i++) if ((values[i] ?? 0) > (values[best] ?? 0)) best = i;
  return best;
}

/** A channel-day as CSV lines without the date: basic, estimated revenue, and the key of each title's biggest row (demographics). */
export interface ContentOwnerDay {
  basic: string[];
  revenue: string[];
  /** Per title slice, the basic key of its biggest row. */
  mainKeys: string[];
}

interface Cell {
  country: string;
  metrics: number[];
  revenueMicros: number;
}

/** Splits one video's metrics and revenue over the day's countries (their views and revenue); cells without views are dropped. */
function videoCells(metrics: number[], revenueMicros: number, facts: ChannelDayFacts): Cell[] {
  const countryViews = facts.countries.map((c) => c.views);
  const countryRevenue = facts.countries.map((c) => c.partnerRevenueMicros);
  const views = spread(metrics[0] ?? 0, countryViews, sum(countryViews), indexOfMax(countryViews));
  const kept = facts.countries.map((_, i) => i).filter((i) => (views[i] ?? 0) > 0);
  if (kept.length === 0) return [];
  const keptViews = kept.map((i) => views[i] ?? 0);
  const big = indexOfMax(keptViews);
  const columns = metrics.map((total, m) => (m === 0 ? keptViews : spread(total, keptViews, sum(keptViews), big)));
  const keptRevenue = kept.map((i) => countryRevenue[i] ?? 0);
  const revenue = spread(revenueMicros, keptRevenue, sum(keptRevenue), big);
  return kept.map((i, k) => ({
    country: facts.countries[i]?.countryCode ?? 'ZZ',
    metrics: columns.map((column) => column[k] ?? 0),
    revenueMicros: revenue[k] ?? 0,
  }));
}

function sum(values: readonly number[]): number {
  let total = 0;
  for (const v of values) total += v;
  return total;
}

/** A basic row in BASIC_HEADER's order: engaged views after views, here equal to them (sizes only). */
function basicLine(prefix: string, subscribed: string, country: string, metrics: readonly number[]): string {
  const [views, ...rest] = metrics;
  return `${prefix}${subscribed},${country},${views ?? 0},${views ?? 0},${rest.join(',')}`;
}

/** A cell as one or two basic rows (subscribed and not): returns the key of its not-subscribed row. */
function addCell(out: string[], prefix: string, cell: Cell): string {
  const views = cell.metrics[0] ?? 0;
  if (views >= SUBSCRIBED_SPLIT_MIN_VIEWS) {
    const subscribed = cell.metrics.map((v) => Math.round(v * SUBSCRIBED_SHARE));
    out.push(basicLine(prefix, 'subscribed', cell.country, subscribed));
    out.push(
      basicLine(
        prefix,
        'not_subscribed',
        cell.country,
        cell.metrics.map((v, m) => v - (subscribed[m] ?? 0)),
      ),
    );
  } else out.push(basicLine(prefix, 'not_subscribed', cell.country, cell.metrics));
  return `${prefix}not_subscribed,${cell.country}`;
}

/**
 * The rows of one channel-day: each title slice's metrics over its published videos by weight, each
 * video's over the countries it has views in. What no video row carries (channel-page subscribers,
 * a video's likes on a day without views) is one channel-level row in the biggest country, so the
 * rows sum exactly to the channel's day.
 */
export function contentOwnerDay(facts: ChannelDayFacts, videos: ChannelVideos): ContentOwnerDay {
  const day = dayNumber(facts.total.day);
  const out: ContentOwnerDay = { basic: [], revenue: [], mainKeys: [] };
  const rest = BASIC_METRICS.map((m) => facts.total[m]);
  for (const slice of facts.titles) {
    const published = videos.published(slice.titleId, slice.videoType, day);
    if (published.length === 0) continue;
    const weights = published.map((v) => v.weight);
    const top = indexOfMax(weights);
    const total = sum(weights);
    const perMetric = BASIC_METRICS.map((m) => spread(slice[m], weights, total, top));
    const revenue = spread(slice.partnerRevenueMicros, weights, total, top);
    let mainKey = '';
    let mainViews = 0;
    published.forEach((video, v) => {
      const live = slice.videoType === 'live' ? 'live' : 'on_demand';
      const prefix = `${videos.youtubeId},${video.videoId},claimed,self,${live},`;
      const cells = videoCells(
        perMetric.map((column) => column[v] ?? 0),
        revenue[v] ?? 0,
        facts,
      );
      for (const cell of cells) {
        const key = addCell(out.basic, prefix, cell);
        cell.metrics.forEach((value, m) => (rest[m] = (rest[m] ?? 0) - value));
        // Cells that earned nothing (a few views of a Short) have no revenue row.
        if (cell.revenueMicros !== 0)
          out.revenue.push(`${videos.youtubeId},${video.videoId},claimed,self,${cell.country},${usd(cell.revenueMicros)}`);
        if ((cell.metrics[0] ?? 0) > mainViews) {
          mainViews = cell.metrics[0] ?? 0;
          mainKey = key;
        }
      }
    });
    if (mainKey) out.mainKeys.push(mainKey);
  }
  if (rest.some((v) => v !== 0)) {
    const country = facts.countries[indexOfMax(facts.countries.map((c) => c.views))]?.countryCode ?? 'ZZ';
    out.basic.push(basicLine(`${videos.youtubeId},,claimed,self,on_demand,`, 'not_subscribed', country, rest));
  }
  return out;
}
