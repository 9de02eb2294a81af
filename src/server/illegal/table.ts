// The illegal copies table: one row per copy, or per partner channel or title, sorted, a page at a time, with totals.
import { type Fragment, raw } from '../db/sql';
import { compareValues, type Mergeable, mergeable, type MergeRows, orderedPage, sumsByKey } from '../stats/merge';
import type { StatRow } from '../stats/runner';
import { runBatch } from '../stats/runner';
import type { StatsDb } from '../stats/stores';
import { badRequest } from '../errors';
import { microsToDollars } from '../stats/metrics';
import { bodyRange, COPY_GROUP_KEYS, COPY_TOTALS_MERGE, type CopiesFilter, copiesFrom, TOTALS_SQL, type TotalsRow } from './copies';
import type { IllegalTableInput } from './schema';
import {
  ILLEGAL_PAGE_SIZE,
  type IllegalCopyRow,
  type IllegalGroupRow,
  type IllegalSortColumn,
  type IllegalTableAnswer,
  type IllegalTotals,
} from '../../lib/api/illegal';

/** A sort column: its SQL expression (a whitelist: only these reach the SQL) and the answer field it orders. */
interface Sort {
  sql: string;
  field: string;
  nocase?: true;
}

const byText = (sql: string, field: string): Sort => ({ sql: `${sql} COLLATE NOCASE`, field, nocase: true });

/** Sort expressions of copy rows. */
const COPY_SORTS: Partial<Record<IllegalSortColumn, Sort>> = {
  found: { sql: 'ic.detected_on', field: 'found' },
  video: byText('ic.video_title', 'video_title'),
  name: byText('ic.video_title', 'video_title'),
  uploader: byText('ic.uploader_title', 'uploader_title'),
  channel: byText('c.title', 'channel_title'),
  title: byText('t.title', 'title'),
  status: { sql: 'ic.claim_status', field: 'status' },
  views: { sql: 'ic.views', field: 'views' },
  earnings: { sql: 'ic.earnings_micros', field: 'earnings_micros' },
};
/** Sort expressions of grouped rows (the aliases of the grouped SELECT). */
const GROUP_SORTS: Partial<Record<IllegalSortColumn, Sort>> = {
  name: byText('name', 'name'),
  copies: { sql: 'copies', field: 'copies' },
  blocked: { sql: 'blocked', field: 'blocked' },
  views: { sql: 'views', field: 'views' },
  earnings: { sql: 'earnings_micros', field: 'earnings_micros' },
};

/**
 * A sorted page of groups. A group's key may be in several stores (every network's UGC channel is the
 * one 'ugc' row; copies without a title are 'none'), so when several answer each sends all its groups
 * (a scope's channels or titles: hundreds at most), added up by key before the page is cut.
 */
function groupedPage(select: Fragment, sort: Sort, dir: 'ASC' | 'DESC', offset: number): Mergeable {
  const page = sortedPage(select, sort, dir, { sql: 'key', field: 'key' }, offset);
  const add = sumsByKey({ keys: ['key'], sums: ['copies', 'blocked', 'views', 'earnings_micros'] });
  const cut = orderedPage({ by: sort.field, nocase: sort.nocase, desc: dir === 'DESC', tie: 'key', offset, limit: ILLEGAL_PAGE_SIZE });
  const merge: MergeRows = (lists) => {
    // The group's name as min() over its rows in every store.
    const names = new Map<unknown, unknown>();
    for (const row of lists.flat()) {
      const seen = names.get(row.key);
      if (seen === undefined || compareValues(row.name, seen) < 0) names.set(row.key, row.name);
    }
    return cut([add(lists).map((row) => ({ ...row, name: (names.get(row.key) ?? row.name) as StatRow[string] }))]);
  };
  return mergeable(page, merge, select);
}

/**
 * A sorted page: the statement cut to the page, and what each store answers when several do (its rows
 * up to the page's end, ordered again together and cut after the merge).
 */
function sortedPage(select: Fragment, sort: Sort, dir: 'ASC' | 'DESC', tie: { sql: string; field: string }, offset: number): Mergeable {
  const ordered = `${select.sql} ORDER BY ${sort.sql} ${dir}, ${tie.sql} ${dir}`;
  const order = { by: sort.field, nocase: sort.nocase, desc: dir === 'DESC', tie: tie.field, offset, limit: ILLEGAL_PAGE_SIZE };
  return mergeable(
    raw(`${ordered} LIMIT ${ILLEGAL_PAGE_SIZE} OFFSET ${offset}`, ...select.params),
    orderedPage(order),
    raw(`${ordered} LIMIT ${offset + ILLEGAL_PAGE_SIZE}`, ...select.params),
  );
}

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
  const dir = order === 'asc' ? 'ASC' : 'DESC';
  const offset = (page - 1) * ILLEGAL_PAGE_SIZE;
  const head = (text: string) => raw(`${filter.cte.sql} ${text} ${from.sql}`, ...filter.cte.params, ...from.params);
  const totals = mergeable(head(`SELECT ${TOTALS_SQL}`), COPY_TOTALS_MERGE);
  if (group === 'none') {
    const select = head(`SELECT ic.video_id, ic.video_title, ic.uploader_youtube_id AS uploader_id, ic.uploader_title,
        coalesce(c.youtube_id, 'ugc') AS channel_id, c.title AS channel_title, ic.title_id, t.title, ic.claim_status AS status,
        ic.views, ic.earnings_micros, ic.detected_on AS found, ic.id AS copy_id`);
    const rows = sortedPage(select, chosen, dir, { sql: 'ic.id', field: 'copy_id' }, offset);
    const [[total] = [], found = []] = (await runBatch(db, [totals, rows])) as unknown as [TotalsRow[], CopySqlRow[]];
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
  const rows = groupedPage(raw(`${head(grouped).sql} GROUP BY 1`, ...head('').params), chosen, dir, offset);
  const keysOf = raw(`${head(`SELECT ${keys.key} AS key`).sql} GROUP BY 1`, ...head('').params);
  // Keys several stores can hold ('ugc', 'none') count once: each store sends its keys when several answer.
  const distinct: MergeRows = (lists) => [{ n: new Set(lists.flat().map((r) => r.key)).size }];
  const count = mergeable(raw(`SELECT count(*) AS n FROM (${keysOf.sql})`, ...keysOf.params), distinct, keysOf);
  const [[total] = [], found = [], [counted] = []] = (await runBatch(db, [totals, rows, count])) as unknown as [
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
