// The illegal copies table: one row per copy, or per partner channel or title, sorted, a page at a time, with totals.
import { type Fragment, raw } from '../../db/sql';
import { countOf, type OrderTerm, page } from '../../stats/statements';
import type { StatsDb } from '../../stats/stores';
import { badRequest } from '../../http/errors';
import { microsToDollars } from '../../stats/metrics';
import { bodyRange, COPY_GROUP_KEYS, type CopiesFilter, copiesFrom, TOTALS_SQL, type TotalsRow } from './copies';
import type { IllegalTableInput } from './schema';
import {
  ILLEGAL_PAGE_SIZE,
  type IllegalCopyRow,
  type IllegalGroupRow,
  type IllegalSortColumn,
  type IllegalTableAnswer,
  type IllegalTotals,
} from '../../../lib/api/illegal';

/** A sort column: the answer field it orders (a whitelist: only these reach the SQL), compared as NOCASE for text. */
type Sort = Omit<OrderTerm, 'desc'>;

const byText = (column: string): Sort => ({ column, nocase: true });

/** Sort columns of copy rows. */
const COPY_SORTS: Partial<Record<IllegalSortColumn, Sort>> = {
  found: { column: 'found' },
  video: byText('video_title'),
  name: byText('video_title'),
  uploader: byText('uploader_title'),
  channel: byText('channel_title'),
  title: byText('title'),
  reference: byText('reference_video_title'),
  status: { column: 'status' },
  views: { column: 'views' },
  earnings: { column: 'earnings_micros' },
};

/** Sort columns of grouped rows (the aliases of the grouped SELECT). */
const GROUP_SORTS: Partial<Record<IllegalSortColumn, Sort>> = {
  name: byText('name'),
  copies: { column: 'copies' },
  blocked: { column: 'blocked' },
  views: { column: 'views' },
  earnings: { column: 'earnings_micros' },
};

/** A page of rows sorted by a column, ties by `tie` in the same direction. */
const sortedPage = (rows: Fragment, sort: Sort, desc: boolean, tie: string, offset: number) =>
  page(
    rows,
    [
      { ...sort, desc },
      { column: tie, desc },
    ],
    ILLEGAL_PAGE_SIZE,
    offset,
  );

/** Totals in the answer's units. */
export function totalsOf(row: TotalsRow | undefined): IllegalTotals {
  return {
    copies: row?.copies ?? 0,
    blocked: row?.blocked ?? 0,
    views: row?.views ?? 0,
    earnings: microsToDollars(row?.earnings_micros ?? 0),
  };
}

interface CopySqlRow extends Omit<IllegalCopyRow, 'earnings' | 'status'> {
  status: string;
  earnings_micros: number;
  copy_id: number;
}
interface GroupSqlRow extends Omit<IllegalGroupRow, 'earnings'> {
  earnings_micros: number;
}

/**
 * One page of the table for the filter (already scoped to the session user) and the body's grouping,
 * sort and page; a sort the grouping has no column for is a 400 naming sort.
 * @example await getIllegalTable(db, copiesFilter(user, body), body)
 */
export async function getIllegalTable(db: StatsDb, filter: CopiesFilter, body: IllegalTableInput): Promise<IllegalTableAnswer> {
  const group = body.group_by ?? 'none';
  const sort = body.sort ?? (group === 'none' ? 'found' : 'copies');
  const order = body.order ?? 'desc';
  const sorts = group === 'none' ? COPY_SORTS : GROUP_SORTS;
  const chosen = sorts[sort];
  if (!chosen) throw badRequest(`sort: ${sort} is not a column of ${group === 'none' ? 'copy rows' : 'grouped rows'}`);
  const page = body.page ?? 1;
  const from = copiesFrom(filter, bodyRange(body));
  const desc = order === 'desc';
  const offset = (page - 1) * ILLEGAL_PAGE_SIZE;
  const head = (text: string) => raw(`${filter.cte.sql} ${text} ${from.sql}`, ...filter.cte.params, ...from.params);
  const totals = head(`SELECT ${TOTALS_SQL}`);
  if (group === 'none') {
    // Every sortable column by its own alias: ORDER BY names the answer's columns.
    const select = head(`SELECT ic.video_id, ic.video_title AS video_title, ic.uploader_youtube_id AS uploader_id,
        ic.uploader_title AS uploader_title, coalesce(c.youtube_id, 'ugc') AS channel_id, c.title AS channel_title, ic.title_id,
        t.title AS title, rv.video_id AS reference_video_id, rv.video_title AS reference_video_title, ic.claim_status AS status, ic.views AS views, ic.earnings_micros AS earnings_micros,
        ic.detected_on AS found, ic.id AS copy_id`);
    const rows = sortedPage(select, chosen, desc, 'copy_id', offset);
    const [[total] = [], found = []] = (await db.read([totals, rows])) as unknown as [TotalsRow[], CopySqlRow[]];
    // copy_id orders ties only (a store's own row id): it is not part of the answer.
    const answerRows = found.map(({ earnings_micros, status, copy_id: _id, ...r }) => ({
      ...r,
      status: status === 'blocked' ? ('blocked' as const) : ('claimed' as const),
      earnings: microsToDollars(earnings_micros),
    }));
    return { group_by: 'none', ...pageOf(total?.copies ?? 0, page), sort, order, totals: totalsOf(total), rows: answerRows };
  }
  const keys = COPY_GROUP_KEYS[group];
  const grouped = `SELECT ${keys.key} AS key, min(${keys.name}) AS name, ${TOTALS_SQL}`;
  // A group's key may be in several stores (every network's UGC channel is the one 'ugc' row; copies
  // without a title are 'none'): its rows add up by key before the page is cut, and it counts once.
  const rows = sortedPage(raw(`${head(grouped).sql} GROUP BY 1`, ...head('').params), chosen, desc, 'key', offset);
  const count = countOf(raw(`${head(`SELECT ${keys.key} AS key`).sql} GROUP BY 1`, ...head('').params));
  const [[total] = [], found = [], [counted] = []] = (await db.read([totals, rows, count])) as unknown as [
    TotalsRow[],
    GroupSqlRow[],
    Array<{ n: number }>,
  ];
  const answerRows = found.map(({ earnings_micros, ...r }) => ({ ...r, key: String(r.key), earnings: microsToDollars(earnings_micros) }));
  return { group_by: group, ...pageOf(counted?.n ?? 0, page), sort, order, totals: totalsOf(total), rows: answerRows };
}

function pageOf(totalRows: number, page: number): { page: number; pages: number; total_rows: number } {
  return { page, pages: Math.max(1, Math.ceil(totalRows / ILLEGAL_PAGE_SIZE)), total_rows: totalRows };
}
