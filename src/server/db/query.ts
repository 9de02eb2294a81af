// Typed helpers over D1 prepared statements: every value is bound, rows come back camelCased.

type Row = Record<string, unknown>;

/** snake_case column names to camelCase keys. */
export function camelRow<T>(row: Row): T {
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) {
    out[key.replace(/_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase())] = value;
  }
  return out as T;
}

/**
 * First row or null.
 * @example const user = await first<UserRow>(db, 'SELECT * FROM users WHERE id = ?', id)
 */
export async function first<T>(db: D1Database, sql: string, ...params: unknown[]): Promise<T | null> {
  const row = await db.prepare(sql).bind(...params).first<Row>();
  return row ? camelRow<T>(row) : null;
}

/** All rows. */
export async function all<T>(db: D1Database, sql: string, ...params: unknown[]): Promise<T[]> {
  const { results } = await db.prepare(sql).bind(...params).all<Row>();
  return results.map((row) => camelRow<T>(row));
}

/** Runs a write; returns the number of rows changed. */
export async function run(db: D1Database, sql: string, ...params: unknown[]): Promise<number> {
  const result = await db.prepare(sql).bind(...params).run();
  return result.meta.changes;
}

/** A statement for db.batch(): D1's only transaction. */
export function statement(db: D1Database, sql: string, ...params: unknown[]): D1PreparedStatement {
  return db.prepare(sql).bind(...params);
}
