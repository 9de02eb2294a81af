// The one way server code reads and writes D1: every statement is a Fragment (see sql.ts), every value
// bound, and rows come back typed by the SELECT that reads them.
//
// Why a typed generic and not a zod parse per row: the column list of the SELECT beside each call is
// the row's schema, SQLite's column types hold it, and the integration tests run every read against
// the migrated database. Parsing each row would cost CPU on the hottest public reads (thousands of
// rows per trend page) to re-check what the schema already guarantees. Values that come from outside
// (stored JSON, request bodies) are still parsed with zod where they are read.
import { bindable, type Fragment } from './sql';

export type Row = Record<string, unknown>;

/**
 * How a row's keys reach the caller. 'camel' (the default): snake_case columns become camelCase
 * keys, the shape of server code. 'sql': keys exactly as the statement names them, for answers
 * whose JSON keys are the statement's aliases (the public compatibility calls, stats metric names).
 */
export type Keys = 'camel' | 'sql';

/** snake_case column names to camelCase keys. */
export function camelRow<T>(row: Row): T {
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) {
    out[key.replace(/_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase())] = value;
  }
  return out as T;
}

function shape<T>(row: Row, keys: Keys): T {
  return keys === 'camel' ? camelRow<T>(row) : (row as T);
}

/**
 * A statement for db.batch() (D1's only transaction) or for D1's own methods.
 * @example await db.batch([statement(db, sql`DELETE FROM sessions WHERE user_id = ${id}`), ...])
 */
export function statement(db: D1Database, query: Fragment): D1PreparedStatement {
  return db.prepare(query.sql).bind(...query.params.map(bindable));
}

/**
 * First row or null.
 * @example const user = await first<UserRow>(db, sql`SELECT * FROM users WHERE id = ${id}`)
 */
export async function first<T>(db: D1Database, query: Fragment, keys: Keys = 'camel'): Promise<T | null> {
  const row = await statement(db, query).first<Row>();
  return row ? shape<T>(row, keys) : null;
}

/**
 * All rows.
 * @example const rows = await all<{ day: string; views: number }>(db, sql`SELECT day, views FROM ...`, 'sql')
 */
export async function all<T>(db: D1Database, query: Fragment, keys: Keys = 'camel'): Promise<T[]> {
  const { results } = await statement(db, query).all<Row>();
  return results.map((row) => shape<T>(row, keys));
}

/** Runs a write; returns the number of rows changed. */
export async function run(db: D1Database, query: Fragment): Promise<number> {
  const result = await statement(db, query).run();
  return result.meta.changes;
}

/** Each statement's rows, typed by its place in the list. */
export type BatchRows<T extends readonly unknown[]> = { -readonly [K in keyof T]: T[K][] };

/**
 * Reads several statements in one db.batch(): one round trip, and every read sees the same data.
 * @example const [hours, items] = await allBatch<[{ hour: number }, TrendVideo]>(db, [hourSql, itemsSql], 'sql')
 */
export async function allBatch<T extends readonly unknown[]>(
  db: D1Database,
  queries: { readonly [K in keyof T]: Fragment },
  keys: Keys = 'camel',
): Promise<BatchRows<T>> {
  // D1 refuses an empty batch.
  const results = queries.length === 0 ? [] : await db.batch<Row>(queries.map((q: Fragment) => statement(db, q)));
  return results.map((r) => r.results.map((row) => shape<unknown>(row, keys))) as BatchRows<T>;
}
