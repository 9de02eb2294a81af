// Shapes of the partner stats API's answers (POST /api/stat/*), as the dashboard reads them.

export interface DateRange {
  from: string;
  to: string;
}

/** One chart bucket: its start date, the figure, and the days it covers. */
export interface Point {
  date: string;
  value: number;
  range: DateRange;
}

/** Where an earnings figure comes from: finance statements, estimates, or both (some channels each). */
export type EarningsBasis = 'finance' | 'estimate' | 'mixed';

/** One month of the range (clipped to it) and how its earnings split into finance and estimate. */
export interface EarningsMonth {
  month: string;
  range: DateRange;
  basis: EarningsBasis;
  finance: number;
  estimate: number;
  /** Channels with a statement for the month (0 for a month cut by the range's edge: estimates). */
  finance_channels: number;
  /** Channels with figures but no statement; null for a month cut by the range's edge. */
  estimate_channels: number | null;
}

/** The earnings of a period split by basis; finance + estimate = the period's sum_partner_revenue. */
export interface EarningsParts {
  finance: number;
  estimate: number;
  months: EarningsMonth[];
  /** The basis of each chart bucket, in the order of the partner_revenue points. */
  buckets: EarningsBasis[];
}

export interface BaseSums {
  sum_partner_revenue: number;
  sum_subscribers: number;
  sum_views: number;
  sum_watch_time: number;
}

/**
 * partner_revenue and sum_partner_revenue are earnings by one rule: per channel and month the
 * finance statement where the channel has one (spread over days and titles in proportion to the
 * estimates), else the estimate. The comparison uses the same rule.
 */
export interface BaseStats extends BaseSums {
  partner_revenue: Point[];
  subscribers: Point[];
  views: Point[];
  watch_time: Point[];
  earnings: EarningsParts;
  compare: null | (BaseSums & { earnings: { finance: number; estimate: number } });
}

export interface SubscribersTotal {
  subscribers: Point[];
  sum_subscribers: number;
}

export interface EngagementFigures {
  comments: number;
  likes: number;
  dislikes: number;
  watch_time_minutes: number;
  average_view_duration_seconds: number;
  video_count: number;
}

export interface Engagement extends EngagementFigures {
  compare: EngagementFigures | null;
}

export interface CountryShare {
  name: string;
  code2: string;
  views: number;
  value: number;
}

export interface Geography {
  rows: { name: string; value: number; views: number; countries: CountryShare[] }[];
  countries: CountryShare[];
  total_views: number;
  /** Under a titles filter, the share of those titles' views that has a country (null otherwise). */
  title_views_covered: number | null;
}

export const AGE_BUCKETS = ['13-17', '18-24', '25-34', '35-44', '45-54', '55-64', '65+'] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];
export type AgeShares = Partial<Record<AgeBucket, number>>;

export interface Demographics {
  male: number;
  female: number;
  ages: { male_age: AgeShares; female_age: AgeShares };
  details: {
    channel_id: string; channel_title: string; channel_ico: string; ages: { male_age: AgeShares; female_age: AgeShares };
    /** The channel's gender shares, from its views (the age shares are rounded each). */
    male: number; female: number;
  }[];
  max_age_male: string;
  max_age_female: string;
  /** Filters of the request the audience figures could not apply. */
  not_filtered_by: Array<'countries'>;
  /** Under a titles filter, the share of those titles' views (same months) that has an audience (null otherwise). */
  title_views_covered: number | null;
}

/** The chart metrics that have a Channels / Titles breakdown. */
export type BreakdownMetric = 'partner_revenue' | 'views' | 'subscribers' | 'watch_time';
export type BreakdownGroup = 'channels' | 'titles';

export interface BreakdownRow {
  id: string | number;
  channel_title?: string;
  title?: string;
  channel_ico?: string;
  title_ico?: string;
  value: number;
  points: Point[];
}

export interface Forecast {
  month: string;
  month_to_date: number;
  forecast: number;
  low: number;
  high: number;
  days_done: number;
  days_in_month: number;
  as_of: string;
}

export interface ChannelOption {
  channel_id: string;
  channel_title: string;
  channel_icon: string;
  is_inhouse: boolean;
  is_ugc: boolean;
}

export interface TitleOption {
  title_id: number;
  title: string;
  title_ico: string;
}
