// `npm run bench:split [-- --networks 1,4,16 --channels 2 --days 120 --videos 30 --runs 5 --imports 10]`: the product's own
// code under `wrangler dev` with partner facts split by network (scripts/bench/split/). N networks of the
// same size, each in its own network store (the product's NetworkStore, migrations/ applied by the object)
// and all of them in one shared D1 (migrations/ applied by wrangler), loaded through the product's
// importer; then network 1's dashboard (the product's card functions) as N grows, split against shared,
// with every network's answers checked identical in both; then network 2's dashboard while a month of
// network 1's reports is imported, into its store and into the shared D1. Figures: docs/scale.md.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import { applyMigrations } from '../demo/load/migrate.ts';
import { ensurePortFree, startServer, stopServer, waitForUrl } from '../lib/run.ts';
import { loadAverage, machine } from './machine.ts';
import { answerKey, checkAnswered, importParts, STORES, WorkerClient, type ImportBody, type Store } from './split/client.ts';
import { writeEntry } from './split/entry.ts';
import { writeTemplate, type Template } from './split/files.ts';
import type { MonthFiles } from './size-files.ts';
import { median } from './timing.ts';
import { add, cell, noSamples, type Samples, spread, timeRounds } from './split/samples.ts';
import { parseOptions } from '../lib/cli.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CONFIG = 'scripts/bench/split/wrangler.toml';
const SERVER_START_MS = 180_000;
const DAYS_PER_YEAR = 365;
/** The network whose dashboard is timed while other networks' months are imported. */
const WATCHED = 2;
/** A network id no step loads: its store holds the schema alone (the empty store's size). */
const EMPTY_NETWORK = 64;
/** Rounds of the watched network's dashboard with nothing importing: enough for a p90 beside the imports'. */
const IDLE_ROUNDS = 20;

const Options = z.object({
  networks: z
    .string()
    .transform((s) => s.split(',').map(Number))
    .pipe(z.array(z.number().int().min(1).max(63)).min(1).max(5))
    .refine((steps) => steps.every((s, i) => i === 0 || s > (steps[i - 1] ?? 0)), 'networks must grow: 1,4,16'),
  channels: z.coerce.number().int().min(1).max(50),
  days: z.coerce.number().int().min(45).max(1095),
  videos: z.coerce.number().int().min(5).max(300),
  runs: z.coerce.number().int().min(1).max(25),
  imports: z.coerce.number().int().min(1).max(62),
  port: z.coerce.number().int().min(1024).max(65535),
  seed: z.coerce.number().int().min(0),
  today: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'today must be YYYY-MM-DD'),
  'persist-to': z.string().min(1),
});

const ARGS = {
  networks: { type: 'string', default: '1,4,16' },
  channels: { type: 'string', default: '2' },
  days: { type: 'string', default: '120' },
  videos: { type: 'string', default: '30' },
  runs: { type: 'string', default: '5' },
  imports: { type: 'string', default: '10' },
  port: { type: 'string', default: '8797' },
  seed: { type: 'string', default: '7' },
  today: { type: 'string', default: '2026-11-23' },
  'persist-to': { type: 'string', default: '.tmp/bench-split' },
} as const;

const USAGE = `usage: npm run bench:split -- [--networks N,N,...] [--channels N] [--days N] [--videos N] [--runs N] [--imports N]
                            [--port N] [--seed N] [--today YYYY-MM-DD] [--persist-to DIR]
  The product's own code under wrangler dev with partner facts split by network (scripts/bench/split/):
  N networks of the same size, each in its own network store and all in one shared D1, loaded through
  the importer; then network 1's dashboard as N grows, split against shared, every network's answers
  checked identical in both; then network 2's dashboard idle and while other networks' last month is
  imported, one network a round, into its store and into the shared D1.
  Prints each load and step as it ends; the defaults took 3 min 45 s on a shared 2-core machine (docs/scale.md).
  --networks N,N,...  growing network counts, up to 5 of them, at most 63 (default 1,4,16)
  --channels N        channels per network, 1 to 50 (default 2)
  --days N            days of reports, 45 to 1095 (default 120)
  --videos N          videos per channel, 5 to 300 (default 30)
  --runs N            rounds of dashboard calls, the median printed (default 5)
  --imports N         networks whose last month is imported while network 2's dashboard is timed (default 10)
  --port N            the local server's port (default 8797)
  --seed N            the generator's seed (default 7)
  --today DATE        the date the generated data is relative to (default 2026-11-23)
  --persist-to DIR    the state, emptied first (default .tmp/bench-split; its files in DIR-files)`;

const opts = parseOptions(USAGE, { options: ARGS }, Options);
// Before minutes of making reports: a port another server holds stops the bench now, not after them.
await ensurePortFree(opts.port);
const STATE = path.resolve(ROOT, opts['persist-to']);
const FILES = `${STATE}-files`;
const client = new WorkerClient(`http://localhost:${opts.port}`);
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

interface LoadTotals {
  rows: number;
  ms: Record<Store, number>;
}

/** One network into both stores, month by month, the stores alternated so machine load hits both alike. */
async function loadNetwork(network: number, template: Template, months: string[][], totals: LoadTotals): Promise<void> {
  await client.setup(network, template);
  for (const files of [[template.metadata], ...months]) {
    for (const store of STORES) {
      const body = await importParts(client, store, network, template, files);
      totals.ms[store] += body.ms;
      if (store === 'split') totals.rows += body.rows;
    }
  }
}

/** Every loaded network's dashboard in both stores: identical answers, or the benchmark fails. */
async function verify(networks: number[], today: string): Promise<void> {
  for (const network of networks) {
    const [split, shared] = await Promise.all([client.dashboard('split', network, today), client.dashboard('shared', network, today)]);
    checkAnswered('split', network, split.body);
    checkAnswered('shared', network, shared.body);
    if (answerKey(split.body) !== answerKey(shared.body)) {
      console.error(`split: ${answerKey(split.body).slice(0, 2000)}\nshared: ${answerKey(shared.body).slice(0, 2000)}`);
      throw new Error(`network ${network}: the dashboard in its store and in the shared D1 DIFFER`);
    }
  }
  console.log(
    `  check: network${networks.length > 1 ? 's' : ''} ${[...networks].sort((x, y) => x - y).join(', ')}: every card identical in the network's store and in the shared D1`,
  );
}

/** Network `network`'s dashboard, `rounds` interleaved rounds over both stores after one warm-up each. */
const timeDashboards = (network: number, rounds = opts.runs) => timeRounds((store) => client.dashboard(store, network, opts.today), rounds);

/**
 * A user whose channels span the first k networks (k = each N of --networks): answers identical split
 * and shared, then timed, the two layouts alternated.
 */
async function spanningUsers(): Promise<void> {
  console.log(
    `\n  a user whose channels span k networks (every channel of networks 1..k), median of ${opts.runs}, client (worker; scope):`,
  );
  console.log('  k   | network stores, fanned out and merged          | shared D1 (baseline)');
  for (const k of opts.networks) {
    const [split, shared] = await Promise.all([client.spanning('split', k, opts.today), client.spanning('shared', k, opts.today)]);
    checkAnswered('split', k, split.body);
    checkAnswered('shared', k, shared.body);
    if (answerKey(split.body) !== answerKey(shared.body))
      throw new Error(`a user spanning ${k} networks: the stores' merged dashboard and the shared D1's DIFFER`);
    const samples = await timeRounds((store) => client.spanning(store, k, opts.today), opts.runs);
    console.log(`  ${String(k).padEnd(3)} | ${cell(samples.split)} | ${cell(samples.shared)}`);
  }
  console.log("  check: every spanning user's cards identical, merged from the stores and read from the shared D1");
}

/** Network WATCHED's dashboard asked again and again while `network`'s held month loads into `store`. */
async function duringImport(store: Store, network: number, files: string[], into: Samples): Promise<ImportBody> {
  let done = false;
  const importing = importParts(client, store, network, template, files).finally(() => (done = true));
  while (!done) add(into, await client.dashboard(store, WATCHED, opts.today));
  return importing;
}

/**
 * Network WATCHED's dashboard idle, then while other networks' held months are imported (one network a
 * round, up to `imports`): into the network's store, then the same files into the shared D1.
 */
async function interference(held: MonthFiles): Promise<void> {
  const importers = Array.from({ length: last }, (_, i) => i + 1)
    .filter((n) => n !== WATCHED)
    .slice(0, opts.imports);
  const idle = await timeDashboards(WATCHED, IDLE_ROUNDS);
  const during = { split: { samples: noSamples(), ms: [] as number[] }, shared: { samples: noSamples(), ms: [] as number[] } };
  let rows = 0;
  for (const network of importers) {
    for (const store of STORES) {
      const body = await duringImport(store, network, held.files, during[store].samples);
      during[store].ms.push(body.ms);
      rows = body.rows;
    }
  }
  await verify([...importers, WATCHED], opts.today);
  console.log(
    `\n  network ${WATCHED}'s dashboard while ${held.month} of another network (${rows} report rows) is imported, ` +
      `${importers.length} imports (networks ${importers.join(', ')}) into each; client (worker):`,
  );
  console.log(
    '  import goes into             | network 2 idle: median, p90                  | during the imports: median, p90, samples           | import: median, rows/s',
  );
  for (const store of STORES) {
    const d = during[store].samples;
    const label = store === 'split' ? "the network's store (split)" : 'the shared D1 (baseline)';
    console.log(
      `  ${label.padEnd(28)} | ${spread(idle[store])} | ${spread(d)}, ${d.client.length} | ` +
        `${(median(during[store].ms) / 1000).toFixed(1)} s, ${Math.round(rows / (median(during[store].ms) / 1000))}`,
    );
  }
}

const last = opts.networks.at(-1) ?? 1;
console.log(
  `bench:split: networks ${opts.networks.join(', ')}; each ${opts.channels} channels x ${opts.days} days, ~${opts.videos} videos a channel ` +
    `(seed ${opts.seed}, today ${opts.today}), ${opts.runs} rounds`,
);
console.log(`  machine: ${machine()}`);
rmSync(STATE, { recursive: true, force: true });
rmSync(FILES, { recursive: true, force: true });
mkdirSync(STATE, { recursive: true });
let started = performance.now();
const template = writeTemplate(
  { seed: opts.seed, today: opts.today, channels: opts.channels, days: opts.days, videosPerChannel: opts.videos },
  FILES,
);
const held = template.months.at(-1);
const baseMonths = template.months.slice(0, -1);
if (!held || baseMonths.length === 0) throw new Error('--days must give at least two calendar months');
const baseDays = baseMonths.reduce((n, m) => n + m.channelDays, 0) / opts.channels;
const heldRows = held.basicRows + held.revenueRows + held.demographicsRows;
console.log(
  `  files: one network's reports made in ${seconds(started)} s: ${baseMonths.length} months loaded into every network ` +
    `(${baseMonths.reduce((n, m) => n + m.basicRows + m.revenueRows + m.demographicsRows, 0)} report rows, ${baseDays} days a channel), ` +
    `${held.month} (${heldRows} rows) held back for the import`,
);
const { entry, migrations } = writeEntry(ROOT, STATE);
// The shared D1 gets migrations/ the way the product's does.
await applyMigrations(ROOT, STATE, { binding: 'SHARED', config: CONFIG });
console.log(
  `  schema: ${migrations.length} migrations (${migrations[0]}..${migrations.at(-1)}) in the shared D1 (wrangler) and in each store (the object)`,
);
const server = await startServer(['-c', CONFIG, entry, '--port', String(opts.port), '--persist-to', STATE], ROOT);
try {
  await waitForUrl(`${client.base}/health`, SERVER_START_MS, server);
  const totals: LoadTotals = { rows: 0, ms: { split: 0, shared: 0 } };
  const growth: Array<{ n: number; samples: Record<Store, Samples>; sharedBytes: number }> = [];
  let loaded = 0;
  for (const n of opts.networks) {
    started = performance.now();
    for (let network = loaded + 1; network <= n; network++)
      await loadNetwork(
        network,
        template,
        baseMonths.map((m) => m.files),
        totals,
      );
    console.log(`  loaded networks ${loaded + 1}..${n} in ${seconds(started)} s`);
    loaded = n;
    await verify([1], opts.today);
    growth.push({ n, samples: await timeDashboards(1), sharedBytes: await client.size('shared', 1) });
  }
  const perStore = (store: Store) =>
    `${(totals.ms[store] / 1000).toFixed(1)} s (${Math.round(totals.rows / (totals.ms[store] / 1000))} rows/s)`;
  console.log(
    `  importer, ${last} networks x ${totals.rows / last} rows: into the stores ${perStore('split')}, into the shared D1 ${perStore('shared')}`,
  );
  await verify(
    Array.from({ length: last }, (_, i) => i + 1),
    opts.today,
  );

  console.log(
    `\n  network 1's dashboard (${opts.channels} channels), N networks loaded, median of ${opts.runs}, client (worker; scope resolved in the shared D1):`,
  );
  console.log('  N   | network store (split)                          | shared D1 (baseline)                           | shared D1 size');
  for (const { n, samples, sharedBytes } of growth) {
    console.log(`  ${String(n).padEnd(3)} | ${cell(samples.split)} | ${cell(samples.shared)} | ${(sharedBytes / 1e6).toFixed(1)} MB`);
  }

  await spanningUsers();
  if (last >= WATCHED) await interference(held);

  // A store no step touched: its first call creates it and applies every migration before answering.
  const created = performance.now();
  const empty = await client.size('split', EMPTY_NETWORK);
  const firstCallMs = performance.now() - created;
  const watched = await client.size('split', Math.min(WATCHED, last));
  const channelYears = (opts.channels * baseDays) / DAYS_PER_YEAR;
  const perChannelYear = (watched - empty) / channelYears;
  console.log(
    `\n  size: a network's store ${(watched / 1e6).toFixed(1)} MB (empty store ${(empty / 1e6).toFixed(2)} MB), ` +
      `${channelYears.toFixed(2)} channel-years: ${(perChannelYear / 1e6).toFixed(3)} MB per channel-year; ` +
      `10 GB holds ${Math.floor(10e9 / perChannelYear)} channel-years; a new store's first call (migrations applied) ${firstCallMs.toFixed(0)} ms`,
  );
  console.log(`  machine after: load ${loadAverage()}`);
} finally {
  // A server that failed to start has exited already: stopping it again would hide its error.
  if (server.exitCode === null) stopServer(server);
}
rmSync(FILES, { recursive: true, force: true });
