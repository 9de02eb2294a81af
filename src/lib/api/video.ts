// The video page's answer (GET /api/video/{id}, and the page /video/{id} rendered from the same function).
import type { Period } from '../dates/periods';
import type { AgeBucket, EarningsBasis } from './stats';

/** The video as the catalogue holds it, with the channel and title it belongs to. */
export interface VideoInfo {
  video_id: string;
  video_title: string;
  type: 'full' | 'short' | 'live';
  /** The publish day (UTC); null for a video without one (scheduled, private). */
  published: string | null;
  /** The channel's YouTube id. */
  channel_id: string;
  channel_title: string;
  /** null without a title, or for a user who does not see titles. */
  title_id: number | null;
  title: string | null;
}

/** The video's sums over a period. Money is integer micro-USD. */
export interface VideoFigures {
  views: number;
  /** YouTube's engaged views (the count a Short's views used before 31 March 2025). */
  engaged_views: number;
  watch_time_minutes: number;
  likes: number;
  dislikes: number;
  comments: number;
  shares: number;
  subscribers_gained: number;
  subscribers_lost: number;
  impressions: number;
  impression_clicks: number;
  /** Earnings by the product's one rule: a whole month's statement share where it has one, else the estimate. */
  earnings_micros: number;
  /** The part of earnings_micros that comes from finance statements. */
  finance_micros: number;
}

/** One bar of the chart: a day, or a month ('YYYY-MM') clipped to the period. */
export interface VideoPoint {
  period: string;
  views: number;
  engaged_views: number;
  watch_time_minutes: number;
  earnings_micros: number;
}

export interface VideoCountry {
  country_code: string;
  country_name: string;
  views: number;
  /** Percent of the period's views, 2 decimals. */
  share: number;
}

/** Share of views (percent, 2 decimals) of one age group by gender; the cells add up to 100 over the grid. */
export interface VideoAudienceRow {
  age_group: AgeBucket;
  male: number;
  female: number;
  user_specified: number;
}

export interface VideoTrafficSource {
  source_type: number;
  name: string;
  views: number;
  watch_time_minutes: number;
  share: number;
}

export interface VideoAnswer {
  video: VideoInfo;
  /** The period as the menu names it (preset value, dates; null dates for Lifetime). */
  period: Period;
  /** The period; null for a lifetime. */
  range: { from: string; to: string } | null;
  /** The days of the same length just before the period (or the previous month or year); null without one. */
  compare_range: { from: string; to: string } | null;
  chart_period: 'day' | 'month';
  /** The latest day the video's channel has figures for: every figure is "as of" it. */
  latest_day: string | null;
  figures: VideoFigures;
  compare: VideoFigures | null;
  earnings_basis: EarningsBasis;
  series: VideoPoint[];
  /** Top countries by views; other_countries_views is the rest. */
  countries: VideoCountry[];
  other_countries_views: number;
  /** Views the demographics report weighted into the audience grid (its coverage, like the dashboard's). */
  audience_views: number;
  audience: VideoAudienceRow[];
  traffic: VideoTrafficSource[];
}
