// Which objects of the D1 database an offline export can hold, and the SQL that puts the search indexes back
// after it is loaded. `wrangler d1 export` refuses a database with FTS5 tables outright (the two search indexes
// of migration 0012), so the export names every other table, index and trigger with --table, and the indexes
// are created again and rebuilt from the tables they index (docs/backup.md, "An offline copy of D1").

/** One row of sqlite_schema. */
export interface SchemaObject {
  type: string;
  name: string;
  tbl_name: string;
  sql: string | null;
}

/** The tables an FTS5 table keeps its index in: `<name>_data`, `_idx`, `_content`, `_docsize`, `_config`. */
const FTS5_SHADOWS = ['data', 'idx', 'content', 'docsize', 'config'];

/**
 * How each contentful search index is filled again from the tables it indexes: the statements migration 0012
 * ran on the rows already there. An external-content index (`content = '…'`) needs none of these: FTS5
 * rebuilds it from its table.
 */
export const SEARCH_INDEX_FILLS: Readonly<Record<string, string>> = {
  trend_video_titles_fts: `INSERT INTO trend_video_titles_fts (rowid, video_title)
  SELECT k.id, v.video_title FROM trend_video_search_keys AS k JOIN trend_videos AS v ON v.video_id = k.video_id;`,
};

const isVirtual = (o: SchemaObject) => o.type === 'table' && /^CREATE VIRTUAL TABLE/i.test(o.sql ?? '');

/** The virtual tables and the shadow tables SQLite made for them. */
function virtualNames(schema: readonly SchemaObject[]): Set<string> {
  const names = new Set<string>();
  for (const v of schema.filter(isVirtual)) {
    names.add(v.name);
    for (const suffix of FTS5_SHADOWS) names.add(`${v.name}_${suffix}`);
  }
  return names;
}

/**
 * The names to pass to `wrangler d1 export --table`: every table but the virtual ones and their shadows
 * (sqlite_sequence included, so AUTOINCREMENT keys are never reused), then every index and trigger, which
 * wrangler's export writes only when they are named too.
 * @example exportedNames(rows) // ['users', 'sessions', …, 'sqlite_sequence', 'idx_users_email', …, 'channel_titles_fts_insert', …]
 */
export function exportedNames(schema: readonly SchemaObject[]): string[] {
  const skip = virtualNames(schema);
  const kept = schema.filter((o) => o.sql !== null && !skip.has(o.name) && !skip.has(o.tbl_name) && !o.name.startsWith('_cf_'));
  const tables = kept.filter((o) => o.type === 'table' && o.name !== 'sqlite_sequence' && !o.name.startsWith('sqlite_'));
  const sequence = schema.some((o) => o.name === 'sqlite_sequence') ? ['sqlite_sequence'] : [];
  const rest = kept.filter((o) => o.type === 'index' || o.type === 'trigger' || o.type === 'view');
  return [...tables.map((t) => t.name), ...sequence, ...rest.map((o) => o.name)];
}

/** The `content = '…'` option of an FTS5 table, or null for a contentful one. */
function externalContent(sql: string): string | null {
  const match = /content\s*=\s*'([^']+)'/i.exec(sql);
  return match?.[1] ?? null;
}

/**
 * The statements that create each search index again and fill it, to run after the export is loaded into an
 * empty database. Throws naming a contentful index it has no fill for, so a new one cannot be lost silently.
 * @example searchIndexSql(rows) // "CREATE VIRTUAL TABLE channel_titles_fts …;\nINSERT INTO channel_titles_fts(channel_titles_fts) VALUES('rebuild');…"
 */
export function searchIndexSql(schema: readonly SchemaObject[]): string {
  const statements: string[] = [];
  for (const v of schema.filter(isVirtual)) {
    statements.push(`${v.sql};`);
    if (externalContent(v.sql ?? '') !== null) {
      statements.push(`INSERT INTO ${v.name}(${v.name}) VALUES('rebuild');`);
      continue;
    }
    const fill = SEARCH_INDEX_FILLS[v.name];
    if (!fill)
      throw new Error(`no way to fill the search index ${v.name} again: add it to SEARCH_INDEX_FILLS (scripts/backup/d1-objects.ts)`);
    statements.push(fill);
  }
  return statements.join('\n');
}
