// What the local D1 database stores, per table and per index: pages from SQLite's dbstat over the file
// wrangler keeps under --persist-to, read with the sqlite3 command line, and each table's rows.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** One table or index: its B-tree's bytes (pages in use, free pages excluded) and, for a table, its rows. */
export interface StoredObject {
  name: string;
  /** The table it belongs to (itself for a table). */
  table: string;
  kind: 'table' | 'index';
  bytes: number;
  rows: number | null;
}

export interface Stored {
  file: string;
  fileBytes: number;
  /** The write-ahead log beside it (0 when checkpointed): dbstat counts its pages in the tables. */
  walBytes: number;
  objects: Map<string, StoredObject>;
}

const BYTES_PER_MB = 1e6;
const MAX_OUTPUT = 64 * 1024 * 1024;

/** The D1 database file under a --persist-to directory (wrangler's v3 layout). */
export function sqliteFile(persistTo: string): string {
  const dir = path.join(persistTo, 'v3', 'd1', 'miniflare-D1DatabaseObject');
  const files = readdirSync(dir).filter((f) => f.endsWith('.sqlite'));
  if (files.length !== 1) throw new Error(`expected one .sqlite file in ${dir}, found ${files.length}`);
  return path.join(dir, files[0]!);
}

function query(file: string, sql: string): string[][] {
  const out = execFileSync('sqlite3', ['-readonly', '-separator', '\t', file, sql], { maxBuffer: MAX_OUTPUT }).toString();
  return out
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => line.split('\t'));
}

/**
 * Every table and index with its bytes (dbstat) and every table's row count; `_cf_` and `sqlite_`
 * bookkeeping are kept under their own names, so the sums are the file's pages in use.
 * @example const stored = readStored(sqliteFile('.tmp/bench-size')); stored.objects.get('channel_daily')?.bytes
 */
export function readStored(file: string): Stored {
  const owners = new Map(
    query(file, "SELECT name, tbl_name, type FROM sqlite_schema WHERE type IN ('table', 'index')").map((r) => [r[0]!, r]),
  );
  const objects = new Map<string, StoredObject>();
  for (const [name, bytes] of query(file, 'SELECT name, sum(pgsize) FROM dbstat GROUP BY name')) {
    const owner = owners.get(name!);
    const kind = owner?.[2] === 'index' ? 'index' : 'table';
    objects.set(name!, { name: name!, table: owner?.[1] ?? name!, kind, bytes: Number(bytes), rows: null });
  }
  const tables = [...objects.values()].filter((o) => o.kind === 'table' && /^[a-z_0-9]+$/.test(o.name) && !o.name.startsWith('sqlite_'));
  const counts = tables.map((t) => `SELECT '${t.name}', count(*) FROM "${t.name}"`).join(' UNION ALL ');
  for (const [name, rows] of query(file, counts)) {
    const object = objects.get(name!);
    if (object) object.rows = Number(rows);
  }
  const wal = `${file}-wal`;
  return { file, fileBytes: statSync(file).size, walBytes: existsSync(wal) ? statSync(wal).size : 0, objects };
}

/** What grew between two readings: bytes and rows added per object, largest first. */
export function grown(before: Stored, after: Stored): StoredObject[] {
  const out: StoredObject[] = [];
  for (const object of after.objects.values()) {
    const was = before.objects.get(object.name);
    const bytes = object.bytes - (was?.bytes ?? 0);
    const rows = object.rows === null ? null : object.rows - (was?.rows ?? 0);
    if (bytes > 0 || (rows ?? 0) > 0) out.push({ ...object, bytes, rows });
  }
  return out.sort((a, b) => b.bytes - a.bytes);
}

/** Megabytes with one decimal. */
export function mb(bytes: number): string {
  return (bytes / BYTES_PER_MB).toFixed(1);
}
