// The video page's address and words: the period it asks for, read leniently (a link may be old or
// hand-edited), and the lines the page says about the video and its earnings.
import type { EarningsBasis } from '../api/stats';
import type { VideoInfo } from '../api/video';
import { CUSTOM, isIsoDate, MIN_DATE, periodOptions } from '../dates/periods';

/** The period of a video page's address, as GET /api/video/{id} takes it. */
export interface VideoPageQuery {
  period?: string;
  date_from?: string;
  date_to?: string;
}

/**
 * The period the address asks for; what the page cannot use (an unknown preset, a broken or reversed
 * date, dates without Custom) is dropped for the default, Last 28 days, with a note saying so.
 * @example readVideoPageQuery(new URLSearchParams('period=89'), '2026-11-30') // { query: { period: '89' }, note: null }
 */
export function readVideoPageQuery(params: URLSearchParams, today: string): { query: VideoPageQuery; note: string | null } {
  const period = params.get('period') || undefined;
  const from = params.get('date_from') || undefined;
  const to = params.get('date_to') || undefined;
  const fallback = { query: {}, note: 'The period in the address could not be used: showing the last 28 days.' };
  if (period === CUSTOM || (!period && (from || to))) {
    const good = (d: string | undefined): d is string => d !== undefined && isIsoDate(d) && d >= MIN_DATE && d <= today;
    if (!good(from) || !good(to) || from > to) return fallback;
    return { query: { period: CUSTOM, date_from: from, date_to: to }, note: null };
  }
  if (period === undefined) return { query: {}, note: null };
  if (!periodOptions(today).some((o) => o.value === period && o.value !== CUSTOM)) return fallback;
  return { query: { period }, note: null };
}

export const VIDEO_TYPE_NAMES: Record<VideoInfo['type'], string> = { full: 'Long-form video', short: 'Short', live: 'Live stream' };

/** Where the period's earnings come from, in one line (docs/stats.md, "Earnings"). */
export function earningsBasisNote(basis: EarningsBasis): string {
  if (basis === 'finance') return "Earnings: this video's share of its channel's finance statements.";
  if (basis === 'mixed') {
    return "Earnings: this video's share of its channel's finance statement for whole months that have one, YouTube's daily estimates for the other days.";
  }
  return "Earnings: YouTube's daily estimates (no finance statement covers a whole month of this period yet).";
}
