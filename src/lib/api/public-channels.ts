// Answers of the channel page, rankings and channel search bounds compatibility calls
// (docs/public-stats.md, "Rankings", "Channel page"); the server's functions return them, the path
// table in ./public.ts names them per path.
import type { ChannelGrade } from '../public/grade';
import type { MoneyRange } from '../public/public-estimates';

/** A channel ranking row in the compatibility call's field names (docs/public-stats.md, "Rankings"). */
export interface ChannelRankingRow {
  /** previous position − position: positive moved up; null when the channel was not ranked before. */
  diff: number | null;
  num: number;
  /** The YouTube id (UC…), the key of /channel/{id}. */
  channel_id: string;
  channel_title: string;
  thumbnail_url: string;
  country_code2: string | null;
  /** The category's name, and its id for links to /channels?category={id}. */
  category: string | null;
  category_id: number | null;
  /** Estimated watch time in minutes (shown in hours). */
  watchtime: number;
  subscriber_count: number;
  /** Total views at the period's end. */
  view_count: number;
  monthly_views: number;
  monthly_subs: number;
  /** Growth over the period in percent of the figure at its start (null when that was 0). */
  subs_growth_pct: number | null;
  views_growth_pct: number | null;
  /** Estimated earnings range in dollars (public data carries no revenue). */
  revenue: MoneyRange;
  /** The previous period's monthly views and subs (null when it has none). */
  a_monthly_views: number | null;
  a_monthly_subs: number | null;
}

/** A network row in the compatibility call's field names (docs/public-stats.md, "Rankings"). */
export interface NetworkRankingRow {
  network_mcn: string;
  mcn_name: string;
  subscriber_count: number;
  monthly_views: number;
  monthly_subs: number;
  channels_count: number;
  /** Sums over the network's channels (public figures and estimates). */
  view_count: number;
  watchtime: number;
  revenue: MoneyRange;
  /** Growth of the sums over the period, in percent (null when they started at 0). */
  subs_growth_pct: number | null;
  views_growth_pct: number | null;
  /** previous position − position: positive moved up; null when not ranked before. */
  diff: number | null;
  num: number;
}

export interface FormMaxValues {
  max_monthly_views: number;
  max_subscribers: number;
  min_subscribers: number;
  /** The highest average views per video (view_count / video_count). */
  max_avg_views: number;
}

export interface ArchiveRow {
  /** The month's first day, 'YYYY-MM-01'. */
  month_date: string;
  monthly_views: number;
  subscriber_count: number;
  monthly_subs: number;
  /** Total views at the month's last snapshot. */
  view_count: number;
}

/** One day of the daily table; deltas are against the snapshot before (null for the first one held). */
export interface DailyRow {
  updated: string;
  subscriber_count: number;
  view_count: number;
  video_count: number;
  daily_subs: number | null;
  daily_views: number | null;
  daily_uploads: number | null;
}

export interface DatedValue {
  date: string;
  value: number;
}

export interface DailyData {
  /** Newest first, as the table shows them. */
  rows: DailyRow[];
  /** Oldest first, for the charts: daily views, daily new subscribers, daily new videos. */
  series: { views: DatedValue[]; subs: DatedValue[]; uploads: DatedValue[] };
}

export interface SimilarChannel {
  channel_id: string;
  channel_title: string;
  thumbnail_url: string;
  subscriber_count: number;
  monthly_views: number;
  category_id: number;
  language_code: string;
  /** The snapshot day its figures are taken at (its channel_now day). */
  day: string;
}

/**
 * Earnings: an estimated range from public data, or (figures_source 'network') the network's reported
 * revenue, low = high, not estimated.
 */
export interface ChannelEarnings extends MoneyRange {
  estimated: boolean;
}

/**
 * Where a channel's watch time and earnings come from: 'estimate' (public data only, the same method for
 * every channel) or 'network' (reported by the channel's network, which chose to show its figures).
 */
export type FiguresSource = 'estimate' | 'network';

export interface ChannelInfoFigures {
  period: string;
  banner_url: string;
  monthly_views: number;
  subscriber_count: number;
  monthly_subs: number;
  view_count: number;
  video_count: number;
  earnings: ChannelEarnings;
  /** Watch-time minutes per view behind `watchtime`. */
  k_watchtime: number;
  /** Watch time in minutes (pages show hours): estimated, or reported by the network. */
  watchtime: number;
  /** Where watchtime, k_watchtime and earnings come from. */
  figures_source: FiguresSource;
  category_list: { category_id: number; category_name: string }[];
  lang_list: { language_code: string; english_name: string }[];
  mcn_name: string | null;
  /** The network's slug when it is public (its page exists), else null. */
  network_mcn: string | null;
  /** 1 when the channel's network is one of our partner networks (it reports to us), else 0. */
  network_isself: 0 | 1;
}

export interface TopPositions {
  overall: number | null;
  category: number | null;
  lang: number | null;
}

/** Percent change against the previous period (2 decimals); null when there is nothing to compare with. */
export interface ChannelChanges {
  monthly_views: number | null;
  subscriber_count: number | null;
  monthly_subs: number | null;
  watchtime: number | null;
  view_count: number | null;
  earnings: number | null;
}

export interface ChannelInfo {
  channel_id: string;
  channel_title: string;
  thumbnail_url: string;
  country_code2: string | null;
  period: string;
  info_now: ChannelInfoFigures | null;
  info_last: ChannelInfoFigures | null;
  top_positions: TopPositions;
  /** Month on month (or 30 days on the 30 days before, for 'now'). */
  changes: ChannelChanges;
  /** The channel's latest snapshot day ('YYYY-MM-DD'): the day its 'now' figures and grade are as of. */
  as_of: string | null;
  /** Its grade among every channel ranked in the last 30 days, whatever the period asked (src/lib/public/grade.ts). */
  grade: ChannelGrade | null;
}
