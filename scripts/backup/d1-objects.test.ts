import { describe, expect, it } from 'vitest';
import { exportedNames, searchIndexSql, type SchemaObject } from './d1-objects.ts';

const table = (name: string, sql = `CREATE TABLE ${name} (id INTEGER PRIMARY KEY)`): SchemaObject => ({
  type: 'table',
  name,
  tbl_name: name,
  sql,
});
const shadows = (name: string) =>
  ['data', 'idx', 'content', 'docsize', 'config'].map((s) => table(`${name}_${s}`, `CREATE TABLE '${name}_${s}'(id)`));

/** The shape of migration 0012 around two ordinary tables: one external-content index, one contentful. */
const SCHEMA: SchemaObject[] = [
  table('d1_migrations'),
  { type: 'index', name: 'sqlite_autoindex_d1_migrations_1', tbl_name: 'd1_migrations', sql: null },
  table('channels'),
  { type: 'index', name: 'channels_by_network', tbl_name: 'channels', sql: 'CREATE INDEX channels_by_network ON channels (network_id)' },
  table('sqlite_sequence', 'CREATE TABLE sqlite_sequence(name,seq)'),
  table('_cf_KV', 'CREATE TABLE _cf_KV (key TEXT PRIMARY KEY)'),
  table('channel_titles_fts', "CREATE VIRTUAL TABLE channel_titles_fts USING fts5 (title, content = 'channels', content_rowid = 'id')"),
  ...shadows('channel_titles_fts').filter((t) => !t.name.endsWith('_content')),
  {
    type: 'trigger',
    name: 'channel_titles_fts_insert',
    tbl_name: 'channels',
    sql: 'CREATE TRIGGER channel_titles_fts_insert AFTER INSERT ON channels BEGIN SELECT 1; END',
  },
  table('trend_video_search_keys'),
  table('trend_video_titles_fts', 'CREATE VIRTUAL TABLE trend_video_titles_fts USING fts5 (video_title)'),
  ...shadows('trend_video_titles_fts'),
  { type: 'index', name: 'sqlite_autoindex_trend_video_titles_fts_idx_1', tbl_name: 'trend_video_titles_fts_idx', sql: null },
];

describe('exportedNames', () => {
  it('keeps ordinary tables, then sqlite_sequence, then named indexes and triggers; never a search index or its shadows', () => {
    expect(exportedNames(SCHEMA)).toEqual([
      'd1_migrations',
      'channels',
      'trend_video_search_keys',
      'sqlite_sequence',
      'channels_by_network',
      'channel_titles_fts_insert',
    ]);
  });
});

describe('searchIndexSql', () => {
  it('creates each index again, rebuilding the external-content one and filling the contentful one from its tables', () => {
    const statements = searchIndexSql(SCHEMA).split('\n');
    expect(statements[0]).toBe("CREATE VIRTUAL TABLE channel_titles_fts USING fts5 (title, content = 'channels', content_rowid = 'id');");
    expect(statements[1]).toBe("INSERT INTO channel_titles_fts(channel_titles_fts) VALUES('rebuild');");
    expect(statements[2]).toBe('CREATE VIRTUAL TABLE trend_video_titles_fts USING fts5 (video_title);');
    expect(statements.slice(3).join('\n')).toContain('INSERT INTO trend_video_titles_fts (rowid, video_title)');
  });

  it('refuses a contentful index it has no fill for, naming it', () => {
    const schema = [...SCHEMA, table('notes_fts', 'CREATE VIRTUAL TABLE notes_fts USING fts5 (body)')];
    expect(() => searchIndexSql(schema)).toThrow('no way to fill the search index notes_fts');
  });
});
