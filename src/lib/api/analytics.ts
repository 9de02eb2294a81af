// The analytics page's call (POST /api/stat/extended, GET /api/stat/extended/xlsx): its body, table and
// chart answers, declared once for the server that builds them, the island that reads them and the tests.
import type { Point, StatFiltersBody } from './stats';

/** How the table groups its rows. titles needs show_title. */
export const ANALYTICS_GROUPS = ['channels', 'titles', 'countries'] as const;
export type AnalyticsGroup = (typeof ANALYTICS_GROUPS)[number];

/** The figures of an analytics row (the spec's "Analytics row"), in the table's column order. */
export const ANALYTICS_FIELDS = [
  'views',
  'video_count',
  'subscribers_gained',
  'subscribers_lost',
  'subscribers',
  'partner_revenue',
  'rpm',
  'impressions_ctr',
  'average_view_duration_seconds',
  'revenue_per_video',
  'views_per_video',
  'subs_gained_rate',
  'subs_lost_rate',
] as const;
export type AnalyticsField = (typeof ANALYTICS_FIELDS)[number];

/** Columns the table sorts by: the row's label or one of its figures. */
export const ANALYTICS_SORT_COLUMNS = ['title', ...ANALYTICS_FIELDS] as const;
export type AnalyticsSortColumn = (typeof ANALYTICS_SORT_COLUMNS)[number];
export type AnalyticsOrder = 'desc' | 'asc';

/** Rows per table page (spec section 9: "Analytics page size 15"). */
export const ANALYTICS_PAGE_SIZE = 15;
/** The highest page asked for: far past any real table, it only bounds the input. */
export const ANALYTICS_MAX_PAGE = 10_000;
/** The sort when none is asked. */
export const ANALYTICS_DEFAULT_SORT: AnalyticsSortColumn = 'views';

/** The chart's metrics (the page's radio: Views, Revenue, Subs). */
export const ANALYTICS_GRAPH_METRICS = ['views', 'partner_revenue', 'subscribers'] as const;
export type AnalyticsGraphMetric = (typeof ANALYTICS_GRAPH_METRICS)[number];

/** POST /api/stat/extended: the stat filters plus the table's grouping, sort and page, or graph for the chart. */
export interface AnalyticsBody extends StatFiltersBody {
  /** channels when left out. */
  group?: AnalyticsGroup;
  /** views when left out. */
  sort?: AnalyticsSortColumn;
  /** desc when left out. */
  order?: AnalyticsOrder;
  /** 1-based; 1 when left out. A page past the last answers no rows. */
  page?: number;
  /** 1 or true: answer the chart series instead of the table. */
  graph?: boolean | 0 | 1;
}

/**
 * The figures of a row or of the totals. Counts are whole numbers, money in dollars. null means the
 * figure cannot be answered: a ratio whose divisor is 0, or what the grouping's data has not (reach and
 * videos have no country: impressions_ctr, video_count and the per-video figures are null by country).
 */
export interface AnalyticsFigures {
  views: number;
  /** Videos published in the range (videos table: the row's channel or title, the video type filter). */
  video_count: number | null;
  subscribers_gained: number;
  subscribers_lost: number;
  /** Net: gained minus lost. */
  subscribers: number;
  /** Dollars, by the earnings rule (finance statement where one exists, else estimate). */
  partner_revenue: number;
  /** partner_revenue per 1,000 views, dollars. */
  rpm: number | null;
  /** Thumbnail click-through rate, percent: sum(impression_clicks) / sum(impressions) x 100. */
  impressions_ctr: number | null;
  /** watch time / views, seconds. */
  average_view_duration_seconds: number | null;
  /** partner_revenue / video_count, dollars. */
  revenue_per_video: number | null;
  /** views / video_count. */
  views_per_video: number | null;
  /** Subscribers gained per 1,000 views. */
  subs_gained_rate: number | null;
  /** Subscribers lost per 1,000 views. */
  subs_lost_rate: number | null;
}

/** Percent change of each figure against the comparison range (2 decimals); null where the base is 0 or missing. */
export type AnalyticsChanges = Record<AnalyticsField, number | null>;

export interface AnalyticsRow extends AnalyticsFigures {
  /** A channel's YouTube id (or 'ugc'), a title's id as text, or a country code. */
  key: string;
  /** The row's label: channel title, title, or country name (the code when the name is unknown). */
  title: string;
  /** null without a comparison range. */
  change: AnalyticsChanges | null;
}

export interface AnalyticsTotals extends AnalyticsFigures {
  change: AnalyticsChanges | null;
}

/** The table: one sorted page of rows, and the totals of every row. */
export interface AnalyticsTableAnswer {
  kind: 'table';
  group: AnalyticsGroup;
  rows: AnalyticsRow[];
  /** Rows in the whole table (every page). */
  total_rows: number;
  page: number;
  per_page: number;
  sort: AnalyticsSortColumn;
  order: AnalyticsOrder;
  totals: AnalyticsTotals;
  /** The comparison range the changes are against, or null. */
  compare: { from: string; to: string } | null;
}

/** The chart (graph=1): one series per metric over the range's chart buckets. */
export interface AnalyticsGraphAnswer {
  kind: 'graph';
  period: 'days' | 'week' | 'month';
  series: Record<AnalyticsGraphMetric, Point[]>;
}

export type AnalyticsAnswer = AnalyticsTableAnswer | AnalyticsGraphAnswer;
