// A video-day's views by traffic source, as content_owner_traffic_source_a3 prints them: the sources' views
// add up exactly to the video-day's views in the basic report, so the Traffic sources card totals the Views card.
import type { VideoType } from '../generate/records';
import type { SliceVideo } from './partner-videos';
import { searchWeights } from './search-terms';

/** Source code -> weight, per format: Shorts play mostly from the Shorts feed, live streams from notifications. */
const SHARES: Record<VideoType | 'channel', ReadonlyArray<readonly [number, number]>> = {
  full: [
    [3, 30],
    [7, 27],
    [5, 17],
    [9, 8],
    [0, 6],
    [14, 4],
    [4, 4],
    [17, 3],
    [8, 1],
  ],
  short: [
    [24, 78],
    [3, 6],
    [5, 4],
    [7, 4],
    [4, 3],
    [0, 3],
    [9, 2],
  ],
  live: [
    [17, 30],
    [3, 27],
    [7, 12],
    [4, 10],
    [0, 8],
    [5, 7],
    [9, 6],
  ],
  // Channel-level views (no video): the channel page.
  channel: [[4, 1]],
};
const SEARCH = 5;
/** What the detail column holds for the other sources (docs: the reference's section 3.5). */
const DETAIL: Record<number, string> = { 24: 'unknown', 9: 'www.google.com', 8: 'ytremote' };
/** Weights move by up to this share either way, per video and day, so figures are not the same everywhere. */
const JITTER = 0.3;

function hashOf(text: string): number {
  let code = 7;
  for (let i = 0; i < text.length; i++) code = (code * 31 + text.charCodeAt(i)) % 1_000_003;
  return code;
}

/**
 * `total` split by `weights` into whole numbers that add up to it exactly (largest remainders).
 * @example splitWhole(10, [1, 1, 1]) // [4, 3, 3]
 */
export function splitWhole(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || total === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
    left--;
  }
  return parts;
}

/** A stand-in id of another video (the suggesting video of type 7): 11 characters from the hash. */
function otherVideoId(seed: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let id = '';
  for (let i = 0, n = seed; i < 11; i++, n = Math.floor(n / 7) + i * 13) id += alphabet[n % alphabet.length];
  return id;
}

/**
 * The traffic rows of one video-day after the date: channel, video, claimed status, uploader, live or on
 * demand, subscribed status, country, source, detail, views, engaged views, watch time, average view duration,
 * its percentage (not modelled: empty), red views and red watch time (0). `views`, `engagedViews` and
 * `watchMinutes` are the video-day's in the basic report; `country` the country of its biggest row there;
 * `terms` the channel's search terms (search-terms.ts), which its YouTube search views are split by.
 * @example trafficLines({ channelId: 'UC…', videoId: 'abc', uploaderType: 'self' }, 'short', '2026-03-01', 'US', { views: 100, engagedViews: 70, watchMinutes: 40 }, ['happy bear tv'])
 */
export function trafficLines(
  video: SliceVideo,
  type: VideoType | null,
  day: string,
  country: string,
  { views, engagedViews, watchMinutes }: { views: number; engagedViews: number; watchMinutes: number },
  terms: readonly string[],
): string[] {
  if (views <= 0) return [];
  const format = type ?? 'channel';
  const seed = hashOf(`${video.videoId}|${day}`);
  const sources = SHARES[format];
  const weights = sources.map(([, weight], i) => weight * (1 - JITTER + ((seed >> (i % 16)) % 61) / 100));
  const viewsBy = splitWhole(views, weights);
  const minutesBy = splitWhole(Math.round(watchMinutes), viewsBy);
  // The video-day's engaged views in the basic report, split like its views: the two reports agree.
  const engagedBy = splitWhole(engagedViews, viewsBy);
  const key = `${video.channelId},${video.videoId},claimed,${video.uploaderType},${type === 'live' ? 'live' : 'on_demand'},not_subscribed,${country}`;
  const rows: Array<[number, string, number, number, number]> = [];
  sources.forEach(([code], i) => {
    const v = viewsBy[i] ?? 0;
    const m = minutesBy[i] ?? 0;
    const e = engagedBy[i] ?? 0;
    if (v <= 0 && m <= 0) return;
    // Search views go to the terms people typed, and some to none (left empty, as YouTube does under its
    // privacy thresholds); split whole, so the source's figures are the same as one row's.
    if (code === SEARCH && v > 0) {
      const split = searchWeights(terms, v, seed + i);
      const termViews = splitWhole(
        v,
        split.map(([, weight]) => weight),
      );
      const termMinutes = splitWhole(m, termViews);
      const termEngaged = splitWhole(e, termViews);
      split.forEach(([term], k) => {
        const [tv, tm, te] = [termViews[k] ?? 0, termMinutes[k] ?? 0, termEngaged[k] ?? 0];
        if (tv > 0 || tm > 0) rows.push([code, term, tv, tm, te]);
      });
      return;
    }
    rows.push([code, code === 7 ? otherVideoId(seed + i) : (DETAIL[code] ?? ''), v, m, e]);
  });
  return rows.map(([code, detail, v, m, engaged]) => {
    const average = v > 0 ? Math.round((m * 60) / v) : 0;
    return `${key},${code},${detail},${v},${engaged},${m},${average},,0,0`;
  });
}
