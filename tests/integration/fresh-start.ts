// A test file starts from the migrated, empty database. Isolated storage gives it that by restoring the
// storage after each file; when the pool loses its connection while restoring (seen on a heavily loaded
// machine), the file's rows stay, and every later file that creates the same user or channel fails on a
// UNIQUE constraint: one hiccup, thirty failures. Finding rows of a previous file, the next file empties
// the database first, so the hiccup fails the test it happened in and no other.

/** Tables whose rows come from the migrations themselves (reference lists), and SQLite's and D1's own. */
const KEPT = new Set(['d1_migrations', 'countries', 'categories', 'languages']);
const OWN = /^(sqlite_|_cf_)|_fts_/;

/** Rows a previous test file left behind: any account at all (every test that writes creates one). */
export async function leftFromAnotherFile(db: D1Database): Promise<boolean> {
  const row = await db.prepare('SELECT EXISTS (SELECT 1 FROM users) AS left').first<{ left: number }>();
  return row?.left === 1;
}

/**
 * Deletes every row the migrations did not insert, foreign keys checked at the end of the batch.
 * Twice: a trigger of the first pass may write into a table already emptied.
 */
export async function emptyDatabase(db: D1Database): Promise<void> {
  const { results } = await db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name")
    .all<{ name: string }>();
  const tables = results.map((r) => r.name).filter((name) => !KEPT.has(name) && !OWN.test(name));
  const pass = [db.prepare('PRAGMA defer_foreign_keys = on'), ...tables.map((t) => db.prepare(`DELETE FROM "${t}"`))];
  await db.batch(pass);
  await db.batch(pass);
}
