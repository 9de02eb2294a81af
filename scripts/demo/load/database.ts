// Small reads and resets on the local database (and its network stores) around a seed run.
import { MIGRATIONS_TABLE } from '../../../src/server/partner-store/migrations';
import { TABLE_ORDER } from './tables';

/** Filled by the migrations and needed by production as much as by the demo: never cleared. */
const REFERENCE_TABLES = ['categories', 'languages', 'countries'];

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
 * Every table that holds data: the seeded ones in write order, then the importer's, the rollups'
 * and the sync's (so a reseed also forgets which report files were loaded).
 */
export async function dataTables(db: D1Database): Promise<string[]> {
  // Full-text indexes (virtual tables and their shadow tables) follow their tables through triggers.
  const { results } = await db
    .prepare(
      `SELECT name FROM sqlite_master AS t WHERE type = 'table'
    AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%' AND name <> '${MIGRATIONS_TABLE}'
    AND sql NOT LIKE 'CREATE VIRTUAL TABLE%'
    AND NOT EXISTS (SELECT 1 FROM sqlite_master AS v WHERE v.type = 'table' AND v.sql LIKE 'CREATE VIRTUAL TABLE%'
      AND substr(t.name, 1, length(v.name) + 1) = v.name || '_')
    ORDER BY name`,
    )
    .all<{ name: string }>();
  const names = results.map((r) => r.name).filter((name) => !REFERENCE_TABLES.includes(name));
  const seeded = TABLE_ORDER.filter((table) => names.includes(table));
  return [...seeded, ...names.filter((name) => !seeded.includes(name as (typeof TABLE_ORDER)[number]))];
}

/**
 * Empties every data table in one transaction; foreign keys are checked at commit, when all of them
 * are empty. Reference data from the migrations (categories, languages, countries) stays.
 */
export async function clearDataTables(db: D1Database): Promise<void> {
  const tables = await dataTables(db);
  await db.batch([db.prepare('PRAGMA defer_foreign_keys = ON'), ...tables.map((table) => db.prepare(`DELETE FROM ${table}`))]);
}

/** Row count per data table, read back from the database. */
export async function countRows(db: D1Database): Promise<Map<string, number>> {
  const tables = await dataTables(db);
  const results = await db.batch(tables.map((table) => db.prepare(`SELECT count(*) AS n FROM ${table}`)));
  return new Map(tables.map((table, i) => [table, (results[i]?.results[0] as { n: number } | undefined)?.n ?? 0]));
}
