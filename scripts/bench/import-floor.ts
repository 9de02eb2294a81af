// SQLite's own floor for a report import (docs/data-model.md, "Import speed", target (a)): the sqlite3
// command line applying the rows an import stored, staged as the importer stages them and upserted by
// the importer's own statements, in one transaction into the product's indexed tables.
import { execFileSync } from 'node:child_process';
import { copyFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FACT_TABLES, FAMILY_COLUMNS, upsertStagedSql, type DailyFamily } from '../../src/server/ingest/load/facts/fact-tables.ts';

/** Rows per staged part, as the importer's slices (ROW_BUDGET in row-slices.ts). */
const PART_ROWS = 20_000;
const FLOOR_IMPORT = 'floor';

export interface Floor {
  /** Median seconds of the timed transaction. */
  seconds: number;
  /** Stored rows it applied, over every grain. */
  rows: number;
  runs: number[];
}

/** The local D1 database file under a --persist-to folder (wrangler's v3/d1 layout): its largest SQLite file. */
export function localD1File(persistTo: string): string {
  const folder = path.join(persistTo, 'v3', 'd1', 'miniflare-D1DatabaseObject');
  const files = readdirSync(folder)
    .filter((f) => f.endsWith('.sqlite'))
    .map((f) => path.join(folder, f));
  const largest = files.sort((a, b) => statSync(b).size - statSync(a).size)[0];
  if (!largest) throw new Error(`no local D1 database under ${folder}: run the import first`);
  return largest;
}

function sqlite(file: string, sql: string): string {
  return execFileSync('sqlite3', [file], { input: sql, maxBuffer: 64 * 1024 * 1024 })
    .toString()
    .trim();
}

/** The columns a family's staged rows of this table carry after the keys, as the importer writes them. */
function stagedColumns(table: (typeof FACT_TABLES)[number], family: DailyFamily): string[] {
  return (FAMILY_COLUMNS[family] as readonly string[]).filter((c) => (!table.only || table.only.includes(c)) && !table.except?.includes(c));
}

/**
 * Copies the imported database, moves what a family's file stored in each grain into import_staged as
 * JSON parts of PART_ROWS rows (channel ids as integers, as keyValue writes known channels), empties the
 * grains, then times `sqlite3` running the importer's upsertStagedSql for every grain in one transaction.
 * @example const floor = measureFloor(localD1File(state), work, 'basic', 3)
 */
export function measureFloor(imported: string, work: string, family: DailyFamily, runs: number): Floor {
  const staged = path.join(work, 'floor-staged.sqlite');
  copyFileSync(imported, staged);
  const tables = FACT_TABLES.filter((t) => t.families.includes(family));
  let rows = 0;
  let seq = 0;
  const setup = ['BEGIN;', 'DELETE FROM import_staged;'];
  for (const table of tables) {
    const count = Number(sqlite(staged, `SELECT count(*) FROM ${table.name};`));
    if (count === 0) continue;
    rows += count;
    const columns = ['channel_id', 'day', ...table.keys, ...stagedColumns(table, family)];
    setup.push(
      `INSERT INTO import_staged (import_id, seq, target, rows, created_at)
SELECT '${FLOOR_IMPORT}', ${seq} + part + 1, '${table.name}', json_group_array(json(row)), 0 FROM (
  SELECT json_array(${columns.join(', ')}) AS row, (row_number() OVER (ORDER BY ${columns.slice(0, 2 + table.keys.length).join(', ')}) - 1) / ${PART_ROWS} AS part
  FROM ${table.name}) GROUP BY part;`,
      `DELETE FROM ${table.name};`,
    );
    seq += Math.ceil(count / PART_ROWS);
  }
  setup.push('COMMIT;', 'VACUUM;');
  sqlite(staged, setup.join('\n'));
  const script = path.join(work, 'floor.sql');
  // ?1 the import, ?2 the network (only read for UGC keys, which integer ids never are).
  const upserts = tables.map((t) => `${upsertStagedSql(t, family).replaceAll('?1', `'${FLOOR_IMPORT}'`).replaceAll('?2', 'NULL')};`);
  writeFileSync(script, ['BEGIN;', ...upserts, 'COMMIT;'].join('\n'));
  const times: number[] = [];
  const target = path.join(work, 'floor.sqlite');
  for (let i = 0; i < runs; i++) {
    copyFileSync(staged, target);
    const started = process.hrtime.bigint();
    execFileSync('sqlite3', [target, `.read ${script}`]);
    times.push(Number(process.hrtime.bigint() - started) / 1e9);
    const applied = tables.reduce((n, t) => n + Number(sqlite(target, `SELECT count(*) FROM ${t.name};`)), 0);
    if (applied !== rows) throw new Error(`the floor applied ${applied} rows of ${rows}: its statements do not match the importer's`);
  }
  rmSync(target, { force: true });
  const sorted = [...times].sort((a, b) => a - b);
  return { seconds: sorted[Math.floor(sorted.length / 2)] ?? Number.NaN, rows, runs: times };
}
