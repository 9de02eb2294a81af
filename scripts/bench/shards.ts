// `npm run bench:shards [-- --channels 10 --years 2 --runs 9]`: partner facts split by network, measured
// under `wrangler dev` (scripts/bench/shards/): (A) one D1 database per network, (B) one SQLite-backed
// Durable Object per network, and today's single shared D1 as the baseline. Loads the same generated
// rows into each, then times one dashboard-like request (a 90-day total, lifetime by channel, 90-day and
// lifetime by country) for a user whose channels span N = 1, 4 and 16 networks, and the cost of one
// call into a D1 binding and into a Durable Object. Figures and choice: docs/partner-store.md.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { startServer, stopServer, waitForUrl } from '../lib/run.ts';
import { loadAverage, machine } from './machine.ts';
import { median } from './timing.ts';
import { parseCommand } from '../lib/cli.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CONFIG = 'scripts/bench/shards/wrangler.toml';
const NETWORKS = 16;
const FAN_OUTS = [1, 4, 16] as const;
const STORES = ['shared', 'd1', 'do'] as const;
const PING_STORES = ['d1', 'do', 'do-sql'] as const;
const DAYS_PER_YEAR = 365;
/** The generated rows start on 2024-01-01; the 90-day range is the last 90 days of the data. */
const START = Date.UTC(2024, 0, 1);
const DAY_MS = 86_400_000;
const RANGE_DAYS = 90;
const SERVER_START_MS = 120_000;
const USAGE = `usage: npm run bench:shards -- [--channels N] [--years N] [--runs N] [--pings N] [--port N] [--persist-to DIR]
  Partner facts of 16 networks split three ways under wrangler dev (scripts/bench/shards/): one shared
  D1, a D1 per network, a Durable Object per network. Loads the same generated rows into each (printing
  the time and size per network), then times one dashboard-like request for a user whose channels span
  1, 4 and 16 networks, and one call into a D1 binding and into a Durable Object. DIR is emptied first.
  --channels N      channels per network (default 10)
  --years N         years of daily rows per channel (default 2)
  --runs N          requests per figure, the median printed (default 9)
  --pings N         calls per binding-cost run (default 200)
  --port N          the local server's port (default 8799)
  --persist-to DIR  its wrangler state (default .tmp/bench-shards)`;

const { values } = parseCommand(USAGE, {
  options: {
    channels: { type: 'string', default: '10' },
    years: { type: 'string', default: '2' },
    runs: { type: 'string', default: '9' },
    pings: { type: 'string', default: '200' },
    port: { type: 'string', default: '8799' },
    'persist-to': { type: 'string', default: '.tmp/bench-shards' },
  },
});
const CHANNELS = Number(values.channels);
const DAYS = Number(values.years) * DAYS_PER_YEAR;
const RUNS = Number(values.runs);
const PINGS = Number(values.pings);
const BASE = `http://localhost:${values.port}`;
const STATE = path.resolve(ROOT, values['persist-to']);

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
const TO = isoDay(START + (DAYS - 1) * DAY_MS);
const FROM = isoDay(START + (DAYS - RANGE_DAYS) * DAY_MS);

async function getJson<T>(pathAndQuery: string): Promise<{ body: T; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${BASE}${pathAndQuery}`);
  const body = (await res.json()) as T & { error?: string };
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${pathAndQuery} answered ${res.status}: ${body.error ?? ''}`);
  return { body, ms };
}

/** Loads every network into each store; prints the time and size per network. */
async function loadAll(): Promise<void> {
  for (const store of STORES) {
    const times: number[] = [];
    let bytes = 0;
    for (let k = 0; k < NETWORKS; k++) {
      const { body } = await getJson<{ ms: number; bytes: number }>(`/load?store=${store}&network=${k}&channels=${CHANNELS}&days=${DAYS}`);
      times.push(body.ms);
      bytes = store === 'shared' ? body.bytes : bytes + body.bytes;
    }
    const mb = bytes / 1e6;
    console.log(
      `  load ${store.padEnd(6)} ${NETWORKS} networks: median ${median(times)} ms per network (one batch / one transaction each), ` +
        `${mb.toFixed(1)} MB in all (${(mb / (NETWORKS * CHANNELS * (DAYS / DAYS_PER_YEAR))).toFixed(3)} MB per channel-year)`,
    );
  }
}

interface QueryAnswer {
  ms: number;
  merged: unknown;
}

/** Median request time per (store, N), rounds interleaved so load on the shared machine hits all alike. */
async function fanOuts(): Promise<void> {
  const route = (store: string, n: number) => `/query?store=${store}&n=${n}&channels=${CHANNELS}&from=${FROM}&to=${TO}`;
  const samples = new Map<string, { round: number[]; inner: number[]; answer: string }>();
  for (const n of FAN_OUTS) for (const store of STORES) samples.set(`${store}:${n}`, { round: [], inner: [], answer: '' });
  for (const n of FAN_OUTS) for (const store of STORES) await getJson(route(store, n)); // warm-up
  for (let round = 0; round < RUNS; round++) {
    for (const n of FAN_OUTS) {
      for (const store of STORES) {
        const { body, ms } = await getJson<QueryAnswer>(route(store, n));
        const entry = samples.get(`${store}:${n}`)!;
        entry.round.push(ms);
        entry.inner.push(body.ms);
        entry.answer = JSON.stringify(body.merged);
      }
    }
  }
  console.log(`\n  one dashboard request, user's channels in N networks (${CHANNELS} channels each), median of ${RUNS}:`);
  console.log('  N   | shared D1 (today)         | (A) D1 per network        | (B) DO per network        | answers');
  for (const n of FAN_OUTS) {
    const cells = STORES.map((store) => {
      const s = samples.get(`${store}:${n}`)!;
      return `${median(s.round).toFixed(1).padStart(6)} ms (worker ${String(median(s.inner)).padStart(3)} ms)`;
    });
    const answers = new Set(STORES.map((store) => samples.get(`${store}:${n}`)!.answer));
    console.log(`  ${String(n).padEnd(3)} | ${cells.join(' | ')} | ${answers.size === 1 ? 'identical' : 'DIFFER'}`);
  }
}

/** The largest fan-out asked in turn and in parallel: does the local engine run shards side by side? */
async function parallelism(): Promise<void> {
  const n = FAN_OUTS.at(-1)!;
  const cells: string[] = [];
  for (const store of ['d1', 'do'] as const) {
    const timing = { parallel: [] as number[], sequential: [] as number[] };
    for (let round = 0; round < RUNS; round++) {
      for (const mode of ['parallel', 'sequential'] as const) {
        const flag = mode === 'sequential' ? '&sequential=1' : '';
        const { ms } = await getJson(`/query?store=${store}&n=${n}&channels=${CHANNELS}&from=${FROM}&to=${TO}${flag}`);
        timing[mode].push(ms);
      }
    }
    cells.push(
      `${store === 'd1' ? '(A)' : '(B)'} parallel ${median(timing.parallel).toFixed(1)} ms, in turn ${median(timing.sequential).toFixed(1)} ms`,
    );
  }
  console.log(`\n  N = ${n}, shards asked in parallel vs one after the other: ${cells.join('; ')}`);
}

/** Per-call cost of crossing into a D1 binding and into a Durable Object: `PINGS` sequential calls, 3 times. */
async function crossings(): Promise<void> {
  console.log(`\n  one call, sequential, ${PINGS} calls x 3 (worker's own clock):`);
  for (const store of PING_STORES) {
    const perCall: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { body } = await getJson<{ ms: number; calls: number }>(`/ping?store=${store}&calls=${PINGS}`);
      perCall.push(body.ms / body.calls);
    }
    const label = {
      d1: "D1 binding, prepare('SELECT 1').first()",
      do: 'Durable Object RPC, no SQL',
      'do-sql': "Durable Object RPC, sql.exec('SELECT 1')",
    }[store];
    console.log(`  ${label.padEnd(42)} ${median(perCall).toFixed(3)} ms per call (runs ${perCall.map((v) => v.toFixed(3)).join(', ')})`);
  }
}

console.log(`bench:shards: ${NETWORKS} networks x ${CHANNELS} channels x ${DAYS} days (${FROM}..${TO} is the 90-day range)`);
console.log(`  machine: ${machine()}`);
rmSync(STATE, { recursive: true, force: true });
const server = await startServer(['-c', CONFIG, '--port', values.port, '--persist-to', STATE], ROOT);
try {
  await waitForUrl(`${BASE}/ping?store=do&calls=1`, SERVER_START_MS, server);
  await loadAll();
  await fanOuts();
  await parallelism();
  await crossings();
  console.log(`  machine after: load ${loadAverage()}`);
} finally {
  // A server that failed to start has exited already: stopping it again would hide its error.
  if (server.exitCode === null) stopServer(server);
}
