// How one statement's rows from several network stores combine into the rows one database would have
// given (docs/partner-store.md, "Reads that go through the stores"). Each store holds its own channels, so
// rows keyed by a channel or a copy never meet; rows by any other key (a title too) add up. How each column
// combines comes from answer-columns.ts, never from the statement.
import { columnMerge } from './answer-columns';
import type { ColumnMerge } from './metrics';
import type { StatRow } from './runner';
import type { OrderTerm } from './statements';

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

/** A statement's columns no registry names: such rows cannot be merged, and say so. */
export class UnmergeableColumn extends Error {
  constructor(column: string) {
    super(`The column "${column}" answered by several network stores has no merge rule: name it in stats/answer-columns.ts.`);
    this.name = 'UnmergeableColumn';
  }
}

/**
 * The rows of one statement from each store as GROUP BY over the union of their rows would give them,
 * ordered by `order` (a page's ORDER BY), or else by their key columns. Rows carrying an `own` key are
 * put together as they are.
 * @example mergeRows([[{ bucket: '2026-01', views: 1 }], [{ bucket: '2026-01', views: 2 }]]) // [{ bucket: '2026-01', views: 3 }]
 */
export function mergeRows(lists: readonly StatRow[][], order?: readonly OrderTerm[]): StatRow[] {
  const rows = lists.flat();
  const [first] = rows;
  if (!first) return [];
  const merges = Object.keys(first).map((column) => ({ column, merge: columnMerge(column) }));
  const keys = merges.filter((c) => c.merge === 'key' || c.merge === 'own').map((c) => c.column);
  const terms = order ?? keys.map((column) => ({ column }));
  const ordered = (out: StatRow[]) => out.sort((a, b) => compareRows(a, b, terms));
  if (merges.some((c) => c.merge === 'own')) return ordered(rows);
  const unknown = merges.find((c) => c.merge === undefined);
  if (unknown) throw new UnmergeableColumn(unknown.column);
  const byKey = new Map<string, StatRow>();
  for (const row of rows) {
    const id = JSON.stringify(keys.map((k) => row[k] ?? null));
    const into = byKey.get(id);
    if (into) combine(into, row, merges);
    else byKey.set(id, { ...row });
  }
  return ordered([...byKey.values()]);
}

function combine(into: StatRow, row: StatRow, merges: readonly { column: string; merge: ColumnMerge | undefined }[]): void {
  for (const { column, merge } of merges) {
    const [a, b] = [into[column] ?? null, row[column] ?? null];
    if (merge === 'sum') into[column] = Number(a ?? 0) + Number(b ?? 0);
    else if (merge === 'min' && b !== null && (a === null || compareValues(b, a) < 0)) into[column] = b;
    else if (merge === 'max' && b !== null && (a === null || compareValues(b, a) > 0)) into[column] = b;
  }
}

/** NOCASE folds ASCII letters only, as SQLite's collation does. */
const foldAscii = (value: unknown) => (typeof value === 'string' ? value.replace(/[A-Z]/g, (c) => c.toLowerCase()) : value);

/** ORDER BY over rows: each term in its direction, text folded where the term says NOCASE. */
export function compareRows(a: StatRow, b: StatRow, order: readonly OrderTerm[]): number {
  for (const term of order) {
    const fold = term.nocase ? foldAscii : (v: unknown) => v;
    const sign = term.desc ? -1 : 1;
    const c = sign * compareValues(fold(a[term.column]), fold(b[term.column]));
    if (c !== 0) return c;
  }
  return 0;
}

/** Whether each store's rows of an ordered statement can be cut before they meet: the order holds a key one store owns. */
export function cutPerStore(order: readonly OrderTerm[]): boolean {
  return order.some((term) => columnMerge(term.column) === 'own');
}
