// `npm run bench:public`: the public pages through the running worker on the large dataset, with
// autocannon on loopback: p50/p99 and requests per second, cached and uncached, next to a static
// file served by the same worker in the same run; then page JS and Lighthouse (mobile).
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startServer, stopServer, waitForUrl } from '../lib/run.ts';
import { lighthouseScore } from './lighthouse.ts';
import { loadRun, type LoadResult } from './load.ts';
import { eagerJsGzipBytes } from './page-js.ts';
import { prepareLargeState } from './prepare.ts';
import { median } from './timing.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const { values } = parseArgs({
  options: {
    'persist-to': { type: 'string', default: '.tmp/bench-large' },
    port: { type: 'string', default: '8798' },
    seconds: { type: 'string', default: '6' },
    'no-lighthouse': { type: 'boolean', default: false },
  },
});
const STATE = path.resolve(ROOT, values['persist-to']);
const BASE = `http://localhost:${values.port}`;
const SECONDS = Number(values.seconds);
const TARGETS = { cachedVsStatic: 1.5, channelsUncachedMs: 100, findMs: 150, jsBytes: 30 * 1024, lighthouse: 95 };
const STATIC_FILE = '/favicon.svg';
const FIND_RUNS = 15;
/** Concurrent clients of the throughput runs (latency runs use one, so no queueing is counted). */
const LOAD_CONNECTIONS = 8;

/** The biggest built asset, served by the same worker as the pages. */
function largestAsset(): { path: string; bytes: number } {
  const dir = path.join(ROOT, 'dist', '_astro');
  const files = readdirSync(dir).map((name) => ({ path: `/_astro/${name}`, bytes: statSync(path.join(dir, name)).size }));
  return files.reduce((a, b) => (b.bytes > a.bytes ? b : a));
}

async function body<T>(apiPath: string): Promise<T> {
  const res = await fetch(`${BASE}/api/analytics?path=/youtube/api${apiPath}`);
  if (!res.ok) throw new Error(`${apiPath} answered ${res.status}`);
  return ((await res.json()) as { data: { body: T } }).data.body;
}

/** A real channel, network and keyword from the data, so the pages show what a visitor would see. */
async function samples(): Promise<{ channel: string; network: string; keyword: string }> {
  const channels = await body<Array<{ channel_id: string; channel_title: string }>>('/stat/get_top_channels&limit=5');
  const networks = await body<Array<{ network_mcn: string }>>('/stat/get_top_networks&limit=1');
  const top = channels[0];
  if (!top || !networks[0]) throw new Error('the dataset has no ranked channels or networks: seed it first');
  const keyword = top.channel_title.split(/\s+/).find((w) => w.length >= 4) ?? top.channel_title.slice(0, 4);
  const channel = top.channel_id.startsWith('UC') ? top.channel_id : `UC${top.channel_id}`;
  return { channel, network: networks[0].network_mcn, keyword: keyword.toLowerCase() };
}

/** The search call's own latency: median of sequential POSTs for the keyword over every channel. */
async function findCallMs(keyword: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < FIND_RUNS; i++) {
    const started = performance.now();
    const res = await fetch(`${BASE}/api/analytics?path=/youtube/api/stat/search`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: BASE },
      body: new URLSearchParams({ form_str: keyword, count: '21', last: '0', form_monthly_views_min: '10000' }).toString(),
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`search answered ${res.status}`);
    times.push(performance.now() - started);
  }
  return median(times);
}

const fmt = (latency: LoadResult, load: LoadResult) =>
  `p50 ${latency.p50.toFixed(1).padStart(6)} ms  p99 ${latency.p99.toFixed(1).padStart(6)} ms  ${Math.round(load.rps).toString().padStart(5)} req/s${latency.errors + load.errors ? `  ${latency.errors + load.errors} errors` : ''}`;

await prepareLargeState(ROOT, STATE);
const server = startServer(
  ['--port', values.port, '--persist-to', STATE, '--var', 'APP_ENV:local', '--show-interactive-dev-session=false'],
  ROOT,
);
try {
  await waitForUrl(BASE, 60_000, server);
  const s = await samples();
  const pages: Array<[string, string]> = [
    ['/channels', '/channels'],
    ['/global', '/global'],
    ['/channel/{id}', `/channel/${s.channel}`],
    ['/trends', '/trends'],
    ['/find query', `/find?form_str=${encodeURIComponent(s.keyword)}`],
  ];
  console.log(`${SECONDS} s per run on loopback; latency with 1 connection, throughput with ${LOAD_CONNECTIONS}`);
  console.log(`channel ${s.channel}, network ${s.network}, keyword "${s.keyword}"`);
  const measure = async (pagePath: string, cached: boolean) => ({
    latency: await loadRun(BASE, pagePath, { cached, seconds: SECONDS, connections: 1 }),
    load: await loadRun(BASE, pagePath, { cached, seconds: SECONDS, connections: LOAD_CONNECTIONS }),
  });
  const staticRun = await measure(STATIC_FILE, true);
  console.log(`${'static file'.padEnd(14)} ${STATIC_FILE.padEnd(10)} ${fmt(staticRun.latency, staticRun.load)}`);
  // The pages weigh 50-150 KB: a static file of that size shows what the bytes alone cost.
  const big = largestAsset();
  const bigRun = await measure(big.path, true);
  console.log(
    `${'static file'.padEnd(14)} ${`${Math.round(big.bytes / 1024)} KB`.padEnd(10)} ${fmt(bigRun.latency, bigRun.load)}  (${big.path})`,
  );
  for (const [label, pagePath] of pages) {
    const cached = await measure(pagePath, true);
    const uncached = await measure(pagePath, false);
    console.log(
      `${label.padEnd(14)} cached     ${fmt(cached.latency, cached.load)}  (p50 ${(cached.latency.p50 / Math.max(staticRun.latency.p50, 0.001)).toFixed(2)}x static)`,
    );
    console.log(`${''.padEnd(14)} uncached   ${fmt(uncached.latency, uncached.load)}`);
  }
  console.log(
    `search call over all channels ("${s.keyword}", monthly views >= 10000): median ${(await findCallMs(s.keyword)).toFixed(1)} ms (target < ${TARGETS.findMs} ms)`,
  );
  for (const pagePath of ['/channels', `/network/${s.network}`]) {
    const js = await eagerJsGzipBytes(`${BASE}${pagePath}`, '');
    console.log(
      `${pagePath} JS at load: ${(js.bytes / 1024).toFixed(1)} KB gzip in ${js.files.length} files (target <= ${TARGETS.jsBytes / 1024} KB)`,
    );
  }
  if (!values['no-lighthouse']) {
    for (const pagePath of ['/channels', '/global']) {
      const lh = await lighthouseScore(`${BASE}${pagePath}`);
      console.log(
        `Lighthouse mobile ${pagePath}: performance ${lh.score} (LCP ${Math.round(lh.lcpMs)} ms, TBT ${Math.round(lh.tbtMs)} ms, CLS ${lh.cls.toFixed(3)}; target >= ${TARGETS.lighthouse})`,
      );
    }
  }
  console.log(`targets: cached p50 <= ${TARGETS.cachedVsStatic}x static p50; uncached /channels p50 < ${TARGETS.channelsUncachedMs} ms`);
} finally {
  stopServer(server);
}
