// Small reads and resets on the local database around a seed run.
import type { TableName } from '../generate/records';
import { ACCOUNT_TABLES, TABLE_ORDER } from './tables';

/** True when any user exists (the database has been seeded or used). */
export async function hasUsers(db: D1Database): Promise<boolean> {
  const row = await db.prepare('SELECT EXISTS (SELECT 1 FROM users) AS found').first<{ found: number }>();
  return row?.found === 1;
}

/** True when users or channels exist: a reset is needed before loading. */
export async function hasData(db: D1Database): Promise<boolean> {
  const row = await db
    .prepare('SELECT EXISTS (SELECT 1 FROM users) OR EXISTS (SELECT 1 FROM channels) AS found')
    .first<{ found: number }>();
  return row?.found === 1;
}

/**
 * Empties every table the seed writes, and the account tables that point at users, in one
 * transaction; foreign keys are checked at commit, when all of them are empty.
 * Reference data from the migrations (categories, languages, countries) stays.
 */
export async function clearSeededTables(db: D1Database): Promise<void> {
  const tables = [...ACCOUNT_TABLES, ...[...TABLE_ORDER].reverse()];
  await db.batch([db.prepare('PRAGMA defer_foreign_keys = ON'), ...tables.map((table) => db.prepare(`DELETE FROM ${table}`))]);
}

/** Row count per seeded table, read back from the database. */
export async function countRows(db: D1Database): Promise<Map<TableName, number>> {
  const results = await db.batch(TABLE_ORDER.map((table) => db.prepare(`SELECT count(*) AS n FROM ${table}`)));
  return new Map(TABLE_ORDER.map((table, i) => [table, (results[i]?.results[0] as { n: number } | undefined)?.n ?? 0]));
}
