// What `rebalance` (rebalance.ts) reads and writes for a set of a network's channels: which MOVED_TABLES
// it walks in each phase, their rows of those channels, and the upserts that land them in another bucket's
// store. Two tables are special: report_files is per store (an autoincrement id the slices reference), so
// a moved slice takes the target's file of the same sha256; network_daily is never copied, the stores'
// triggers on channel_daily (migration 0034) add the copied days and take the pruned ones out.
import { all } from '../db/query';
import { raw, type SqlValue } from '../db/sql';
import { MOVED_TABLES, type MovedTable } from './move-tables';
import { keyAfter, keyList, type Row, upserts, valuesOf } from './table-rows';

/** Tables of a network rather than of its channels: report_files goes with the slices, network_daily by trigger. */
const NOT_CHANNEL_KEYED = new Set(['report_files', 'network_daily']);

const indexes = MOVED_TABLES.map((t, i) => ({ t, i }));
/** MOVED_TABLES indexes of the channel-keyed tables (a `channel_id` column), in MOVED_TABLES order. */
export const CHANNEL_TABLES = indexes.filter(({ t }) => !t.catalogue && !NOT_CHANNEL_KEYED.has(t.name)).map(({ i }) => i);
/** A copy's tables: the catalogue (from the shared D1), then the channel tables (from the source store). */
export const COPY_TABLES = indexes.filter(({ t, i }) => t.catalogue || CHANNEL_TABLES.includes(i)).map(({ i }) => i);
/** A clear's or prune's tables: the channel tables in reverse, as partner-move prunes, so triggers find what they expect. */
export const DELETE_TABLES = [...CHANNEL_TABLES].reverse();

const IN_CHANNELS = 'channel_id IN (SELECT value FROM json_each(?2))';

/**
 * The rows of a table a rebalance of channels (bound as ?2, a JSON list) of network ?1 carries. The
 * catalogue is read in the shared D1: the network, the channels, the network's titles (and those of no
 * network, as partner-move copies them), the channels' videos.
 */
export function rebalancedRows(t: MovedTable): string {
  switch (t.name) {
    case 'networks':
      return 'id = ?1';
    case 'channels':
      return 'id IN (SELECT value FROM json_each(?2))';
    case 'titles':
      return 'network_id = ?1 OR network_id IS NULL';
    default:
      return IN_CHANNELS;
  }
}

/** The next page of a table's rows of the channels in db, in key order (?3 the page size, ?4… the last key done). */
export async function readPage(
  db: D1Database,
  t: MovedTable,
  bound: { network: number; channels: string },
  after: readonly SqlValue[] | null,
  limit: number,
): Promise<Row[]> {
  return all<Row>(
    db,
    raw(
      `SELECT * FROM ${t.name} WHERE (${rebalancedRows(t)})${keyAfter(t, after, 4)} ORDER BY ${keyList(t)} LIMIT ?3`,
      bound.network,
      bound.channels,
      limit,
      ...(after ?? []),
    ),
    'sql',
  );
}

/**
 * Deletes up to `limit` of the channels' rows of a table in db, answering how many (by RETURNING: D1's
 * meta.changes adds the rows the table's triggers touch).
 */
export async function deletePage(db: D1Database, t: MovedTable, channels: string, limit: number): Promise<number> {
  const { results } = await db
    .prepare(
      `DELETE FROM ${t.name} WHERE (${keyList(t)}) IN (SELECT ${keyList(t)} FROM ${t.name} WHERE ${IN_CHANNELS} LIMIT ?1) RETURNING 1 AS gone`,
    )
    .bind(limit, channels)
    .all();
  return results.length;
}

/**
 * The statements writing a page of a table's rows into the target store, in one batch. The network's row
 * goes without its owner (users stay in the shared D1); a copy of someone's video (illegal_copies) takes
 * the target's own id, keyed by its video; slices bring the files they name, matched by sha256.
 */
export async function writesOf(source: D1Database, target: D1Database, t: MovedTable, page: Row[]): Promise<D1PreparedStatement[]> {
  const columns = Object.keys(page[0] ?? {});
  if (t.name === 'networks')
    return upserts(
      target,
      { table: t.name, columns, conflict: t.key },
      valuesOf(
        page.map((r) => ({ ...r, owner_user_id: null })),
        columns,
      ),
    );
  if (t.name === 'illegal_copies') {
    const own = columns.filter((c) => c !== 'id');
    return upserts(target, { table: t.name, columns: own, conflict: ['video_id'] }, valuesOf(page, own));
  }
  if (t.name !== 'report_slices') return upserts(target, { table: t.name, columns, conflict: t.key }, valuesOf(page, columns));
  const ids = [...new Set(page.map((r) => r.file_id))];
  const files = await all<Row>(
    source,
    raw('SELECT * FROM report_files WHERE id IN (SELECT value FROM json_each(?1))', JSON.stringify(ids)),
    'sql',
  );
  const shaOf = new Map(files.map((f) => [f.id, f.sha256]));
  const fileColumns = Object.keys(files[0] ?? {}).filter((c) => c !== 'id');
  return [
    // The target's file of the same content stays as it is, with its id.
    ...upserts(target, { table: 'report_files', columns: fileColumns, conflict: ['sha256'], keep: true }, valuesOf(files, fileColumns)),
    ...upserts(
      target,
      {
        table: t.name,
        columns,
        conflict: t.key,
        expression: (c, i) => (c === 'file_id' ? `(SELECT id FROM report_files WHERE sha256 = value ->> ${i})` : null),
      },
      page.map((row) => columns.map((c) => (c === 'file_id' ? (shaOf.get(row.file_id) ?? null) : (row[c] ?? null)))),
    ),
  ];
}

export interface TableCount {
  rows: number;
  money: number | null;
}

/**
 * The channels' rows of each table in db, and its money sum; for report_files, the distinct files (by
 * content) their slices name, which is what the target must hold. One batch: one call to a store.
 */
export async function countsIn(db: D1Database, tables: readonly MovedTable[], channels: string): Promise<TableCount[]> {
  const of = IN_CHANNELS.replace('?2', '?1');
  const statements = tables.map((t) =>
    db
      .prepare(
        t.name === 'report_files'
          ? `SELECT count(DISTINCT sha256) AS rows, NULL AS money FROM report_files WHERE id IN (SELECT file_id FROM report_slices WHERE ${of})`
          : `SELECT count(*) AS rows, ${t.money ? `sum(${t.money})` : 'NULL'} AS money FROM ${t.name} WHERE ${of}`,
      )
      .bind(channels),
  );
  const answers = await db.batch<TableCount>(statements);
  return answers.map(({ results: [row] }) => ({ rows: row?.rows ?? 0, money: row?.money ?? null }));
}
