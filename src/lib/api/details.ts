// The details calls (POST /api/stat/details*, GET /api/stat/details?to_csv=true, the .xlsx export):
// each request body and answer, declared once for the server, the details page's islands and the tests.
// docs/stats.md ("Details") says how every figure is computed.
import type { FormatName } from './formats';
import type { DateRange, Point, StatFiltersBody, TitleCoverage } from './stats';

/** The details page's metrics (`/details/{id}`, `/analytics/{id}/{tab}`). */
export const DETAILS_IDS = ['partner_revenue', 'views', 'subs', 'audience'] as const;
export type DetailsId = (typeof DETAILS_IDS)[number];

/**
 * What a table is grouped by. Titles only with show_title and not on subs or audience; audience: channels only.
 * Formats (Shorts, long-form, live, channel page) not under a titles, countries or video type filter.
 */
export const DETAILS_GROUPS = ['channels', 'titles', 'countries', 'formats'] as const;
export type DetailsGroup = (typeof DETAILS_GROUPS)[number];

/** The figure a table ranks and shares by: partner_revenue, views, or subscribers (the subs page). */
export const DETAILS_TOP_FIELDS = ['partner_revenue', 'views', 'subscribers'] as const;
export type DetailsTopField = (typeof DETAILS_TOP_FIELDS)[number];

/** The page id's top field: audience ranks channels by views. */
export const TOP_FIELD_OF: Record<DetailsId, DetailsTopField> = {
  partner_revenue: 'partner_revenue',
  views: 'views',
  subs: 'subscribers',
  audience: 'views',
};

/** Columns a table may be sorted by (the label columns sort by name, the others by value). */
export const DETAIL_SORT_COLUMNS = [
  'name',
  'channel_date',
  'subscribers',
  'views',
  'partner_revenue',
  'finance',
  'likes',
  'comments',
  'engaged_views',
  'rpm',
  'svr',
  'average_view_duration_seconds',
  'percent',
] as const;
export type DetailSortColumn = (typeof DETAIL_SORT_COLUMNS)[number];
export type SortOrder = 'desc' | 'asc';

/** Rows per table page: 30 unless asked (docs/partner-area.md, "Details"). */
export const DETAILS_PAGE_SIZE = 30;
export const DETAILS_MAX_PAGE_SIZE = 100;

/** The common body of every details call: the stat filters plus what the page shows. */
export interface DetailsBody extends StatFiltersBody {
  top_field: DetailsTopField;
  /** channels when left out. */
  group?: DetailsGroup;
}

/** POST /api/stat/details (and the exports, as query parameters): one sorted page of the table. */
export interface DetailsTableBody extends DetailsBody {
  /** The top field when left out. */
  sort?: DetailSortColumn;
  /** desc when left out. */
  order?: SortOrder;
  /** 1-based; 1 when left out. A page past the last answers no rows. */
  page?: number;
  per_page?: number;
}

/**
 * One table row (the spec's "Detail row"). key identifies the row in its group: a channel's YouTube id
 * (or 'ugc'), a title's id as text, a country's code, or a format (`short`, `full`, `live`, `channel`). Ratios are null where their divisor is 0;
 * channel_date and country_name null when unknown (the table shows N/A).
 */
export interface DetailRow {
  key: string;
  /** The row's label: channel title, title, or country name (the code when the name is unknown). */
  name: string;
  /** Channels: the YouTube id or 'ugc'; titles and countries leave it out. */
  channel_id?: string;
  channel_title?: string;
  /** Channel icon URL; '' for UGC (the page shows a generic icon). */
  channel_ico?: string;
  /** The day the channel joined the network. */
  channel_date?: string | null;
  title_id?: number;
  title?: string;
  title_ico?: string;
  country_code?: string;
  country_name?: string | null;
  /** Formats: the row's format. */
  video_type?: FormatName;
  subscribers: number;
  views: number;
  /** Dollars, by the earnings rule (finance statement where one exists, else estimate). */
  partner_revenue: number;
  /** Dollars: the part of partner_revenue from finance statements. */
  finance: number;
  likes: number;
  comments: number;
  /**
   * Formats on the views page: YouTube's engaged views of the Shorts row (null on the other rows and left
   * out of the totals: only Shorts count views differently since 31 March 2025).
   */
  engaged_views?: number | null;
  /** partner_revenue per 1,000 views. */
  rpm: number | null;
  /** Net subscribers per 1,000 views. */
  svr: number | null;
  /** watch time / views, in seconds. */
  average_view_duration_seconds: number | null;
  /** This row's share of the top field's total, percent with 2 decimals; null when the total is 0. */
  percent: number | null;
  /**
   * The row's place (1 = first) by the top field, largest first, ties by key: the order of the Detailed
   * chart's lines, so a row keeps its line's colour whatever the table is sorted by.
   */
  rank: number;
}

/** The figures of all rows together (the totals row of tables and exports). */
export type DetailTotals = Omit<
  DetailRow,
  | 'key'
  | 'name'
  | 'rank'
  | 'channel_id'
  | 'channel_title'
  | 'channel_ico'
  | 'channel_date'
  | 'title_id'
  | 'title'
  | 'title_ico'
  | 'country_code'
  | 'country_name'
  | 'video_type'
>;

/** POST /api/stat/details. */
export interface DetailsAnswer {
  rows: DetailRow[];
  /** Rows in the whole table (every page). */
  total_rows: number;
  page: number;
  per_page: number;
  sort: DetailSortColumn;
  order: SortOrder;
  totals: DetailTotals;
}

/** POST /api/stat/details/total: the summary block above the table (the spec's "Stats summary"). */
export interface DetailsSummary {
  views: number;
  partner_revenue: number;
  subs: number;
  finance: number;
  /** Shares: of all the audience views, user_specified included (as the audience table's total row); null without views. */
  audience: { total_male: number; total_female: number; male_views_percent: number | null; female_views_percent: number | null };
  /** The days whose earnings come from finance statements and from estimates; null when none. */
  date: { finance: DateRange | null; estimate: DateRange | null };
  /** True when every month of the range is finished and every channel has its statement for it. */
  isWhole: boolean;
  /** The range the figures are for (a lifetime's first and last fact day). */
  range: DateRange;
}

/** POST /api/stat/details/finance: one item per month of the range (clipped to it). */
export interface MonthlyReportItem {
  range: DateRange;
  /** Dollars from statements. */
  finance: number;
  /** Dollars by the earnings rule. */
  partner_revenue: number;
}

/** POST /api/stat/details/graph: the body adds the chart period. */
export interface DetailsGraphBody extends DetailsBody {
  group_date?: 'days' | 'week' | 'month';
}

/** One line of the Detailed chart: a top row of the current grouping. */
export interface DetailSeries {
  key: string;
  name: string;
  points: Point[];
}

/** POST /api/stat/details/graph: the Total line and the Detailed lines (the top 10 rows by the top field). */
export interface DetailsGraphAnswer {
  period: 'days' | 'week' | 'month';
  total: Point[];
  rows: DetailSeries[];
  /**
   * Formats on the earnings page by day or week: no lines (`rows` empty), because a month's statement is
   * split by format per month only; the chart asks for months.
   */
  rows_by_month_only?: boolean;
}

/** The audience chart's metric radio: Earnings, Subscribers, Views. */
export const AUDIENCE_GRAPHS = ['partner_revenue', 'subscribers', 'views'] as const;
export type AudienceGraph = (typeof AUDIENCE_GRAPHS)[number];

/** An age row of an audience row; age is the bucket ('13-17' … '65+'). */
export interface AudienceAgeRow {
  age: string;
  male_views: number;
  male_views_percent: number | null;
  female_views: number;
  female_views_percent: number | null;
}

/** POST /api/stat/details/audience: one row per channel, expandable into its age rows. */
export interface AudienceRow {
  channel_id: string;
  channel_title: string;
  channel_ico: string;
  male_views: number;
  male_views_percent: number | null;
  female_views: number;
  female_views_percent: number | null;
  rows: AudienceAgeRow[];
}

export interface AudienceAnswer extends TitleCoverage {
  rows: AudienceRow[];
  /** All channels together, with their age rows. */
  total: Omit<AudienceRow, 'channel_id' | 'channel_title' | 'channel_ico'>;
}

/** POST /api/stat/details/map and the audience pie: the body names the metric radio's value. */
export interface DetailsMapBody extends DetailsBody {
  graph?: AudienceGraph;
}

/** POST /api/stat/details/map: the metric per country (map) and per top channel (pie). */
export interface DetailsMapAnswer {
  graph: AudienceGraph;
  countries: Array<{ code2: string; name: string; value: number }>;
  /** The top channels by the metric and the rest as one 'Other' slice (key 'other'). */
  channels: Array<{ key: string; name: string; value: number }>;
}
