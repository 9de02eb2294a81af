// The formats call's answer (POST /api/stat/formats), read by the server, the browser client and the tests.

/** A format of the format grain: Shorts, long-form, live, and rows of no video (the channel page). */
export type FormatName = 'short' | 'full' | 'live' | 'channel';

/** How every screen and download names a format. */
export const FORMAT_NAMES: Record<FormatName, string> = { short: 'Shorts', full: 'Long-form', live: 'Live', channel: 'Channel page' };

/** One format's figures over a period. */
export interface FormatFigures {
  video_type: FormatName;
  views: number;
  /** YouTube's engaged views: for Shorts since 31 March 2025 fewer than views, which count every start or replay. */
  engaged_views: number;
  watch_time_minutes: number;
  /**
   * Dollars by the Earnings card's rule (a month's statement replaces its estimate), a statement month
   * split Shorts / the rest by its shorts_micros; the formats add up to the card's figure to the cent.
   */
  earnings: number;
}

/**
 * POST /api/stat/formats: Shorts, long-form, live and the channel page, in that order; a format without any
 * figure in the period is left out.
 * null under a titles or countries filter (`not_split_by` says which): the format grain has neither.
 */
export interface FormatsAnswer {
  formats: FormatFigures[] | null;
  compare: FormatFigures[] | null;
  not_split_by: 'titles' | 'countries' | null;
}
