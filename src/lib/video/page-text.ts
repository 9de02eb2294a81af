// The lines the video page says about the video and its earnings.
import type { EarningsBasis } from '../api/stats';
import type { VideoInfo } from '../api/video';

export const VIDEO_TYPE_NAMES: Record<VideoInfo['type'], string> = { full: 'Long-form video', short: 'Short', live: 'Live stream' };

/** Where the period's earnings come from, in one line (docs/stats.md, "Earnings"). */
export function earningsBasisNote(basis: EarningsBasis): string {
  if (basis === 'finance') return "Earnings: this video's share of its channel's finance statements.";
  if (basis === 'mixed') {
    return "Earnings: this video's share of its channel's finance statement for whole months that have one, YouTube's daily estimates for the other days.";
  }
  return "Earnings: YouTube's daily estimates (no finance statement covers a whole month of this period yet).";
}
