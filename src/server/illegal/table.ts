// The illegal copies table: one row per copy, or per partner channel or title, sorted, a page at a time, with totals.
import { allBatch } from '../db/query';
import { raw } from '../db/sql';
import { badRequest } from '../errors';
import { microsToDollars } from '../stats/metrics';
import { bodyRange, COPY_GROUP_KEYS, type CopiesFilter, copiesFrom, TOTALS_SQL, type TotalsRow } from './copies';
import type { IllegalTableInput } from './schema';
import {
  ILLEGAL_PAGE_SIZE,
  type IllegalCopyRow,
  type IllegalGroupRow,
  type IllegalSortColumn,
  type IllegalTableAnswer,
  type IllegalTotals,
} from '../../lib/api/illegal';

/** Sort expressions of copy rows (whitelist: only these reach the SQL). */
const COPY_SORTS: Partial<Record<IllegalSortColumn, string>> = {
  found: 'ic.detected_on',
  video: 'ic.video_title COLLATE NOCASE',
  name: 'ic.video_title COLLATE NOCASE',
  uploader: 'ic.uploader_title COLLATE NOCASE',
  channel: 'c.title COLLATE NOCASE',
  title: 't.title COLLATE NOCASE',
  status: 'ic.claim_status',
  views: 'ic.views',
  earnings: 'ic.earnings_micros',
};
/** Sort expressions of grouped rows (the aliases of GROUP_SELECT). */
const GROUP_SORTS: Partial<Record<IllegalSortColumn, string>> = {
  name: 'name COLLATE NOCASE',
  copies: 'copies',
  blocked: 'blocked',
  views: 'views',
  earnings: 'earnings_micros',
};

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
}
interface GroupSqlRow extends Omit<IllegalGroupRow, 'earnings'> {
  earnings_micros: number;
}

/**
 * One page of the table for the filter (already scoped to the session user) and the body's grouping,
 * sort and page; a sort the grouping has no column for is a 400 naming sort.
 * @example await getIllegalTable(db, copiesFilter(user, body), body)
 */
export async function getIllegalTable(db: D1Database, filter: CopiesFilter, body: IllegalTableInput): Promise<IllegalTableAnswer> {
  const group = body.group_by ?? 'none';
  const sort = body.sort ?? (group === 'none' ? 'found' : 'copies');
  const order = body.order ?? 'desc';
  const sorts = group === 'none' ? COPY_SORTS : GROUP_SORTS;
  const expr = sorts[sort];
  if (!expr) throw badRequest(`sort: ${sort} is not a column of ${group === 'none' ? 'copy rows' : 'grouped rows'}`);
  const page = body.page ?? 1;
  const from = copiesFrom(filter, bodyRange(body));
  const dir = order === 'asc' ? 'ASC' : 'DESC';
  const offset = (page - 1) * ILLEGAL_PAGE_SIZE;
  const head = (text: string) => raw(`${filter.cte.sql} ${text} ${from.sql}`, ...filter.cte.params, ...from.params);
  const totals = head(`SELECT ${TOTALS_SQL}`);
  if (group === 'none') {
    const rows = raw(
      `${
        head(`SELECT ic.video_id, ic.video_title, ic.uploader_youtube_id AS uploader_id, ic.uploader_title,
        coalesce(c.youtube_id, 'ugc') AS channel_id, c.title AS channel_title, ic.title_id, t.title, ic.claim_status AS status,
        ic.views, ic.earnings_micros, ic.detected_on AS found`).sql
      }
      ORDER BY ${expr} ${dir}, ic.id ${dir} LIMIT ${ILLEGAL_PAGE_SIZE} OFFSET ${offset}`,
      ...head('').params,
    );
    const [[total], found] = await allBatch<[TotalsRow, CopySqlRow]>(db, [totals, rows], 'sql');
    const answerRows = found.map(({ earnings_micros, status, ...r }) => ({
      ...r,
      status: status === 'blocked' ? ('blocked' as const) : ('claimed' as const),
      earnings: microsToDollars(earnings_micros),
    }));
    return { group_by: 'none', ...pageOf(total?.copies ?? 0, page), sort, order, totals: totalsOf(total), rows: answerRows };
  }
  const keys = COPY_GROUP_KEYS[group];
  const grouped = `SELECT ${keys.key} AS key, min(${keys.name}) AS name, ${TOTALS_SQL}`;
  const rows = raw(
    `${head(grouped).sql} GROUP BY 1 ORDER BY ${expr} ${dir}, key ${dir} LIMIT ${ILLEGAL_PAGE_SIZE} OFFSET ${offset}`,
    ...head('').params,
  );
  const count = raw(`SELECT count(*) AS n FROM (${head(`SELECT ${keys.key} AS key`).sql} GROUP BY 1)`, ...head('').params);
  const [[total], found, [counted]] = await allBatch<[TotalsRow, GroupSqlRow, { n: number }]>(db, [totals, rows, count], 'sql');
  const answerRows = found.map(({ earnings_micros, ...r }) => ({ ...r, key: String(r.key), earnings: microsToDollars(earnings_micros) }));
  return { group_by: group, ...pageOf(counted?.n ?? 0, page), sort, order, totals: totalsOf(total), rows: answerRows };
}

function pageOf(totalRows: number, page: number): { page: number; pages: number; total_rows: number } {
  return { page, pages: Math.max(1, Math.ceil(totalRows / ILLEGAL_PAGE_SIZE)), total_rows: totalRows };
}
