// `npm run bench:import [-- --rows N] [--only synthetic|realistic|daily]`: the importer on a synthetic
// channel_basic_a3 file, a realistic content-owner basic report from the demo generator (against SQLite's
// own floor for the rows it stores, import-floor.ts), and a year of daily files of one network; the peak
// memory of the import's whole process tree (Node and its workerd) for each.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { benchScale, dailyPartnerFiles, realisticBasicReport } from '../demo/formats/bench-reports.ts';
import { syntheticChannelBasicA3 } from '../../src/server/ingest/parse/test-support/synthetic.ts';
import { applyMigrations } from '../demo/load/migrate.ts';
import { WRANGLER_ENV } from '../lib/run.ts';
import { localD1File, measureFloor, type Floor } from './import-floor.ts';
import { cpuSeconds, treeCpuSeconds, treeRssMb } from './process-rss.ts';
import { parseCommand, refuse } from '../lib/cli.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const WORK = path.join(ROOT, '.tmp', 'bench-import');
/** Target (a): the importer within twice SQLite's floor for the rows it stores (docs/data-model.md, "Import speed"). */
const TARGET_FLOOR_RATIO = 2;
/** Target (f): the import's whole process tree. */
const TARGET_TREE_MB = 300;
/** How often the import's process tree is sampled for its peak. */
const SAMPLE_MS = 50;
const TARGET_DAILY_SECONDS = 60;
/** The generator's parameters (docs/data-model.md, "Import speed"): the same seed and today give the same files. */
const GENERATOR = { seed: 1, today: '2026-11-23' } as const;
/** Fact days the realistic report may draw on: a 1,000,000-row report of the 60-channel demo network needs some 830. */
const REALISTIC_FACT_DAYS = 1095;
const DAILY_DAYS = 365;
/** Times the floor's transaction is run (median reported). */
const FLOOR_RUNS = 3;
/** The network content-owner files belong to (their names carry its content owner id). */
const NETWORK_ID = 1;
const CASES = ['synthetic', 'realistic', 'daily'] as const;

const USAGE = `usage: npm run bench:import -- [--rows N] [--only synthetic|realistic|daily]... [--runs N]
       npm run bench:import -- --files DIR --owner ID
  npm run import into a fresh local database (no server) on a synthetic channel_basic_a3 file of N rows,
  a realistic content-owner basic report of about N rows from the demo generator (with SQLite's own
  floor for the rows it stores), and a year of daily files of one network: rows/s, the import's peak
  memory and its whole process tree's, against the targets, and for the single files the CPU they
  spent and the shortest wall time that CPU allows on this machine's cores. Each case prints its lines as it ends; the
  import of the 1,000,000-row realistic report alone took 124 s on a busy 2-core machine (docs/data-model.md,
  "Import speed"), its floor 3 runs of about 30 s more. Work files: .tmp/bench-import, emptied first.
  --rows N    rows of the synthetic and realistic reports (default 1000000)
  --only C    run only this case; repeatable (default all three)
  --runs N    imports per case, the median printed (default 1)
  --files DIR instead, npm run import of the report files in DIR (the 1,000-channel day bench:sync
              writes: .tmp/bench-sync/files) into a fresh database whose network has content owner
              --owner ID (the id in the files' names): its time, rows and peak memory`;
const { values } = parseCommand(USAGE, {
  options: {
    rows: { type: 'string', default: '1000000' },
    only: { type: 'string', multiple: true },
    runs: { type: 'string', default: '1' },
    files: { type: 'string' },
    owner: { type: 'string' },
  },
});
const ROWS = Number(values.rows);
const RUNS = Number(values.runs);
const only = (values.only ?? [...CASES]) as string[];
const unknownCase = only.find((name) => !(CASES as readonly string[]).includes(name));
if (unknownCase !== undefined) refuse(USAGE, `--only is ${CASES.join(', ')} or several of them, not "${unknownCase}"`);
if (!(Number.isInteger(ROWS) && ROWS > 0)) refuse(USAGE, `--rows must be a whole number above 0, not "${values.rows}"`);
if (!(Number.isInteger(RUNS) && RUNS > 0)) refuse(USAGE, `--runs must be a whole number above 0, not "${values.runs}"`);
if (values.files !== undefined && !existsSync(values.files)) refuse(USAGE, `--files: no folder ${values.files}`);
if (values.files !== undefined && !/^[\w-]{1,64}$/.test(values.owner ?? ''))
  refuse(USAGE, "--files needs --owner <the content owner id in the files' names>");

function median(list: number[]): number {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

interface ImportRunResult {
  seconds: number;
  rows: number;
  files: number;
  rejected: number;
  rssMb: number;
  rollupMs: number;
  /** Peak RSS of the import's whole process tree, sampled (the bench's own addition). */
  treeMb: number;
  /** CPU seconds of the whole command (its start included): its tree, and Node alone. */
  treeCpu: number;
  nodeCpu: number;
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
  if (setup.length > 0) await importCommand(state, setup);
  const { out, treeMb, treeCpu, nodeCpu } = await importCommand(state, [...flags, ...paths]);
  const line = out.split('\n').find((l) => l.startsWith('{"bench"'));
  if (!line) throw new Error(`the import printed no bench line:\n${out}`);
  return { ...(JSON.parse(line) as { bench: Omit<ImportRunResult, 'treeMb' | 'treeCpu' | 'nodeCpu'> }).bench, treeMb, treeCpu, nodeCpu };
}

/**
 * What `npm run import` runs (package.json), without npm itself: the same Node flags (its heap cap), so
 * the bench measures the command as an operator meets it.
 */
const IMPORT_COMMAND =
  (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.import?.split(' ') ??
  [];

interface Sampled {
  out: string;
  treeMb: number;
  treeCpu: number;
  nodeCpu: number;
}

/**
 * Runs `npm run import` into the state, sampling its process tree: its output, the peak RSS and the CPU
 * spent (the last sample before each process ended: at most one sample interval short).
 */
function importCommand(state: string, args: string[]): Promise<Sampled> {
  return new Promise((resolve, reject) => {
    const child = spawn(IMPORT_COMMAND[0] ?? 'node', [...IMPORT_COMMAND.slice(1), '--persist-to', state, '--bench', ...args], {
      cwd: ROOT,
      env: { ...process.env, ...WRANGLER_ENV },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    let treeMb = 0;
    let treeCpu = 0;
    let nodeCpu = 0;
    const timer = setInterval(() => {
      if (child.pid === undefined) return;
      treeMb = Math.max(treeMb, treeRssMb(child.pid));
      treeCpu = Math.max(treeCpu, treeCpuSeconds(child.pid));
      nodeCpu = Math.max(nodeCpu, cpuSeconds(child.pid));
    }, SAMPLE_MS);
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(timer);
      if (code === 0) resolve({ out, treeMb: Math.round(treeMb), treeCpu, nodeCpu });
      else reject(new Error(`the import exited with ${code}:\n${out}`));
    });
  });
}

function report(name: string, runs: ImportRunResult[], floor: Floor | null): void {
  const last = runs[runs.length - 1]!;
  const imp = median(runs.map((r) => r.seconds));
  const tree = Math.max(...runs.map((r) => r.treeMb));
  const against = floor
    ? `; SQLite's floor ${floor.seconds.toFixed(2)} s for its ${floor.rows} stored rows (runs: ${floor.runs.map((t) => t.toFixed(2)).join(', ')}), ` +
      `ratio ${(imp / floor.seconds).toFixed(2)}x (target ${TARGET_FLOOR_RATIO}x ${imp / floor.seconds <= TARGET_FLOOR_RATIO ? 'OK' : 'OVER'})`
    : '';
  console.log(
    `${name}: ${last.rows} rows, importer ${imp.toFixed(2)} s (runs: ${runs.map((r) => r.seconds.toFixed(2)).join(', ')}; ${Math.round(last.rows / imp)} rows/s, ` +
      `rollups ${last.rollupMs} ms), peak RSS ${last.rssMb} MB for Node, ${tree} MB for the process tree (target < ${TARGET_TREE_MB} MB ` +
      `${tree < TARGET_TREE_MB ? 'OK' : 'OVER'})${against}`,
  );
  console.log(`  ${cpuLine(last, floor)}`);
}

/**
 * The last run's CPU, and the shortest wall time it allows on this machine's cores: however well Node's
 * parsing and the database's writing overlap, the command cannot end before its CPU is spent.
 */
function cpuLine(run: ImportRunResult, floor: Floor | null): string {
  const cores = availableParallelism();
  const bound = run.treeCpu / cores;
  const ratio = floor ? ` = ${(bound / floor.seconds).toFixed(2)}x the floor` : '';
  return (
    `CPU of the whole command (its start included) ${run.treeCpu.toFixed(1)} s: Node ${run.nodeCpu.toFixed(1)} s, its workerd and the rest ` +
    `${(run.treeCpu - run.nodeCpu).toFixed(1)} s; on ${cores} cores no overlap ends it before ${bound.toFixed(1)} s${ratio}`
  );
}

async function singleFile(name: string, file: string, owner: string | null, setup: string[] = [], withFloor = false): Promise<void> {
  const runs: ImportRunResult[] = [];
  for (let i = 0; i < RUNS; i++) {
    const run = await viaImporter([file], owner, setup);
    if (run.rejected > 0) throw new Error(`${name}: the importer rejected the file`);
    runs.push(run);
  }
  // The floor applies what the last run stored, so it is measured on exactly the importer's rows.
  const floor = withFloor ? measureFloor(localD1File(path.join(WORK, 'state')), WORK, 'basic', FLOOR_RUNS) : null;
  report(name, runs, floor);
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
    console.log(
      `  run ${i + 1}: ${run.seconds.toFixed(1)} s, ${Math.round(run.rows / run.seconds)} rows/s, peak RSS ${run.rssMb} MB (process tree ${run.treeMb} MB)`,
    );
  }
  const took = median(times);
  console.log(`daily: ${took.toFixed(1)} s (target < ${TARGET_DAILY_SECONDS} s ${took < TARGET_DAILY_SECONDS ? 'OK' : 'OVER'})`);
}

/** The operator's own files (e.g. a 1,000-channel day): one import, its figures and peak memory. */
async function givenFiles(folder: string, owner: string): Promise<void> {
  const run = await viaImporter([path.resolve(folder)], owner);
  console.log(
    `files: ${run.files} files, ${run.rows} rows in ${run.seconds.toFixed(1)} s (${run.rejected} rejected; rollups ${run.rollupMs} ms), ` +
      `peak RSS ${run.rssMb} MB for Node, ${run.treeMb} MB for the process tree`,
  );
  console.log(`  ${cpuLine(run, null)}`);
}

rmSync(WORK, { recursive: true, force: true });
mkdirSync(WORK, { recursive: true });
if (values.files !== undefined) {
  await givenFiles(values.files, values.owner ?? '');
  process.exit(0);
}
if (only.includes('synthetic')) {
  const { csv, totals } = syntheticChannelBasicA3(ROWS);
  const file = path.join(WORK, 'channel_basic_a3_bench.csv');
  writeFileSync(file, csv);
  console.log(
    `synthetic: ${ROWS} rows, ${(csv.length / 1e6).toFixed(0)} MB, ${totals.views} views (collapses to few stored rows: no floor)`,
  );
  await singleFile('synthetic', file, null);
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
  await singleFile('realistic', file, owner, [setup], true);
}
if (only.includes('daily')) await daily();
