// `npm run bench:sitemap`: the sitemap index and every part through the built worker on the large dataset,
// each request rendered afresh (sitemaps are not kept in the page cache): time to the last byte, size and
// addresses per part, with the machine's load before and after.
import path from 'node:path';
import { stopServer } from '../lib/run.ts';
import { parseCommand } from '../lib/cli.ts';
import { loadAverage, machine } from './machine.ts';
import { median } from './timing.ts';
import { startLargeServer } from './prepare.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const USAGE = `usage: npm run bench:sitemap -- [--persist-to DIR] [--port N] [--runs N]
  Fetches /sitemap.xml and then each part it lists --runs times, one request at a time, through the
  built worker under wrangler dev on the large dataset (100,000 channels), and prints per part the
  median and slowest time to the last byte, its size and its number of addresses (target: < 100 ms).
  Builds first when the sources changed and seeds the large dataset into DIR when it has none.
  --persist-to DIR  wrangler state holding the large dataset (default .tmp/bench-large)
  --port N          the local server's port (default 8797)
  --runs N          requests per part (default 15)
example:
  npm run bench:sitemap -- --persist-to .tmp/bench-large --runs 20`;
const { values } = parseCommand(USAGE, {
  options: {
    'persist-to': { type: 'string', default: '.tmp/bench-large' },
    port: { type: 'string', default: '8797' },
    runs: { type: 'string', default: '15' },
  },
});
const STATE = path.resolve(ROOT, values['persist-to']);
const BASE = `http://localhost:${values.port}`;
const RUNS = Number(values.runs);
const TARGET_MS = 100;
/** Wrangler dev's first requests compile and warm the isolate; they are not what a crawler meets. */
const WARM_UP = 2;

interface Timed {
  ms: number;
  body: string;
}

async function timed(url: string): Promise<Timed> {
  const started = performance.now();
  const res = await fetch(url);
  const body = await res.text();
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${body.slice(0, 200)}`);
  return { ms: performance.now() - started, body };
}

async function measure(url: string): Promise<{ p50: number; max: number; body: string }> {
  for (let i = 0; i < WARM_UP; i += 1) await timed(url);
  const runs: Timed[] = [];
  for (let i = 0; i < RUNS; i += 1) runs.push(await timed(url));
  const times = runs.map((r) => r.ms);
  return { p50: median(times), max: Math.max(...times), body: runs[0]!.body };
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);

const server = await startLargeServer(ROOT, STATE, Number(values.port));
try {
  console.log(`machine: ${machine()}`);
  console.log(`${RUNS} requests per file, one at a time, after ${WARM_UP} warm-up requests; time to the last byte`);
  const line = (name: string, m: { p50: number; max: number; body: string }) => {
    const flag = m.p50 < TARGET_MS ? '' : `  ABOVE the ${TARGET_MS} ms target`;
    console.log(
      `${name.padEnd(28)} p50 ${m.p50.toFixed(1).padStart(6)} ms  max ${m.max.toFixed(1).padStart(6)} ms  ` +
        `${(m.body.length / 1024).toFixed(0).padStart(6)} KB  ${String(locs(m.body).length).padStart(6)} addresses${flag}`,
    );
    if (m.p50 >= TARGET_MS) process.exitCode = 1;
  };
  const index = await measure(`${BASE}/sitemap.xml`);
  line('/sitemap.xml', index);
  for (const part of locs(index.body)) {
    const { pathname } = new URL(part);
    line(pathname, await measure(`${BASE}${pathname}`));
  }
  console.log(`load average after: ${loadAverage()}`);
} finally {
  stopServer(server);
}
