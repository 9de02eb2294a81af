// POST /api/stat/details: every row of a grouping summed over the range, sorted, one page labelled.
import type { StatsDb } from '../stores';
import type {
  DetailRow,
  DetailsAnswer,
  DetailSortColumn,
  DetailsGroup,
  DetailsTopField,
  DetailTotals,
  SortOrder,
} from '../../../lib/api/details';
import { DETAILS_PAGE_SIZE } from '../../../lib/api/details';
import { badRequest } from '../../http/errors';
import type { StatRequest } from '../request';
import { addSums, figuresOf, topValue, ZERO_SUMS } from './figures';
import { type GroupEntry, groupEntries, groupStatements } from './groups';
import { type DetailLabel, labelsOf } from './labels';

export interface DetailsTableOptions {
  group: DetailsGroup;
  top_field: DetailsTopField;
  /** The top field when left out. */
  sort?: DetailSortColumn;
  order?: SortOrder;
}

/** Every row of a table in its order, with the totals: what the exports write. */
export interface DetailsRowsAnswer {
  rows: DetailRow[];
  totals: DetailTotals;
  sort: DetailSortColumn;
  order: SortOrder;
}

interface Figured {
  entry: GroupEntry;
  figures: DetailTotals;
}

/** Engaged views differ from views for Shorts only: the other formats' cells are empty (null). */
const engagedOf = (entry: GroupEntry): number | null => (entry.key === 'short' ? (entry.engagedViews ?? 0) : null);

/** Label columns: sorting by them needs every row's label, not only the page's. */
const LABEL_SORTS: ReadonlySet<DetailSortColumn> = new Set(['name', 'channel_date']);

type SortValue = string | number | null;

/** Missing values (N/A) last in both directions; ties by key, so pages never overlap. */
function compareBy(order: SortOrder, value: (f: Figured) => SortValue) {
  const sign = order === 'asc' ? 1 : -1;
  return (a: Figured, b: Figured): number => {
    const x = value(a);
    const y = value(b);
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      const diff = typeof x === 'string' && typeof y === 'string' ? x.localeCompare(y, 'en') : Number(x) - Number(y);
      if (diff !== 0) return sign * diff;
    }
    return a.entry.key < b.entry.key ? -1 : a.entry.key > b.entry.key ? 1 : 0;
  };
}

function sortValue(sort: DetailSortColumn, labels: Map<string, DetailLabel> | null): (f: Figured) => SortValue {
  if (sort === 'name') return (f) => labels?.get(f.entry.key)?.name ?? f.entry.key;
  if (sort === 'channel_date') return (f) => labels?.get(f.entry.key)?.channel_date ?? null;
  if (sort === 'engaged_views') return (f) => engagedOf(f.entry);
  return (f) => f.figures[sort];
}

/** Each row's place by the top field's stored sum, ties by key: the Detailed chart's order (graph.ts). */
function rankByTop(figured: Figured[], top: DetailsTopField): Map<string, number> {
  const order = [...figured].sort(
    (a, b) => b.entry.sums[top] - a.entry.sums[top] || (a.entry.key < b.entry.key ? -1 : a.entry.key > b.entry.key ? 1 : 0),
  );
  return new Map(order.map((f, i) => [f.entry.key, i + 1]));
}

/**
 * Sums every row (one batch), sorts them, and reads the labels of `shown` rows of the sorted list
 * (every row's first when the sort is by a label).
 */
async function sortedTable(
  db: StatsDb,
  req: StatRequest,
  options: DetailsTableOptions,
  shown: (sorted: Figured[]) => Figured[],
): Promise<{ sorted: Figured[]; rows: DetailRow[]; totals: DetailTotals; sort: DetailSortColumn; order: SortOrder }> {
  const { group, top_field: top } = options;
  const sort = options.sort ?? top;
  const order = options.order ?? 'desc';
  if (sort === 'channel_date' && group !== 'channels') throw badRequest('sort: channel_date sorts the channels table only.');
  if (sort === 'engaged_views' && group !== 'formats') throw badRequest('sort: engaged_views sorts the formats table only.');
  const entries = groupEntries(group, await db.read(groupStatements(req, group)));
  const all = entries.reduce((sum, e) => addSums(sum, e.sums), ZERO_SUMS);
  const topTotal = topValue(all, top);
  const figured = entries.map((entry) => ({ entry, figures: figuresOf(entry.sums, topTotal, top) }));
  const byLabel = LABEL_SORTS.has(sort);
  const allLabels = byLabel ? await labelsOf(db, group, entries) : null;
  const ranks = rankByTop(figured, top);
  const sorted = figured.sort(compareBy(order, sortValue(sort, allLabels)));
  const page = shown(sorted);
  const labels =
    allLabels ??
    (await labelsOf(
      db,
      group,
      page.map((f) => f.entry),
    ));
  const rows = page.map((f) => ({
    ...(labels.get(f.entry.key) ?? { key: f.entry.key, name: f.entry.key }),
    ...f.figures,
    ...(group === 'formats' ? { engaged_views: engagedOf(f.entry) } : {}),
    rank: ranks.get(f.entry.key) ?? 0,
  }));
  return { sorted, rows, totals: figuresOf(all, topTotal, top), sort, order };
}

/**
 * Every row of a details table in the requested order, labelled, with the totals (no paging): what
 * the CSV and xlsx exports write.
 * @example const { rows, totals } = await detailsRows(env.DB, request, { group: 'countries', top_field: 'views' })
 */
export async function detailsRows(db: StatsDb, req: StatRequest, options: DetailsTableOptions): Promise<DetailsRowsAnswer> {
  const { rows, totals, sort, order } = await sortedTable(db, req, options, (sorted) => sorted);
  return { rows, totals, sort, order };
}

/**
 * One page of a details table: every row is summed and sorted, only the page's rows are labelled.
 * @example await getDetailsTable(env.DB, request, { group: 'channels', top_field: 'partner_revenue', page: 2 })
 */
export async function getDetailsTable(
  db: StatsDb,
  req: StatRequest,
  options: DetailsTableOptions & { page?: number; per_page?: number },
): Promise<DetailsAnswer> {
  const page = options.page ?? 1;
  const perPage = options.per_page ?? DETAILS_PAGE_SIZE;
  const start = (page - 1) * perPage;
  const { sorted, rows, totals, sort, order } = await sortedTable(db, req, options, (all) => all.slice(start, start + perPage));
  return { rows, total_rows: sorted.length, page, per_page: perPage, sort, order, totals };
}
