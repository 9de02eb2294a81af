// How a video is classed full, short or live (docs/stats.md, "How a video is classed"): YouTube gives no Shorts flag.

export type VideoType = 'full' | 'short' | 'live';

/**
 * Since this day YouTube takes square and vertical uploads of up to 3 minutes as Shorts; before it, up
 * to 60 seconds ("YouTube Shorts can now be up to 3 minutes long", YouTube Help, October 2024).
 */
export const LONGER_SHORTS_FROM = '2024-10-15';
export const SHORTS_MAX_SECONDS = 180;
export const EARLY_SHORTS_MAX_SECONDS = 60;

export interface VideoSignals {
  /** The video's length (Data API contentDetails.duration, the metadata report's length); null when unknown. */
  durationSeconds: number | null;
  /** When it was published (ISO 8601); null when unknown. */
  publishedAt: string | null;
  /**
   * A live broadcast: the Data API gave liveStreamingDetails (the video is, was or will be a stream) or
   * snippet.liveBroadcastContent 'live' / 'upcoming', or a report row says live_or_on_demand = live.
   */
  live: boolean;
}

/**
 * Live when any live signal is there; else short when its length is at most the Shorts limit of its
 * publish day (3 minutes from LONGER_SHORTS_FROM, 60 s before; an unknown day takes the current limit);
 * else full. Not detectable: the aspect ratio (the Data API does not give it), so a horizontal video of
 * 3 minutes or less counts as a Short. A length of 0 (a stream still running reports P0D) is not a Short.
 * @example videoTypeOf({ durationSeconds: 45, publishedAt: '2023-05-01T10:00:00Z', live: false }) // 'short'
 * @example videoTypeOf({ durationSeconds: 150, publishedAt: '2023-05-01T10:00:00Z', live: false }) // 'full'
 */
export function videoTypeOf(signals: VideoSignals): VideoType {
  if (signals.live) return 'live';
  const seconds = signals.durationSeconds;
  if (seconds === null || seconds <= 0) return 'full';
  const early = signals.publishedAt !== null && signals.publishedAt.slice(0, 10) < LONGER_SHORTS_FROM;
  return seconds <= (early ? EARLY_SHORTS_MAX_SECONDS : SHORTS_MAX_SECONDS) ? 'short' : 'full';
}
