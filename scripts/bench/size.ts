// `npm run bench:size [-- --channels 1 --days 365 --steps 1,4,16 --runs 5 --persist-to DIR --keep --fold]`: one partner network
// shaped like a real content owner's reports (hundreds of videos a channel, tens of countries a video-day),
// loaded through the importer into a fresh local D1 step by step; after each step, what each table and
// index stores (dbstat) per channel-day and per report row, and the dashboard's card calls at 90 days
// and lifetime through the running worker; with --fold, the sizes again once the title days older than
// YouTube's backfill window are folded into months (ingest/retention/title-fold.ts). docs/scale.md reads the figures.
import { cpus, totalmem } from 'node:os';
import { rmSync } from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import { MS_PER_SECOND } from '../../src/lib/dates/time.ts';
import type { StatedIssue } from '../../src/server/ingest/load/issue.ts';
import { runImport } from '../../src/server/ingest/run-import.ts';
import { foldTitleDays } from '../../src/server/ingest/retention/title-fold.ts';
import { writeAccounts, writeGrants } from '../demo/load/direct.ts';
import { applyMigrations } from '../demo/load/migrate.ts';
import { fileSource } from '../import/file-source.ts';
import { openImportD1 } from '../import/local-d1.ts';
import { buildIfStale } from '../lib/build-stamp.ts';
import { ensurePortFree } from '../lib/run.ts';
import { CALL_LABELS, timeCardCalls } from './size-calls';
import { readStored, sqliteFile, type Stored } from './size-dbstat';
import { writeMetadata, writeMonths } from './size-files';
import { printGrowth, printSizes, type Loaded } from './size-report';
import { sizeWorld, stepChannels } from './size-world';
import { parseOptions } from '../lib/cli.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BYTES_PER_GB = 1024 ** 3;

const Options = z.object({
  channels: z.coerce.number().int().min(1).max(8),
  days: z.coerce.number().int().min(30).max(1095),
  steps: z
    .string()
    .transform((s) => s.split(',').map(Number))
    .pipe(z.array(z.number().int().min(1).max(64)).min(1).max(4))
    .refine((steps) => steps.every((s, i) => i === 0 || s > (steps[i - 1] ?? 0)), 'steps must grow: 1,4,16'),
  runs: z.coerce.number().int().min(1).max(15),
  port: z.coerce.number().int().min(1024).max(65535),
  seed: z.coerce.number().int().min(0),
  today: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'today must be YYYY-MM-DD'),
  'persist-to': z.string().min(1),
  keep: z.boolean(),
  fold: z.boolean(),
});

const ARGS = {
  channels: { type: 'string', default: '1' },
  days: { type: 'string', default: '365' },
  steps: { type: 'string', default: '1,4,16' },
  runs: { type: 'string', default: '5' },
  port: { type: 'string', default: '8798' },
  seed: { type: 'string', default: '7' },
  today: { type: 'string', default: '2026-11-23' },
  'persist-to': { type: 'string', default: '.tmp/bench-size' },
  keep: { type: 'boolean', default: false },
  fold: { type: 'boolean', default: false },
} as const;

const USAGE = `usage: npm run bench:size -- [--channels N] [--days N] [--steps N,N,...] [--runs N] [--port N] [--seed N]
                           [--today YYYY-MM-DD] [--persist-to DIR] [--keep] [--fold]
  One partner network shaped like a real content owner's reports, loaded through the importer into a
  fresh local D1 step by step (1x, 4x, 16x the channels by default); after each step, what each table and
  index stores per channel-day and per report row (dbstat), and the dashboard's card calls at 90 days and
  lifetime through the built worker under wrangler dev. Prints each step as it ends: the defaults with
  --fold took 33 minutes on a busy 2-core machine (docs/scale.md), --days 60 --steps 1,2 a few minutes.
  --channels N      channels per 1x step, 1 to 8 (default 1)
  --days N          days of reports, 30 to 1095 (default 365)
  --steps N,N,...   growing multiples of --channels, up to 4 of them (default 1,4,16)
  --runs N          rounds of card calls, the median printed (default 5)
  --port N          the local server's port (default 8798)
  --seed N          the generator's seed (default 7)
  --today DATE      the date the generated data is relative to (default 2026-11-23)
  --persist-to DIR  the database, emptied first (default .tmp/bench-size; its files in DIR-files)
  --keep            keep the last step's database (deleted at the end otherwise)
  --fold            then fold title days older than YouTube's backfill window into months and measure again`;

const opts = parseOptions(USAGE, { options: ARGS }, Options);
const STATE = path.resolve(ROOT, opts['persist-to']);
const FILES = `${STATE}-files`;
const seconds = (since: number) => (performance.now() - since) / 1000;

/** A fresh migrated database with the demo accounts, the network (its content owner id) and its grants. */
async function freshNetwork(world: ReturnType<typeof sizeWorld>['world']): Promise<string> {
  rmSync(STATE, { recursive: true, force: true });
  await applyMigrations(ROOT, STATE);
  const local = await openImportD1(ROOT, STATE);
  try {
    await writeAccounts(local.db, world, []);
    await writeGrants(local.db, world);
  } finally {
    await local.dispose();
  }
  const owner = world.networks.find((n) => n.isPartner === 1)?.contentOwnerId;
  if (!owner) throw new Error('the generated network has no content owner id');
  return owner;
}

/**
 * Imports the files as npm run import does (scripts/import.ts: the same D1, sources and runImport), in
 * this process, with the issue time stated for them (as --issued does).
 */
async function importFolder(files: string[], issued: StatedIssue): Promise<number> {
  const local = await openImportD1(ROOT, STATE);
  try {
    const inputs = files.map((file) => ({ name: path.basename(file), source: fileSource(file), issued }));
    const run = await runImport(local, inputs, {});
    const rejected = run.files.filter((f) => f.status === 'rejected');
    if (rejected.length > 0) throw new Error(`rejected: ${JSON.stringify(rejected.map((f) => f.name))}`);
    return run.files.reduce((n, f) => n + f.rows, 0);
  } finally {
    await local.dispose();
  }
}

/** Steps of one fold call here: the bench folds everything at once, as many hourly runs would. */
const FOLD_STEPS_PER_CALL = 1_000;

/** Folds every title day older than the window (as the hourly runs would, all at once), then the sizes again. */
async function foldAll(): Promise<void> {
  const started = performance.now();
  const local = await openImportD1(ROOT, STATE);
  let folded = 0;
  let deleted = 0;
  let through: string | null = null;
  try {
    for (let done = false; !done;) {
      const run = await foldTitleDays(local.db, { steps: FOLD_STEPS_PER_CALL });
      if (run.refused.length > 0) throw new Error(`the fold refused months: ${JSON.stringify(run.refused)}`);
      folded += run.folded;
      deleted += run.deleted;
      through = run.through;
      done = run.done;
    }
  } finally {
    await local.dispose();
  }
  console.log(
    `\nafter folding title days through ${through}: ${folded} channel-months folded, ${deleted.toLocaleString('en-US')} daily rows deleted in ${seconds(started).toFixed(1)} s`,
  );
  printSizes(base, readStored(sqliteFile(STATE)), loaded);
}

console.log(
  `bench:size: ${opts.channels} channel(s) per 1x unit, ${opts.days} days, steps ${opts.steps.join('x, ')}x, seed ${opts.seed}, today ${opts.today}; ` +
    `machine: ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / BYTES_PER_GB).toFixed(0)} GB, Node ${process.version}`,
);
// Before minutes of loading: a port another server holds stops the bench now, not at its first timing.
await ensurePortFree(opts.port);
await buildIfStale(ROOT);
const last = opts.steps[opts.steps.length - 1] ?? 1;
const { world, channels } = sizeWorld({ seed: opts.seed, today: opts.today, channels: last * opts.channels, days: opts.days });
const owner = await freshNetwork(world);
/**
 * Each load's files count as issued one second after the load before's, from the world's today: each
 * step's video metadata snapshot then replaces the step before's (its videos are upserted, earlier
 * ones stay); facts never meet, each step adds other channels.
 */
const firstIssue = Date.parse(`${opts.today}T00:00:00Z`) / MS_PER_SECOND;
let loads = 0;
const nextIssue = (): StatedIssue => ({ at: firstIssue + ++loads, from: 'operator' });
const base: Stored = readStored(sqliteFile(STATE));
const loaded: Loaded = {
  step: 0,
  channels: 0,
  channelDays: 0,
  basicRows: 0,
  revenueRows: 0,
  demographicsRows: 0,
  metadataRows: 0,
  importSeconds: 0,
  generateSeconds: 0,
};
const timings: Array<{ step: number; channels: number; times: Map<string, number[]> }> = [];
for (const [i, added] of stepChannels(channels, opts.steps, opts.channels).entries()) {
  const step = opts.steps[i] ?? 1;
  const part = i + 1;
  const folder = path.join(FILES, `step-${part}`);
  let started = performance.now();
  const metadata = writeMetadata(world, added, owner, path.join(folder, 'catalogue'), part);
  loaded.generateSeconds += seconds(started);
  started = performance.now();
  loaded.metadataRows += await importFolder([metadata], nextIssue());
  loaded.importSeconds += seconds(started);
  // A month is made, loaded and deleted before the next: the files of the 16x step would not fit in memory.
  let making = performance.now();
  for (const month of writeMonths(world, added, owner, folder, part)) {
    loaded.generateSeconds += seconds(making);
    started = performance.now();
    await importFolder(month.files, nextIssue());
    loaded.importSeconds += seconds(started);
    loaded.channelDays += month.channelDays;
    loaded.basicRows += month.basicRows;
    loaded.revenueRows += month.revenueRows;
    loaded.demographicsRows += month.demographicsRows;
    rmSync(month.folder, { recursive: true, force: true });
    process.stdout.write(`  ${step}x: ${month.month} loaded (${month.basicRows} basic rows, ${seconds(started).toFixed(1)} s)\n`);
    making = performance.now();
  }
  loaded.step = step;
  loaded.channels += added.length;
  printSizes(base, readStored(sqliteFile(STATE)), loaded);
  timings.push({ step, channels: loaded.channels, times: await timeCardCalls(ROOT, STATE, String(opts.port), opts.runs) });
}
printGrowth(CALL_LABELS, timings, opts.runs);
if (opts.fold) await foldAll();
rmSync(FILES, { recursive: true, force: true });
if (!opts.keep) rmSync(STATE, { recursive: true, force: true });
