// The details tables' columns (docs/partner-area.md, "Details"): which figures each table shows for a
// page, how each reads (N/A, blank, $, m:ss), and the channel table's chosen optional columns.
import type { DetailRow, DetailsGroup, DetailsId, DetailSortColumn, DetailTotals } from '../api/details';
import { TOP_FIELD_OF } from '../api/details';
import { displayDate } from '../dates/periods';
import { formatDuration, formatMoney, formatNumber } from '../formats/stat-format';
import type { MeaningKey } from '../glossary/metrics';

/** A figure column: the row field it shows and sorts by, and its heading. */
export interface DetailColumn {
  key: Exclude<DetailSortColumn, 'name'>;
  label: string;
  /** The channel table's columns a person may tick (at most MAX_CHOSEN_COLUMNS). */
  optional: boolean;
}

/** Ticked optional columns of the channel table: at most 4, and only the first shows under 768 px. */
export const MAX_CHOSEN_COLUMNS = 4;
export const NARROW_MAX_COLUMNS = 1;
export const NARROW_SCREEN_PX = 768;

/** A percent share below this reads as blank rather than 0.00%. */
export const SHARE_BLANK_BELOW = 0.005;
export const NOT_AVAILABLE = 'N/A';

const LABELS: Record<DetailColumn['key'], string> = {
  channel_date: 'Date',
  subscribers: 'Subscribers',
  views: 'Views',
  partner_revenue: 'Earnings',
  finance: 'Finance',
  likes: 'Likes',
  comments: 'Comments',
  engaged_views: 'Engaged views',
  rpm: 'RPM',
  svr: 'SVR',
  average_view_duration_seconds: 'AVD',
  percent: 'Share',
};

/** The ratio columns whose heading has an "i" with their meaning (src/lib/glossary/metrics.ts). */
export const COLUMN_MEANINGS: Partial<Record<DetailColumn['key'], MeaningKey>> = {
  rpm: 'rpm',
  svr: 'svr',
  average_view_duration_seconds: 'avd',
};

const column = (key: DetailColumn['key'], optional = false): DetailColumn => ({ key, label: LABELS[key], optional });

const NAME_HEADINGS: Record<DetailsGroup, string> = { channels: 'Channel', titles: 'Title', countries: 'Country', formats: 'Format' };

/** The formats table's figures before the page's metric: each page's other counts and ratios. */
const FORMAT_FIGURES: Record<DetailsId, Array<DetailColumn['key']>> = {
  partner_revenue: ['views', 'subscribers', 'rpm', 'average_view_duration_seconds'],
  views: ['partner_revenue', 'subscribers', 'likes', 'comments', 'rpm', 'average_view_duration_seconds'],
  subs: ['views', 'svr'],
  audience: [],
};

/**
 * The label column's heading for a grouping.
 * @example nameHeading('countries') // 'Country'
 */
export function nameHeading(group: DetailsGroup): string {
  return NAME_HEADINGS[group];
}

/**
 * The figure columns of a page's table, in order, after the label column; the page's metric and its
 * share come last.
 * @example columnsFor('views', 'titles').map((c) => c.key) // ['partner_revenue', 'likes', 'comments', 'rpm', 'average_view_duration_seconds', 'views', 'percent']
 */
export function columnsFor(id: DetailsId, group: DetailsGroup): DetailColumn[] {
  const metric = TOP_FIELD_OF[id];
  const tail = [column(metric), column('percent')];
  if (group === 'formats') {
    // Engaged views beside views: the Shorts row's other count since YouTube's change of 31 March 2025.
    const engaged = id === 'views' ? [column('engaged_views')] : [];
    return [...FORMAT_FIGURES[id].map((key) => column(key)), column(metric), ...engaged, column('percent')];
  }
  if (group === 'titles') {
    const other = metric === 'partner_revenue' ? 'views' : 'partner_revenue';
    return [column(other), column('likes'), column('comments'), column('rpm'), column('average_view_duration_seconds'), ...tail];
  }
  if (group === 'countries') {
    const views = id === 'subs' ? [column('views')] : [];
    return [...views, column('rpm'), column('svr'), column('average_view_duration_seconds'), ...tail];
  }
  // "Subscribers or views": the subs page's metric is subscribers, so its other count is views.
  const first = id === 'subs' ? 'views' : 'subscribers';
  const second = metric === 'partner_revenue' ? 'views' : 'partner_revenue';
  return [
    column('channel_date', true),
    column(first, true),
    column(second, true),
    column('rpm', true),
    column('svr', true),
    column('average_view_duration_seconds', true),
    ...tail,
  ];
}

/**
 * The optional columns ticked before a person chooses: the first four.
 * @example defaultChosen(columnsFor('views', 'channels')) // ['channel_date', 'subscribers', 'partner_revenue', 'rpm']
 */
export function defaultChosen(columns: DetailColumn[]): DetailColumn['key'][] {
  return columns
    .filter((c) => c.optional)
    .slice(0, MAX_CHOSEN_COLUMNS)
    .map((c) => c.key);
}

/**
 * The ticked columns after a click on one: unticks it, or ticks it while fewer than `limit` are
 * ticked. With a limit of one (narrow screens) a new tick replaces the old.
 * @example toggleColumn(['rpm', 'svr', 'views', 'channel_date'], 'subscribers', 4) // unchanged: 4 already ticked
 */
export function toggleColumn<K extends string>(chosen: K[], key: K, limit: number): K[] {
  if (chosen.includes(key)) return chosen.filter((k) => k !== key);
  if (limit === NARROW_MAX_COLUMNS) return [key];
  return chosen.length < limit ? [...chosen, key] : chosen;
}

/**
 * The columns a table shows: the fixed ones and the ticked optional ones (only the first ticked one
 * on a narrow screen), in table order.
 * @example shownColumns(columns, ['rpm'], true).map((c) => c.key) // ['rpm', 'views', 'percent']
 */
export function shownColumns(columns: DetailColumn[], chosen: readonly string[], narrow: boolean): DetailColumn[] {
  const ticked = columns.filter((c) => c.optional && chosen.includes(c.key)).map((c) => c.key);
  const kept = new Set(narrow ? ticked.slice(0, NARROW_MAX_COLUMNS) : ticked.slice(0, MAX_CHOSEN_COLUMNS));
  return columns.filter((c) => !c.optional || kept.has(c.key));
}

/**
 * A percent share as the tables show it: N/A when unknown, blank below 0.005%, else two decimals.
 * @example formatShare(0.004) // ''
 */
export function formatShare(value: number | null | undefined): string {
  if (value === null || value === undefined) return NOT_AVAILABLE;
  if (Math.abs(value) < SHARE_BLANK_BELOW) return '';
  return `${value.toFixed(2)}%`;
}

/**
 * One cell's text.
 * @example formatCell({ ...row, rpm: null }, 'rpm') // 'N/A'
 */
export function formatCell(row: DetailRow | DetailTotals, key: DetailColumn['key']): string {
  if (key === 'channel_date') {
    const date = 'channel_date' in row ? row.channel_date : null;
    return date ? displayDate(date) : NOT_AVAILABLE;
  }
  if (key === 'percent') return formatShare(row.percent);
  // Engaged views are the Shorts row's only: the other rows and the totals leave the cell empty.
  if (key === 'engaged_views')
    return 'engaged_views' in row && typeof row.engaged_views === 'number' ? formatNumber(row.engaged_views) : '';
  const value = row[key];
  if (value === null || value === undefined) return NOT_AVAILABLE;
  if (key === 'partner_revenue' || key === 'finance' || key === 'rpm') return formatMoney(value);
  if (key === 'svr') return value.toFixed(2);
  if (key === 'average_view_duration_seconds') return formatDuration(value);
  return formatNumber(value);
}
