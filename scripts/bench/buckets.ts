// `npm run bench:buckets [-- --channels 10000 --days 1095 --buckets 10 --runs 7]`: one content-owner network
// spread over N bucket stores (docs/partner-store.md, "A network larger than one store"), generated at the
// storage level (scripts/bench/buckets/generate.ts: the importer could not load it on this machine), then the
// product's own reads over it (statsDbFor, split/dashboard.ts's cards) for the owner (every channel) and a
// partner granted 50 channels over several buckets, the same network in one store, storage per bucket
// (dbstat) and a 50-channel move between buckets. Figures: docs/scale.md.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import { applyMigrations } from '../demo/load/migrate.ts';
import { parseOptions } from '../lib/cli.ts';
import { ensurePortFree, mustRun, startServer, stopServer, waitForUrl, WRANGLER_ENV } from '../lib/run.ts';
import { addDays, monthStart, monthOf } from '../../src/lib/dates/time.ts';
import { loadAverage, machine } from './machine.ts';
import { BucketsClient, readStored, storeFiles, tableLines, type Who } from './buckets/client.ts';
import type { Shape } from './buckets/generate.ts';
import { checkAnswered, type DashboardBody } from './split/client.ts';
import { writeEntry } from './split/entry.ts';
import { add, noSamples, type Samples, spread } from './split/samples.ts';
import { median } from './timing.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CONFIG = 'scripts/bench/buckets/wrangler.toml';
const SERVER_START_MS = 180_000;
/** YouTube's reporting lag: facts run to two days before today. */
const LAG_DAYS = 2;
const PARTNER_CHANNELS = 50;

const Options = z.object({
  channels: z.coerce.number().int().min(10).max(20_000),
  days: z.coerce.number().int().min(200).max(1095),
  buckets: z.coerce.number().int().min(2).max(63),
  'country-days': z.coerce.number().int().min(1).max(1095),
  'title-days': z.coerce.number().int().min(1).max(1095),
  titles: z.coerce.number().int().min(1).max(20),
  videos: z.coerce.number().int().min(1).max(300),
  chunk: z.coerce.number().int().min(1).max(1000),
  runs: z.coerce.number().int().min(1).max(50),
  one: z.boolean(),
  port: z.coerce.number().int().min(1024).max(65535),
  today: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'today must be YYYY-MM-DD'),
  'persist-to': z.string().min(1),
});

const ARGS = {
  channels: { type: 'string', default: '10000' },
  days: { type: 'string', default: '1095' },
  buckets: { type: 'string', default: '10' },
  'country-days': { type: 'string', default: '31' },
  'title-days': { type: 'string', default: '61' },
  titles: { type: 'string', default: '2' },
  videos: { type: 'string', default: '10' },
  chunk: { type: 'string', default: '25' },
  runs: { type: 'string', default: '7' },
  one: { type: 'boolean', default: false },
  port: { type: 'string', default: '8798' },
  today: { type: 'string', default: '2026-11-23' },
  'persist-to': { type: 'string', default: '.tmp/bench-buckets' },
} as const;

const USAGE = `usage: npm run bench:buckets -- [--channels N] [--days N] [--buckets N] [--country-days N] [--title-days N] [--titles N]
                              [--videos N] [--chunk N] [--runs N] [--one] [--port N] [--today YYYY-MM-DD] [--persist-to DIR]
  One network of N channels spread over bucket stores (round-robin), its facts generated at the storage level
  (INSERT ... SELECT from recursive CTEs in each store, not the importer), then the product's reads over it:
  the owner's default dashboard (every channel) and a partner's (${PARTNER_CHANNELS} channels over several buckets), median
  and p90 of the client and worker clocks; storage per bucket (dbstat); a move of ${PARTNER_CHANNELS} channels between buckets.
  Prints each step as it goes; the defaults took 5 min 15 s on a shared 2-core machine (docs/scale.md).
  --channels N       channels of the network (default 10000)
  --days N           days of facts to the latest day, 200 to 1095 (default 1095)
  --buckets N        bucket stores, 2 to 63 (default 10)
  --country-days N   country days kept (from a month start), older country months from channel months (default 31)
  --title-days N     the same for title days (default 61); the title grain is scaled down (below)
  --titles N         titles per channel (default 2; one video type)
  --videos N         videos per channel (default 10)
  --chunk N          channels of a bucket per fill call (default 25)
  --runs N           timed rounds after one warm-up (default 7)
  --one              also the same network in one store (network 2), owner's dashboard timed against it
  --port N           the local server's port (default 8798)
  --today DATE       the date the data is relative to (default 2026-11-23)
  --persist-to DIR   the state, emptied first (default .tmp/bench-buckets)`;

const opts = parseOptions(USAGE, { options: ARGS }, Options);
await ensurePortFree(opts.port);
const STATE = path.resolve(ROOT, opts['persist-to']);
const client = new BucketsClient(`http://localhost:${opts.port}`);
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
const latest = addDays(opts.today, -LAG_DAYS);
/** A month start at or before `days` days back from the latest day. */
const monthBack = (days: number) => monthStart(monthOf(addDays(latest, 1 - days)));

function shapeOf(network: number, buckets: number): Shape {
  return {
    network,
    channels: opts.channels,
    buckets,
    first: addDays(latest, 1 - opts.days),
    days: opts.days,
    countryFrom: monthBack(opts['country-days']),
    titleFrom: monthBack(opts['title-days']),
    countries: 41,
    titles: opts.titles,
    videos: opts.videos,
  };
}

/** Every bucket's channels, `chunk` of a bucket a call, buckets in turn: progress every tenth. */
async function fill(shape: Shape): Promise<void> {
  const started = performance.now();
  const step = opts.chunk * shape.buckets;
  let shown = 0;
  for (let from = 1; from <= shape.channels; from += step) {
    const to = Math.min(shape.channels, from + step - 1);
    for (let bucket = 0; bucket < shape.buckets; bucket++) await client.fill(shape, bucket, from, to);
    if (to / shape.channels >= (shown + 1) / 10 || to === shape.channels) {
      shown = Math.floor((to / shape.channels) * 10);
      console.log(`    network ${shape.network}: ${to} of ${shape.channels} channels in ${seconds(started)} s (load ${loadAverage()})`);
    }
  }
}

/** `rounds` rounds of each dashboard, in turn, after one warm-up each; every card must answer. */
async function time(asks: Record<string, () => Promise<{ body: DashboardBody; ms: number }>>): Promise<Record<string, Samples>> {
  const samples: Record<string, Samples> = {};
  for (const [name, ask] of Object.entries(asks)) {
    const warm = await ask();
    checkAnswered('split', 0, warm.body);
    console.log(`    ${name}: ${warm.body.channels} channels, warm-up ${warm.ms.toFixed(0)} ms`);
    samples[name] = noSamples();
  }
  for (let round = 0; round < opts.runs; round++) {
    for (const [name, ask] of Object.entries(asks)) add(samples[name] ?? noSamples(), await ask());
  }
  return samples;
}

/**
 * The answers that name no channel id (the demographics card's top channels do), to 12 significant digits:
 * averages added up store by store differ from one store's in the last bit of a double.
 */
const rounded = (value: unknown) => JSON.stringify(value, (_, v: unknown) => (typeof v === 'number' ? Number(v.toPrecision(12)) : v));
const sums = (b: DashboardBody) => rounded({ dates: b.dates, period: b.period, base: b.answers.base, geography: b.answers.geography });
/** Every answer, to 12 significant digits. */
const key = (b: DashboardBody) => rounded({ dates: b.dates, period: b.period, answers: b.answers });
const ask = (who: Who, network: number) => () => client.whose(who, network, opts.today);

console.log(
  `bench:buckets: one network of ${opts.channels} channels x ${opts.days} days over ${opts.buckets} buckets` +
    `${opts.one ? ', and the same in one store' : ''}; latest day ${latest}, ${opts.runs} rounds`,
);
console.log(`  machine: ${machine()}`);
rmSync(STATE, { recursive: true, force: true });
mkdirSync(STATE, { recursive: true });
const total = performance.now();
// split/entry.ts's module with its default export pointed at this benchmark's worker: the split worker
// would bundle the importer, which this benchmark does not run.
const { entry } = writeEntry(ROOT, STATE);
const splitWorker = JSON.stringify(path.join(ROOT, 'scripts/bench/split/worker.ts'));
writeFileSync(entry, readFileSync(entry, 'utf8').replace(splitWorker, JSON.stringify(path.join(ROOT, 'scripts/bench/buckets/worker.ts'))));
await applyMigrations(ROOT, STATE, { binding: 'SHARED', config: CONFIG });
// Bundled once and served as is (--no-bundle): wrangler dev rebuilds and restarts the worker, mid-request,
// whenever a source file it bundled changes, and other people edit src/ on this machine.
const BUNDLE = path.join(STATE, 'bundle');
await mustRun('npx', ['wrangler', 'deploy', '--dry-run', '--outdir', BUNDLE, '-c', CONFIG, entry], {
  cwd: ROOT,
  env: WRANGLER_ENV,
  stdio: 'ignore',
});
const bundled = path.join(BUNDLE, 'entry.js');
const server = await startServer(
  ['-c', CONFIG, bundled, '--no-bundle', '--port', String(opts.port), '--persist-to', STATE],
  ROOT,
  path.join(STATE, 'server.log'),
);
const networks = [shapeOf(1, opts.buckets), ...(opts.one ? [shapeOf(2, 1)] : [])];
try {
  await waitForUrl(`${client.base}/health`, SERVER_START_MS, server);
  const [spread0] = networks;
  if (!spread0) throw new Error('no network');
  console.log(
    `  shape: ${opts.channels} channels, ${spread0.first}..${latest}; country days from ${spread0.countryFrom}, title days from ${spread0.titleFrom}, ` +
      `${opts.titles} titles and ${opts.videos} videos a channel, 41 countries, 21 audience cells`,
  );
  for (const shape of networks) {
    let started = performance.now();
    await client.setupNetwork(shape, shape.network === 1 ? Array.from({ length: PARTNER_CHANNELS }, (_, i) => i + 1) : []);
    console.log(
      `  network ${shape.network}: catalogue and grants in the shared D1 in ${seconds(started)} s; filling ${shape.buckets} store(s)`,
    );
    started = performance.now();
    await fill(shape);
    console.log(`  network ${shape.network}: filled in ${seconds(started)} s`);
  }
  const read = await client.tables(1, opts.today);
  console.log(`  the owner's default dashboard sends ${read.statements} statements to the stores, reading: ${read.tables.join(', ')}`);
  const bytes = await client.sizes(1, opts.buckets);
  console.log(
    `  storage per bucket (MB): ${bytes.map((b) => (b / 1e6).toFixed(1)).join(', ')}; total ${(bytes.reduce((a, b) => a + b, 0) / 1e6).toFixed(1)} MB`,
  );
  if (opts.one) console.log(`  the same network in one store: ${((await client.sizes(2, 1))[0]! / 1e6).toFixed(1)} MB`);

  console.log(`\n  default dashboard (every card), median and p90 of ${opts.runs}, client (worker) ms:`);
  const asks: Record<string, () => Promise<{ body: DashboardBody; ms: number }>> = {
    [`owner, ${opts.channels} channels over ${opts.buckets} buckets`]: ask('owner', 1),
    [`partner, ${PARTNER_CHANNELS} channels over ${Math.min(opts.buckets, PARTNER_CHANNELS)} buckets`]: ask('partner', 1),
    ...(opts.one ? { [`owner, ${opts.channels} channels in one store`]: ask('owner', 2) } : {}),
  };
  const samples = await time(asks);
  for (const [name, s] of Object.entries(samples))
    console.log(`    ${name.padEnd(44)} ${spread(s)}; scope ${median(s.resolve).toFixed(0)} ms`);
  const before = (await ask('owner', 1)()).body;
  if (opts.one) {
    const one = (await ask('owner', 2)()).body;
    if (sums(before) !== sums(one)) throw new Error('the network over buckets and in one store answer DIFFERENT base or geography cards');
    console.log('  check: base and geography cards identical over the buckets and in one store (to 12 significant digits)');
  }

  const r = await client.rebalance(1, 2, 3, PARTNER_CHANNELS);
  const rb = r.body;
  const sec = (n: number) => (n / 1000).toFixed(1);
  console.log(
    `  rebalance.ts: ${rb.channels} channels from bucket 2 to bucket 3 in ${sec(r.ms)} s (client): copy ${sec(rb.copyMs)} s ` +
      `(${rb.rows.copied} rows), check ${sec(rb.checkMs)} s, flip ${rb.flipMs} ms, prune ${sec(rb.pruneMs)} s (${rb.rows.pruned} rows); ${rb.calls} steps`,
  );
  const rebalanced = (await ask('owner', 1)()).body;
  console.log(
    `  check: tables differing after the copy: ${rb.differ.join(', ') || 'none'}; owner's dashboard ${key(before) === key(rebalanced) ? 'identical' : 'DIFFERENT'}`,
  );
  if (rb.differ.length > 0 || key(before) !== key(rebalanced)) throw new Error('rebalance.ts lost or changed rows');
  const afterBytes = await client.sizes(1, opts.buckets);
  console.log(`  storage after the move (MB): ${afterBytes.map((b) => (b / 1e6).toFixed(1)).join(', ')}`);
} finally {
  if (server.exitCode === null) stopServer(server);
}
await new Promise((resolve) => setTimeout(resolve, 2000));
const files = storeFiles(STATE);
for (const store of [`1/${Math.min(5, opts.buckets - 1)}`, ...(opts.one ? ['2/0'] : [])]) {
  const file = files.get(store);
  if (!file) continue;
  const stored = readStored(file);
  console.log(
    `\n  network/bucket ${store}: ${(stored.fileBytes / 1e6).toFixed(1)} MB file (WAL ${(stored.walBytes / 1e6).toFixed(1)} MB), by table and its indexes:`,
  );
  for (const line of tableLines(stored)) console.log(line);
}
console.log(`\n  done in ${seconds(total)} s; machine after: load ${loadAverage()}`);
