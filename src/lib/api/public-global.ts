// Answers of the public global page's compatibility calls (docs/public-stats.md, "Global stats") and of
// the filter lists every public page uses; the server's functions return them, the path table in
// ./public.ts names them per path.
import type { NetworkRankingRow } from './public-channels';

/** Totals of the channels matching the filters in one period (watchtime in estimated minutes). */
export interface GlobalTotals {
  monthly_views: number;
  estimaited_monthly_subs: number;
  video_count: number;
  watchtime: number;
  subscriber_count: number;
  channels_count: number;
}

/** The overall stats: the totals, the period's date and a percent_ field for each total. */
export interface DiffReport extends GlobalTotals {
  /** 'YYYY-MM-01' for a month; for 'now' the newest snapshot day. */
  arch_date: string | null;
  /** The period compared with ('YYYY-MM'), null when there is none. */
  previous_period: string | null;
  percent_monthly_views: number | null;
  percent_estimaited_monthly_subs: number | null;
  percent_video_count: number | null;
  percent_watchtime: number | null;
  percent_subscriber_count: number | null;
  percent_channels_count: number | null;
}

export interface GraphPoint extends GlobalTotals {
  /** The month's first day, 'YYYY-MM-01'. */
  month_date: string;
}

/** What every report row carries (watchtime in estimated minutes). */
export interface ReportFigures {
  monthly_views: number;
  estimaited_monthly_subs: number;
  estimaited_subscribers: number;
  watchtime: number;
  channels_count: number;
}

export interface CountryReport extends ReportFigures {
  /** 'ZZ' for channels without a country. */
  country_code2: string;
  country_name: string;
}

export interface CategoryReport extends ReportFigures {
  /** 0 for channels without a category. */
  id: number;
  category_name: string;
}

export interface LanguageReport extends ReportFigures {
  /** '' for channels without a language. */
  language_code: string;
  english_name: string;
}

export interface GlobalTopChannel {
  /** Percent change of monthly views against the previous period; null when unknown. */
  diff: number | null;
  /** The channel's YouTube id ('UC' + 22). */
  channel_id: string;
  channel_title: string;
  thumbnail_url: string;
  country_code2: string | null;
  monthly_views: number;
  subscriber_count: number;
  monthly_subs: number;
}

/** A network row with the fields of /networks' rows; diff is null under filters (no stored positions). */
export type GlobalTopNetwork = NetworkRankingRow;

export interface TrendingChannel extends GlobalTopChannel {
  /** Monthly subs as a percent of the subscribers at the period's start (2 decimals). */
  growth: number | null;
}

export interface LanguageOption {
  english_name: string;
  language_code: string;
}

export interface PeriodOption {
  /** The month's first day, 'YYYY-MM-01' (shown as month and two-digit year). */
  period: string;
}

export interface CategoryOption {
  category_name: string;
  category_id: number;
}

/** A public country filter option; the dashboard's CountryOption (./stats.ts) is a different list. */
export interface CountryOption {
  country_name: string;
  code2: string;
  country_code2: string;
}
