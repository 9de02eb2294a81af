// Rows of a MOVED_TABLES table as both moves carry them (partner-move: a network from the shared D1 into its
// store; rebalance: channels between a network's stores): paged in key order, upserted on a key as JSON.
import { jsonChunks } from '../ingest/load/json-chunks';
import type { SqlValue } from '../db/sql';
import type { MovedTable } from './move-tables';

export type Row = Record<string, SqlValue>;

/** A table's key columns, for ORDER BY, row-value comparisons and conflict targets. */
export const keyList = (t: MovedTable) => t.key.join(', ');

/** ` AND (key…) > (?first, …)`: rows after the last key a page ended on, or nothing on a first page. */
export const keyAfter = (t: MovedTable, after: readonly SqlValue[] | null, first: number) =>
  after ? ` AND (${keyList(t)}) > (${t.key.map((_, i) => `?${first + i}`).join(', ')})` : '';

/** A row's key values (key columns are never NULL: primary keys of WITHOUT ROWID and rowid tables). */
export function keyOf(t: MovedTable, row: Row): Array<string | number> {
  return t.key.map((k) => {
    const value = row[k];
    if (typeof value === 'string' || typeof value === 'number') return value;
    throw new Error(`${t.name}.${k} holds ${String(value)} where a key value was expected`);
  });
}

/** Rows as arrays in `columns` order, what upserts binds. */
export const valuesOf = (rows: readonly Row[], columns: readonly string[]) => rows.map((row) => columns.map((c) => row[c] ?? null));

export interface UpsertShape {
  table: string;
  columns: readonly string[];
  /** The columns of the conflict target. */
  conflict: readonly string[];
  /** SQL replacing `value ->> i` for a column (i its position). */
  expression?: (column: string, i: number) => string | null;
  /** Leave the target's row as it is on a conflict. */
  keep?: boolean;
}

/**
 * Upserts of rows (arrays in `columns` order) into a table, one statement per JSON chunk under D1's value
 * bound; never a delete, which would cascade.
 * @example await store.batch(upserts(store, { table: 'channel_daily', columns, conflict: t.key }, valuesOf(rows, columns)))
 */
export function upserts(db: D1Database, shape: UpsertShape, rows: readonly SqlValue[][]): D1PreparedStatement[] {
  const { table, columns, conflict } = shape;
  const values = columns.map((c, i) => shape.expression?.(c, i) ?? `value ->> ${i}`).join(', ');
  const rest = columns.filter((c) => !conflict.includes(c));
  const onConflict = shape.keep || !rest.length ? 'DO NOTHING' : `DO UPDATE SET ${rest.map((c) => `${c} = excluded.${c}`).join(', ')}`;
  const sql = `INSERT INTO ${table} (${columns.join(', ')}) SELECT ${values} FROM json_each(?1) WHERE true ON CONFLICT (${conflict.join(', ')}) ${onConflict}`;
  return jsonChunks(rows.map((row) => JSON.stringify(row))).map((chunk) => db.prepare(sql).bind(chunk));
}
