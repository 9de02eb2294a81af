// The partner stats API (POST /api/stat/*, the dashboard's filter lists): each request body and answer,
// declared once for the server that builds it, the browser client that reads it and the tests.

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

/** The chart metrics that have a Channels / Titles breakdown (POST /api/stat/{metric}). */
export const BREAKDOWN_METRICS = ['partner_revenue', 'views', 'subscribers', 'watch_time'] as const;
export type BreakdownMetric = (typeof BREAKDOWN_METRICS)[number];
export type BreakdownGroup = 'channels' | 'titles';

// ---- Requests. The server's zod schemas (src/server/stats/schema.ts) must accept exactly these
// shapes: src/server/http/api-contract.ts fails the type check when they drift apart.

/** Channels and titles: the body of the dates and forecast calls. */
export interface ChannelTitleBody {
  /** Channel keys: a YouTube channel id (UC…) or 'ugc'. */
  channels?: string[];
  titles?: number[];
}

/** The common filter body of the stat calls; dates are YYYY-MM-DD, ranges come in pairs. */
export interface StatFiltersBody extends ChannelTitleBody {
  date_from?: string;
  date_to?: string;
  /** ISO alpha-2 codes; cannot be combined with titles or a video type. */
  countries?: string[];
  type_video?: 'all' | 'full' | 'short' | 'live';
  chart_period?: 'days' | 'week' | 'month';
  compare_from?: string;
  compare_to?: string;
}

/** A breakdown: the filters plus the grouping (channels when left out). */
export interface BreakdownBody extends StatFiltersBody {
  group?: BreakdownGroup;
}

// ---- Answers.

/** POST /api/stat/dates: the latest day with facts for the user's channels, and the server's clock. */
export interface DatesAnswer {
  max_date: string | null;
  timestamp: number;
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
  /** Net subscribers: sum_subscribers_gained - sum_subscribers_lost. */
  sum_subscribers: number;
  sum_subscribers_gained: number;
  sum_subscribers_lost: number;
  sum_views: number;
  sum_watch_time: number;
}

/**
 * POST /api/stat/base. partner_revenue and sum_partner_revenue are earnings by one rule: per channel
 * and month the finance statement where the channel has one (spread over days and titles in
 * proportion to the estimates), else the estimate. The comparison uses the same rule.
 */
export interface BaseAnswer extends BaseSums {
  partner_revenue: Point[];
  /** Net subscribers per bucket: gained minus lost of the same bucket. */
  subscribers: Point[];
  subscribers_gained: Point[];
  subscribers_lost: Point[];
  views: Point[];
  watch_time: Point[];
  earnings: EarningsParts;
  compare: null | (BaseSums & { earnings: { finance: number; estimate: number } });
}

/** POST /api/stat/base/subscribers/total: the running total of net subscribers at each bucket's end. */
export interface SubscribersTotalAnswer {
  subscribers: Point[];
  sum_subscribers: number;
}

/** A channel of a breakdown: id is its YouTube id (or 'ugc'). */
export interface ChannelBreakdownRow {
  id: string;
  channel_title: string;
  channel_ico: string;
  value: number;
  points: Point[];
}

/** A title of a breakdown: id is the title's number. */
export interface TitleBreakdownRow {
  id: number;
  title: string;
  title_ico: string;
  value: number;
  points: Point[];
}

export type BreakdownRow = ChannelBreakdownRow | TitleBreakdownRow;

/** POST /api/stat/{metric}: the top channels or titles by the metric, each with its chart series. */
export interface BreakdownAnswer {
  rows: BreakdownRow[];
}

/**
 * POST /api/stat/base/subscribers/total/channels: the channels with the most subscribers at the end
 * of the range; value is the total then, points the running total.
 */
export interface SubscribersTotalChannelsAnswer {
  rows: ChannelBreakdownRow[];
}

export interface EngagementFigures {
  comments: number;
  likes: number;
  dislikes: number;
  watch_time_minutes: number;
  average_view_duration_seconds: number;
  video_count: number;
  /** Thumbnail impressions; null under a countries filter (the reach reports have no country). */
  impressions: number | null;
  /** Clicks per 100 impressions, two decimals; null without impressions or under a countries filter. */
  impressions_ctr: number | null;
}

/** POST /api/stat/engagement. */
export interface EngagementAnswer extends EngagementFigures {
  compare: EngagementFigures | null;
}

/**
 * Under a titles or video type filter, the share of those titles' views that the answer's grain
 * holds; null without such a filter. Below 100 where days were loaded before that grain existed, and
 * for the audience as a rule: YouTube's demographics report has rows for only some of the views
 * report's videos and days.
 */
export interface TitleCoverage {
  title_views_covered: number | null;
}

export interface CountryShare {
  name: string;
  code2: string;
  views: number;
  /** Percent of the range's views, 2 decimals. */
  value: number;
}

/** Days from..to ('YYYY-MM-DD', inclusive). */
export interface DaySpan {
  from: string;
  to: string;
}

/** POST /api/stat/location: views by continent and country, as shares of the range's views. */
export interface LocationAnswer extends TitleCoverage {
  /**
   * Under a titles or video type filter, the days of the range left out: views by title and country
   * older than YouTube's 60-day backfill window are kept by whole month, so the days of such a month
   * that the range only partly covers are not counted (docs/stats.md, "Folded title days"). Empty
   * otherwise.
   */
  title_days_left_out: DaySpan[];
  rows: { name: string; value: number; views: number; countries: CountryShare[] }[];
  countries: CountryShare[];
  total_views: number;
}

export const AGE_BUCKETS = ['13-17', '18-24', '25-34', '35-44', '45-54', '55-64', '65+'] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];
export type AgeShares = Record<AgeBucket, number>;
export interface Ages {
  male_age: AgeShares;
  female_age: AgeShares;
}

/** The audience of the whole selection; POST /api/stat/demographics answers [] or one of these. */
export interface Demographics extends TitleCoverage {
  male: number;
  female: number;
  other: number;
  ages: Ages;
  /** male and female are computed from the views, not summed from the rounded age shares. */
  details: { channel_id: string; channel_title: string; channel_ico: string; ages: Ages; male: number; female: number }[];
  max_age_male: string;
  max_age_female: string;
  /** Request filters the figures could not apply (audience has no country dimension): shown on the card. */
  not_filtered_by: Array<'countries'>;
}

/** POST /api/stat/forecast: this month's earnings so far and where they are heading (null: no facts this month). */
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

/** Which Earnings figure the dashboard shows: what YouTube pays the network, or the account's share of it. */
export type EarningsView = 'gross' | 'share';

/**
 * POST /api/stat/share: the same figures as the account's share under its revenue-share terms (docs/partner-area.md,
 * "Your share on the dashboard"); null when the account has no terms. Dollars; finance + estimate = sum_share.
 */
export interface EarningsShareAnswer {
  /** What the account's networks show partners first. */
  default_view: EarningsView;
  sum_share: number;
  finance: number;
  estimate: number;
  /** By the chart's buckets, in the order of the base answer's partner_revenue points. */
  share: Point[];
  /** Earnings in the figures from channel months that do not pay this account (someone else's terms, or none). */
  not_covered: { channels: number; earnings: number };
}

/** The forecast as the account's share: this month so far under its terms, the forecast in the same proportion. */
export interface ForecastShare {
  month_to_date: number;
  forecast: number;
  low: number;
  high: number;
}

/** POST /api/stat/forecast: the forecast and, for an account with terms, its share. */
export interface ForecastAnswer extends Forecast {
  share: ForecastShare | null;
}

/** GET /api/profile/channels: one of the user's channels, in-house first. */
export interface ChannelOption {
  channel_id: string;
  channel_title: string;
  channel_icon: string;
  thumbnail_url: string;
  subscriber_count: number;
  monthly_views_count: number;
  is_inhouse: boolean;
  is_ugc: boolean;
  /** The day the channel joined the network (the profile's Channels tab), null when unknown. */
  published_date: string | null;
}

/** GET /api/profile/titles: a title with videos on the user's channels. */
export interface TitleOption {
  title_id: number;
  title: string;
  title_ico: string;
}

/** GET /api/analytics/countries: a country of the reference table. */
export interface CountryOption {
  country_name: string;
  code2: string;
}
