// How one statement's rows from several network stores combine into the rows one database would have
// given (docs/partner-store.md, "A user whose channels span two networks"). Each network holds its own
// channels, so per-channel and per-title rows never meet; sums by any other key add up.
import type { Fragment } from '../db/sql';
import type { StatRow } from './runner';

/** Rows of one statement from each store, in store order, to the rows of the whole scope. */
export type MergeRows = (lists: StatRow[][]) => StatRow[];

/**
 * A statement with what a fan-out needs to know of it. `merge`: how its rows combine (a statement
 * without one can only run where one database answers it). `shared`: it reads the shared catalogue
 * (labels), so it runs once in the shared D1 instead of in every store. `perStore`: what each store
 * runs instead when several answer (a top-N over a key the stores share must not be cut per store).
 */
export interface Mergeable extends Fragment {
  merge?: MergeRows;
  shared?: true;
  perStore?: Fragment;
}

/** SQLite's order for the values a key holds: NULL first, numbers before text, text by code point. */
export function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export interface SumsByKey {
  /** Columns that identify a row (GROUP BY); none: each store answers one row of totals. */
  keys: readonly string[];
  /** Columns added up across stores; every other column is taken from the first row of the key. */
  sums: readonly string[];
  /** `ORDER BY by DESC, keys LIMIT limit`, applied again after the merge. */
  top?: { by: string; limit: number };
}

/**
 * Adds rows up by key, as GROUP BY over the union of the stores' rows would.
 * @example sumsByKey({ keys: ['bucket'], sums: ['views'] })([[{ bucket: '2026-01', views: 1 }], [{ bucket: '2026-01', views: 2 }]]) // [{ bucket: '2026-01', views: 3 }]
 */
export function sumsByKey({ keys, sums, top }: SumsByKey): MergeRows {
  return (lists) => {
    const byKey = new Map<string, StatRow>();
    for (const row of lists.flat()) {
      const key = JSON.stringify(keys.map((k) => row[k] ?? null));
      const into = byKey.get(key);
      if (!into) {
        byKey.set(key, { ...row });
        continue;
      }
      for (const column of sums) into[column] = Number(into[column] ?? 0) + Number(row[column] ?? 0);
    }
    const rows = [...byKey.values()];
    if (!top) return rows.sort((a, b) => compareKeys(a, b, keys));
    rows.sort((a, b) => Number(b[top.by] ?? 0) - Number(a[top.by] ?? 0) || compareKeys(a, b, keys));
    return rows.slice(0, top.limit);
  };
}

function compareKeys(a: StatRow, b: StatRow, keys: readonly string[]): number {
  for (const key of keys) {
    const order = compareValues(a[key], b[key]);
    if (order !== 0) return order;
  }
  return 0;
}

/** How a page's rows are ordered: a column, compared as SQLite's NOCASE does when asked, then a tiebreak column. */
export interface PageOrder {
  by: string;
  nocase?: boolean;
  desc: boolean;
  /** Compared when `by` ties, in the same direction. */
  tie: string;
  offset: number;
  limit: number;
}

/** NOCASE folds ASCII letters only, as SQLite's collation does. */
const foldAscii = (value: unknown) => (typeof value === 'string' ? value.replace(/[A-Z]/g, (c) => c.toLowerCase()) : value);

/**
 * One page of rows each store ordered and cut to offset + limit (perStore): ordered again together, then
 * the page cut. Rows tied on both columns keep the stores' order.
 * @example orderedPage({ by: 'views', desc: true, tie: 'key', offset: 20, limit: 20 })
 */
export function orderedPage(order: PageOrder): MergeRows {
  const value = (row: StatRow) => (order.nocase ? foldAscii(row[order.by]) : row[order.by]);
  const sign = order.desc ? -1 : 1;
  return (lists) =>
    lists
      .flat()
      .sort((a, b) => sign * (compareValues(value(a), value(b)) || compareValues(a[order.tie], b[order.tie])))
      .slice(order.offset, order.offset + order.limit);
}

/**
 * One row of extremes (min of some columns, max of others, NULLs ignored as SQL's min and max do).
 * @example minMax({ min: ['first_day'], max: ['last_day'] })
 */
export function minMax({ min = [], max = [] }: { min?: readonly string[]; max?: readonly string[] }): MergeRows {
  return (lists) => {
    const rows = lists.flat();
    const pick = (column: string, better: (x: unknown, y: unknown) => boolean) =>
      rows
        .map((r) => r[column])
        .reduce<StatRow[string]>((best, v) => (v !== null && v !== undefined && (best === null || better(v, best)) ? v : best), null);
    const out: StatRow = {};
    for (const column of min) out[column] = pick(column, (x, y) => compareValues(x, y) < 0);
    for (const column of max) out[column] = pick(column, (x, y) => compareValues(x, y) > 0);
    return [out];
  };
}

/**
 * A statement over the shared catalogue (names, keys of channels): run once in the shared D1, never
 * per store, when several stores answer.
 * @example shared(labelSql)
 */
export function shared<T extends Fragment>(statement: T): T & Mergeable {
  return { ...statement, shared: true };
}

/**
 * The statement with its merge rule.
 * @example mergeable(sql`SELECT count(*) AS n FROM videos`, sumsByKey({ keys: [], sums: ['n'] }))
 */
export function mergeable<T extends Fragment>(statement: T, merge: MergeRows, perStore?: Fragment): T & Mergeable {
  return perStore ? { ...statement, merge, perStore } : { ...statement, merge };
}
