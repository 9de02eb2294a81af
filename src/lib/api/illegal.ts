// The illegal copies calls (POST /api/illegal/table, POST /api/illegal/chart): each request body and
// answer, declared once for the server, the /illegal pages' islands and the tests.
// docs/partner-area.md ("Illegal copies") says what every figure is.
import type { Point } from './stats';

/** What the table is grouped by: one row per copy (none), per partner channel or per title. */
export const ILLEGAL_TABLE_GROUPS = ['none', 'channel', 'title'] as const;
export type IllegalTableGroup = (typeof ILLEGAL_TABLE_GROUPS)[number];

/** Columns the table may be sorted by. Copy rows sort by the first ten, grouped rows by name and the figures. */
export const ILLEGAL_SORT_COLUMNS = [
  'found',
  'video',
  'uploader',
  'channel',
  'title',
  'reference',
  'status',
  'views',
  'earnings',
  'copies',
  'blocked',
  'name',
] as const;
export type IllegalSortColumn = (typeof ILLEGAL_SORT_COLUMNS)[number];

/** What the chart draws: views of the copies (none), their claimed earnings, copies found, blocked copies found. */
export const ILLEGAL_CHART_GROUPS = ['none', 'earns', 'copies', 'blocked'] as const;
export type IllegalChartGroup = (typeof ILLEGAL_CHART_GROUPS)[number];

/** Which rows become the chart's series. */
export const ILLEGAL_BREAKDOWNS = ['channel', 'title', 'country'] as const;
export type IllegalBreakdown = (typeof ILLEGAL_BREAKDOWNS)[number];

/** Rows per table page. */
export const ILLEGAL_PAGE_SIZE = 30;
/** Series a chart draws: the breakdown's top rows by the drawn figure. */
export const ILLEGAL_TOP_SERIES = 10;

/** The filters both calls take: a range of found days, channels ('ugc' for the UGC channel), titles. */
export interface IllegalFiltersBody {
  date_from?: string;
  date_to?: string;
  channels?: string[];
  titles?: number[];
}

export interface IllegalTableBody extends IllegalFiltersBody {
  group_by?: IllegalTableGroup;
  sort?: IllegalSortColumn;
  order?: 'asc' | 'desc';
  /** 1-based. */
  page?: number;
}

export interface IllegalChartBody extends IllegalFiltersBody {
  group_by?: IllegalChartGroup;
  breakdown?: IllegalBreakdown;
  /** Totals instead of one series per breakdown row. */
  summary?: boolean;
  chart_period?: 'days' | 'week' | 'month';
}

/** One copy: a third party's upload of a partner's video. */
export interface IllegalCopyRow {
  video_id: string;
  video_title: string;
  uploader_id: string;
  uploader_title: string;
  /** The partner channel's YouTube id, or 'ugc'. */
  channel_id: string;
  channel_title: string;
  title_id: number | null;
  title: string | null;
  /**
   * The partner's video the copy matched (the claims report's Content ID reference), its page at
   * /video/{id}; null when the report names none that is one of the copy channel's videos.
   */
  reference_video_id: string | null;
  /** That video's title; null with it. */
  reference_video_title: string | null;
  status: 'claimed' | 'blocked';
  views: number;
  /** Dollars; 0 for blocked copies. */
  earnings: number;
  /** The day Content ID found (claimed) the copy. */
  found: string;
}

/** Copies of one partner channel or title. */
export interface IllegalGroupRow {
  /** The channel's YouTube id ('ugc'), or the title id as text ('none' for copies of no title). */
  key: string;
  name: string;
  copies: number;
  blocked: number;
  views: number;
  earnings: number;
}

export interface IllegalTotals {
  copies: number;
  blocked: number;
  views: number;
  earnings: number;
}

interface TablePage {
  sort: IllegalSortColumn;
  order: 'asc' | 'desc';
  page: number;
  pages: number;
  /** Rows over all pages. */
  total_rows: number;
  totals: IllegalTotals;
}

export type IllegalTableAnswer =
  (TablePage & { group_by: 'none'; rows: IllegalCopyRow[] }) | (TablePage & { group_by: 'channel' | 'title'; rows: IllegalGroupRow[] });

export interface IllegalSeries {
  /** The breakdown row's key ('total' in a summary). */
  key: string;
  name: string;
  total: number;
  points: Point[];
}

export interface IllegalChartAnswer {
  group_by: IllegalChartGroup;
  breakdown: IllegalBreakdown;
  summary: boolean;
  period: 'days' | 'week' | 'month';
  range: { from: string; to: string };
  series: IllegalSeries[];
  /** Of every copy the filters match, whatever the series shown. */
  totals: IllegalTotals;
}
