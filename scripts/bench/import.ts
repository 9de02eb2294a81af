// `npm run bench:import [-- --rows N] [--only synthetic|realistic|daily]`: the importer against the sqlite3 command
// line's `.import` of the same file (the baseline), on a synthetic channel_basic_a3 file, a realistic
// content-owner basic report from the demo generator, and a year of daily files of one network.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benchScale, dailyPartnerFiles, realisticBasicReport } from '../demo/formats/bench-reports.ts';
import { syntheticChannelBasicA3 } from '../../src/server/ingest/parse/test-support/synthetic.ts';
import { applyMigrations } from '../demo/load/migrate.ts';
import { WRANGLER_ENV } from '../lib/run.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const WORK = path.join(ROOT, '.tmp', 'bench-import');
const TARGET_RATIO = 3;
const TARGET_RSS_MB = 300;
const TARGET_DAILY_SECONDS = 60;
const BYTES_PER_KB = 1024;
const KB_PER_MB = 1024;
/** The generator's parameters (docs/data-model.md, "Import speed"): the same seed and today give the same files. */
const GENERATOR = { seed: 1, today: '2026-11-23' } as const;
/** Fact days the realistic report may draw on: a 1,000,000-row report of the 60-channel demo network needs some 830. */
const REALISTIC_FACT_DAYS = 1095;
const DAILY_DAYS = 365;
/** The network content-owner files belong to (their names carry its content owner id). */
const NETWORK_ID = 1;
const CASES = ['synthetic', 'realistic', 'daily'] as const;

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    only: { type: 'string', multiple: true },
    runs: { type: 'string', default: '1' },
  },
});
const ROWS = Number(values.rows);
const RUNS = Number(values.runs);
const only = (values.only ?? [...CASES]) as string[];

function seconds(since: bigint): number {
  return Number(process.hrtime.bigint() - since) / 1e9;
}

function median(list: number[]): number {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** sqlite3 `.import` of the file into a plain table named after it: seconds. */
function viaSqliteCli(file: string, table: string): number {
  const db = path.join(WORK, 'baseline.sqlite');
  rmSync(db, { force: true });
  const started = process.hrtime.bigint();
  execFileSync('sqlite3', [db, '.mode csv', `.import ${file} ${table}`]);
  return seconds(started);
}

interface ImportRunResult {
  seconds: number;
  rows: number;
  files: number;
  rejected: number;
  rssMb: number;
  rollupMs: number;
}

/**
 * `npm run import` of the paths into a fresh local database, in a process of its own so its peak
 * RSS is its own; the timer is the command's own (files read to results), after migrations. `flags`
 * go to the timed import.
 */
async function viaImporter(paths: string[], owner: string | null, setup: string[] = [], flags: string[] = []): Promise<ImportRunResult> {
  const state = path.join(WORK, 'state');
  rmSync(state, { recursive: true, force: true });
  await applyMigrations(ROOT, state);
  if (owner !== null) {
    const insert = `INSERT INTO networks (id, slug, name, content_owner_id, is_partner, created_at) VALUES (${NETWORK_ID}, 'bench', 'Bench', '${owner}', 1, 0)`;
    execFileSync('npx', ['wrangler', 'd1', 'execute', 'DB', '--local', '--persist-to', state, '--command', insert], {
      cwd: ROOT,
      env: { ...process.env, ...WRANGLER_ENV },
      stdio: 'ignore',
    });
  }
  if (setup.length > 0) importCommand(state, setup);
  const out = importCommand(state, [...flags, ...paths]);
  const line = out.split('\n').find((l) => l.startsWith('{"bench"'));
  if (!line) throw new Error(`the import printed no bench line:\n${out}`);
  return (JSON.parse(line) as { bench: ImportRunResult }).bench;
}

function importCommand(state: string, args: string[]): string {
  return execFileSync('node', ['--import', 'tsx', 'scripts/import.ts', '--persist-to', state, '--bench', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...WRANGLER_ENV },
    maxBuffer: 64 * BYTES_PER_KB * KB_PER_MB,
  }).toString();
}

function report(name: string, runs: Array<{ importer: ImportRunResult; baseline: number }>): void {
  const ratios = runs.map((r) => r.importer.seconds / r.baseline);
  const last = runs[runs.length - 1]!.importer;
  const imp = median(runs.map((r) => r.importer.seconds));
  const base = median(runs.map((r) => r.baseline));
  const ratio = median(ratios);
  console.log(
    `${name}: ${last.rows} rows, importer ${imp.toFixed(2)} s (${Math.round(last.rows / imp)} rows/s, peak RSS ${last.rssMb} MB, rollups ${last.rollupMs} ms), ` +
      `sqlite3 .import ${base.toFixed(2)} s (${Math.round(last.rows / base)} rows/s); ratio ${ratio.toFixed(2)}x (runs: ${ratios.map((r) => r.toFixed(2)).join(', ')}; ` +
      `target ${TARGET_RATIO}x ${ratio <= TARGET_RATIO ? 'OK' : 'OVER'}, RSS < ${TARGET_RSS_MB} MB ${last.rssMb < TARGET_RSS_MB ? 'OK' : 'OVER'})`,
  );
}

async function singleFile(name: string, file: string, table: string, owner: string | null, setup: string[] = []): Promise<void> {
  const runs: Array<{ importer: ImportRunResult; baseline: number }> = [];
  for (let i = 0; i < RUNS; i++) {
    const baseline = viaSqliteCli(file, table);
    const importer = await viaImporter([file], owner, setup);
    if (importer.rejected > 0) throw new Error(`${name}: the importer rejected the file`);
    runs.push({ importer, baseline });
  }
  report(name, runs);
}

async function daily(): Promise<void> {
  const folder = path.join(WORK, 'daily');
  const world = { ...GENERATOR, scale: benchScale('tiny', DAILY_DAYS) };
  let files = 0;
  let lines = 0;
  let owner = '';
  for (const file of dailyPartnerFiles(world, DAILY_DAYS)) {
    const full = path.join(folder, file.path);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, file.text);
    owner = file.owner;
    files++;
    lines += file.text.split('\n').length - 2;
  }
  console.log(`daily: ${files} files, ${lines} rows (${DAILY_DAYS} days, five report types, demo network at scale tiny)`);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    // One command states one issue time for all its files, and each day's snapshots (video metadata,
    // claims) replace the day before's: --replace loads them in path order, which is day order (their
    // names end in the day), as YouTube's issue times a day apart would order them.
    const run = await viaImporter([folder], owner, [], ['--replace']);
    if (run.rejected > 0) throw new Error(`daily: ${run.rejected} files rejected`);
    times.push(run.seconds);
    console.log(`  run ${i + 1}: ${run.seconds.toFixed(1)} s, ${Math.round(run.rows / run.seconds)} rows/s, peak RSS ${run.rssMb} MB`);
  }
  const took = median(times);
  console.log(`daily: ${took.toFixed(1)} s (target < ${TARGET_DAILY_SECONDS} s ${took < TARGET_DAILY_SECONDS ? 'OK' : 'OVER'})`);
}

rmSync(WORK, { recursive: true, force: true });
mkdirSync(WORK, { recursive: true });
if (only.includes('synthetic')) {
  const { csv, totals } = syntheticChannelBasicA3(ROWS);
  const file = path.join(WORK, 'channel_basic_a3_bench.csv');
  writeFileSync(file, csv);
  console.log(`synthetic: ${ROWS} rows, ${(csv.length / 1e6).toFixed(0)} MB, ${totals.views} views (collapses to few stored rows)`);
  await singleFile('synthetic', file, 'channel_basic_a3', null);
}
if (only.includes('realistic')) {
  const { basic, metadata, owner } = realisticBasicReport({ ...GENERATOR, scale: benchScale('demo', REALISTIC_FACT_DAYS) }, ROWS);
  const file = path.join(WORK, path.basename(basic.path));
  const setup = path.join(WORK, path.basename(metadata.path));
  writeFileSync(file, basic.text);
  writeFileSync(setup, metadata.text);
  console.log(
    `realistic: ${basic.rows} rows over ${basic.days} days, ${(basic.text.length / 1e6).toFixed(0)} MB (video metadata loaded first, untimed)`,
  );
  await singleFile('realistic', file, 'content_owner_basic_a3', owner, [setup]);
}
if (only.includes('daily')) await daily();
