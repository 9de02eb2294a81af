// `npm run bench:retention`: daily public snapshots pruned to a window on a copy of the large dataset.
// Rows and bytes of channel_snapshots before and after, the time of each pruning statement, and the
// channel page, its daily-data call and /trends rendered uncached before and after, through the built
// worker (wrangler dev). It deletes rows: point it at a copy, never at a shared seed.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PRUNE_ROWS_PER_STATEMENT, PRUNE_STATEMENTS_BY_HAND_MAX } from '../../src/server/ingest/retention/prune.ts';
import { startServer, stopServer, waitForUrl } from '../lib/run.ts';
import { median } from './timing.ts';
import { parseCommand, refuse } from '../lib/cli.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const USAGE = `usage: npm run bench:retention -- --persist-to DIR [--days N] [--port N] [--runs N] [--timed-statements N]
  Prunes the daily public snapshots of a copy of the large dataset to a window of N days, through the
  built worker under wrangler dev: channel_snapshots' rows and bytes before and after (and after VACUUM),
  the time of each pruning statement, and the channel page, its daily-data call and /trends rendered
  uncached before and after. It deletes rows: DIR must be a copy, never a shared seed. Prints each
  figure as it is measured; the pruning itself prints once it is done.
  --persist-to DIR        a copy of the large dataset's wrangler state (required)
  --days N                PUBLIC_SNAPSHOT_DAYS, the window kept (default 200)
  --port N                the local server's port (default 8797)
  --runs N                uncached fetches per page, median and p90 printed (default 15)
  --timed-statements N    pruning calls of one statement each timed before the rest (default 40)`;
const { values } = parseCommand(USAGE, {
  options: {
    'persist-to': { type: 'string' },
    days: { type: 'string', default: '200' },
    port: { type: 'string', default: '8797' },
    runs: { type: 'string', default: '15' },
    'timed-statements': { type: 'string', default: '40' },
  },
});
if (!values['persist-to']) refuse(USAGE, '--persist-to <a copy of the large dataset> is required: the bench deletes rows');
const STATE = path.resolve(ROOT, values['persist-to']);
const BASE = `http://localhost:${values.port}`;
const RUNS = Number(values.runs);
const TIMED = Number(values['timed-statements']);
/** Local only: the worker started here takes it as its admin token. */
const TOKEN = 'bench-retention-token-0123456789abcdef0123';

/** The D1 file under the persist directory (wrangler keeps one per database). */
function databaseFile(): string {
  const dir = path.join(STATE, 'v3/d1/miniflare-D1DatabaseObject');
  const file = readdirSync(dir).find((name) => name.endsWith('.sqlite') && name !== 'metadata.sqlite');
  if (!file) throw new Error(`no D1 database under ${dir}`);
  return path.join(dir, file);
}

/** Debian's sqlite3 on the file, for what D1 does not offer (dbstat, VACUUM); the worker must be stopped. */
const sqlite = (statement: string, readonly = true) =>
  execFileSync('sqlite3', [...(readonly ? ['-readonly'] : []), databaseFile(), statement], { encoding: 'utf8' }).trim();

function sizes(label: string): void {
  const [rows, channels, perChannel] = sqlite(
    `SELECT count(*), count(DISTINCT channel_id), round(count(*) * 1.0 / count(DISTINCT channel_id), 1) FROM channel_snapshots`,
  ).split('|');
  const [pages, payload] = sqlite(`SELECT sum(pgsize), sum(payload) FROM dbstat WHERE name = 'channel_snapshots'`).split('|');
  const mb = (bytes: string | undefined) => `${(Number(bytes) / 1e6).toFixed(1)} MB`;
  console.log(`${label}: ${rows} rows (${channels} channels, ${perChannel} per channel), ${mb(pages)} of pages, ${mb(payload)} of payload`);
}

const ms = (value: number) => `${value.toFixed(1).padStart(7)} ms`;
let bust = 0;
/** Median and p90 of sequential uncached fetches (a fresh query parameter each time skips the edge cache). */
async function timeFetch(pagePath: string): Promise<string> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    bust += 1;
    const started = performance.now();
    const res = await fetch(`${BASE}${pagePath}${pagePath.includes('?') ? '&' : '?'}_b=${bust}`);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${pagePath} answered ${res.status}`);
    times.push(performance.now() - started);
  }
  const sorted = [...times].sort((a, b) => a - b);
  return `p50 ${ms(median(times))}  p90 ${ms(sorted[Math.floor(sorted.length * 0.9)] ?? 0)}`;
}

async function pages(channel: string, label: string): Promise<void> {
  console.log(`\n${label}, uncached, ${RUNS} sequential requests each:`);
  const api = (p: string, q: string) => `/api/analytics?path=${encodeURIComponent(`/youtube/api${p}?${q}`)}`;
  for (const [name, pagePath] of [
    ['/channel/{id} (last 30 days)', `/channel/${channel}`],
    ['/channel/{id}?period=2026-06', `/channel/${channel}?period=2026-06`],
    ['/channel/{id}?period=2026-01', `/channel/${channel}?period=2026-01`],
    ['get_daily_data now', api('/stat/get_daily_data', `channel_id=${channel}&period=now`)],
    ['archive', api('/stat/archive', `channel_id=${channel}`)],
    ['/trends', '/trends'],
  ] as const) {
    console.log(`${name.padEnd(32)} ${await timeFetch(pagePath)}`);
  }
}

interface Pruned {
  data: { window_start: string | null; cutoff: string | null; deleted: number; statements: number; pass_done: boolean };
}
async function prune(statements: number): Promise<Pruned['data']> {
  const res = await fetch(`${BASE}/api/admin/retention`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify({ statements }),
  });
  if (!res.ok) throw new Error(`retention answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as Pruned).data;
}

/** The first statements one at a time (each timed: the statement, its state write and the HTTP round trip), then the rest. */
async function pruneAll(): Promise<void> {
  const single: number[] = [];
  let deleted = 0;
  let done = false;
  let window = '';
  for (let i = 0; i < TIMED && !done; i++) {
    const started = performance.now();
    const r = await prune(1);
    single.push(performance.now() - started);
    deleted += r.deleted;
    done = r.pass_done;
    window = `window from ${r.window_start}, cutoff ${r.cutoff}`;
  }
  if (single.length > 0) {
    const sorted = [...single].sort((a, b) => a - b);
    console.log(
      `\n${window}; one statement of up to ${PRUNE_ROWS_PER_STATEMENT} rows per call, ${single.length} calls: median ${ms(median(single))}, max ${ms(sorted.at(-1) ?? 0)}`,
    );
  }
  const started = performance.now();
  let statements = 0;
  while (!done) {
    const r = await prune(PRUNE_STATEMENTS_BY_HAND_MAX);
    deleted += r.deleted;
    statements += r.statements;
    done = r.pass_done || r.statements === 0;
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `then ${statements} statements in ${seconds.toFixed(1)} s (${((seconds * 1000) / Math.max(statements, 1)).toFixed(1)} ms each); ${deleted} rows removed in all`,
  );
}

/** Stops the worker and waits for it to exit, so sqlite3 has the file to itself. */
async function stopWorker(server: Awaited<ReturnType<typeof startServer>>): Promise<void> {
  const exited = new Promise((resolve) => server.once('exit', resolve));
  stopServer(server);
  await exited;
}

function startWorker() {
  return startServer(
    [
      '--port',
      values.port,
      '--persist-to',
      STATE,
      '--var',
      'APP_ENV:local',
      '--var',
      `ADMIN_TOKEN:${TOKEN}`,
      '--var',
      `PUBLIC_SNAPSHOT_DAYS:${values.days}`,
      '--show-interactive-dev-session=false',
    ],
    ROOT,
  );
}

console.log(
  `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}; PUBLIC_SNAPSHOT_DAYS=${values.days}`,
);
sizes('before');
const channel = sqlite(
  `SELECT c.youtube_id FROM channel_now AS n JOIN channels AS c ON c.id = n.channel_id ORDER BY n.subscriber_count DESC LIMIT 1`,
);
let server = await startWorker();
try {
  await waitForUrl(BASE, 120_000, server);
  await pages(channel, 'before pruning');
  await pruneAll();
  await pages(channel, 'after pruning');
} finally {
  await stopWorker(server);
}
// Freed pages are reused by later rows; VACUUM shows what the table needs now.
sizes('after, before VACUUM');
const started = performance.now();
sqlite('VACUUM', false);
sizes(`after VACUUM (${((performance.now() - started) / 1000).toFixed(0)} s)`);
server = await startWorker();
try {
  await waitForUrl(BASE, 120_000, server);
  await pages(channel, 'after VACUUM');
} finally {
  await stopWorker(server);
}
