// A video-day's thumbnail impressions and click-through rate, as content_owner_reach_basic_a1 prints them.
import type { VideoType } from '../generate/records';
import type { SliceVideo } from './partner-videos';

/** Share of a video's views that began with a click on its thumbnail: Shorts mostly play from the feed. */
const CLICKED_SHARE: Record<VideoType, number> = { full: 0.45, live: 0.3, short: 0.08 };
/** CTRs between 2 % and 10 %, YouTube's usual range, fixed per video. */
const CTR_FLOOR = 0.02;
const CTR_STEPS = 81;
const CTR_STEP = 0.001;
/**
 * The CTR is printed as a ratio with this many decimals: clicks = round(impressions × CTR) then gives
 * the clicks back exactly up to 5 × 10⁹ impressions a row, so the loaded figures equal the row's.
 */
const CTR_DIGITS = 10;

/** A video's own CTR, from its id: the same on every day it is reported. */
function videoCtr(videoId: string): number {
  let code = 0;
  for (let i = 0; i < videoId.length; i++) code = (code * 31 + videoId.charCodeAt(i)) % 1_000_003;
  return CTR_FLOOR + (code % CTR_STEPS) * CTR_STEP;
}

/**
 * The reach columns after the date, or null when the day brought no click: own uploads only (a copy's
 * impressions are the uploader's, and the channel page has no thumbnail).
 * @example reachLine({ channelId: 'UC…', videoId: 'abc', uploaderType: 'self' }, 'full', 1000) // 'UC…,abc,<impressions>,<ctr>'
 */
export function reachLine(video: SliceVideo, type: VideoType, views: number): string | null {
  if (video.uploaderType !== 'self' || video.videoId === '') return null;
  const clicks = Math.round(views * CLICKED_SHARE[type]);
  if (clicks <= 0) return null;
  const impressions = Math.round(clicks / videoCtr(video.videoId));
  return `${video.channelId},${video.videoId},${impressions},${(clicks / impressions).toFixed(CTR_DIGITS)}`;
}
