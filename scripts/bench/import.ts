// `npm run bench:import`: a 1,000,000-row channel_basic_a3 file through the importer into a fresh local
// D1, next to the sqlite3 command line's `.import` of the same file into a plain table (the baseline).
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { syntheticChannelBasicA3 } from '../../src/server/ingest/parse/test-support/synthetic.ts';
import { runImport } from '../../src/server/ingest/run-import.ts';
import { openLocalD1 } from '../demo/load/local-d1.ts';
import { applyMigrations } from '../demo/load/migrate.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const WORK = path.join(ROOT, '.tmp', 'bench-import');
const TARGET_RATIO = 5;
const { values } = parseArgs({ options: { rows: { type: 'string', default: '1000000' } } });
const ROWS = Number(values.rows);

function seconds(since: bigint): number {
  return Number(process.hrtime.bigint() - since) / 1e9;
}

async function viaImporter(file: string, bytes: Uint8Array): Promise<number> {
  const state = path.join(WORK, 'state');
  await applyMigrations(ROOT, state);
  const local = await openLocalD1(ROOT, state);
  try {
    const started = process.hrtime.bigint();
    const run = await runImport(local, [{ name: path.basename(file), bytes }]);
    const took = seconds(started);
    const result = run.files[0]!;
    if (result.status !== 'loaded') throw new Error(`importer: ${result.status} ${result.reason ?? ''}`);
    const check = await local.db.prepare('SELECT sum(views) AS views FROM channel_daily').first<{ views: number }>();
    console.log(
      `importer: ${result.rows} rows in ${took.toFixed(2)} s, ${Math.round(result.rows / took)} rows/s (rollups ${run.rollupMs} ms; views in channel_daily ${check?.views})`,
    );
    return took;
  } finally {
    await local.dispose();
  }
}

function viaSqliteCli(file: string): number {
  const db = path.join(WORK, 'baseline.sqlite');
  rmSync(db, { force: true });
  const started = process.hrtime.bigint();
  execFileSync('sqlite3', [db, '.mode csv', `.import ${file} channel_basic_a3`]);
  const took = seconds(started);
  const count = execFileSync('sqlite3', [db, 'SELECT count(*) FROM channel_basic_a3']).toString().trim();
  console.log(`sqlite3 .import: ${count} rows in ${took.toFixed(2)} s, ${Math.round(Number(count) / took)} rows/s`);
  return took;
}

rmSync(WORK, { recursive: true, force: true });
mkdirSync(WORK, { recursive: true });
const { csv, totals } = syntheticChannelBasicA3(ROWS);
const file = path.join(WORK, 'channel_basic_a3_bench.csv');
writeFileSync(file, csv);
console.log(`file: ${ROWS} rows, ${(csv.length / 1e6).toFixed(0)} MB, ${totals.views} views`);
const baseline = viaSqliteCli(file);
const importer = await viaImporter(file, new TextEncoder().encode(csv));
const ratio = importer / baseline;
console.log(`importer / baseline = ${ratio.toFixed(2)}x (target: within ${TARGET_RATIO}x) ${ratio <= TARGET_RATIO ? 'OK' : 'OVER'}`);
