// `npm run bench:public`: the public pages through the running worker on the large dataset. Cached
// pages against the same HTML served as a static file (static-twins.ts), interleaved in
// each round so both meet the same load (wrk, 10 connections, latency to the microsecond); then
// uncached renders, the search call, page JS, and Lighthouse (mobile) on every page and /dashboard.
import { readdirSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { stopServer } from '../lib/run.ts';
import { LIGHTHOUSE_RUNS as LIGHTHOUSE_DEFAULT_RUNS, lighthouseLine, lighthouseMedian } from './lighthouse.ts';
import { loadRun, type LoadResult } from './load.ts';
import { eagerJsGzipBytes } from './page-js.ts';
import { startLargeServer } from './prepare.ts';
import { signInDemo } from './sign-in.ts';
import { median } from './timing.ts';
import { removeStaticTwins, writeStaticTwin } from './static-twins.ts';
import { hasWrk, wrkRun } from './wrk.ts';
import { parseCommand } from '../lib/cli.ts';
import { rankingPages, samples, type Samples } from './public-pages.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const USAGE = `usage: npm run bench:public -- [--persist-to DIR] [--port N] [--seconds N] [--rounds N] [--connections N]
                             [--lighthouse-runs N] [--no-lighthouse] [--rankings]
  The public pages on the large dataset through the built worker under wrangler dev: each cached page
  against the same HTML served as a static file, interleaved in every round (wrk, else autocannon in
  whole ms), then uncached renders, the search call, page JS, and Lighthouse (mobile) on every public
  page (/compare of the top two channels and /channels by earnings on page 500 among them) and
  /dashboard.
  Builds first when the sources changed and seeds the large dataset into DIR when it has none (10–30
  minutes on 2 cores; it says so before it starts), then starts wrangler dev there and prints each group
  of figures as it is measured.
  --persist-to DIR     wrangler state holding the large dataset (default .tmp/bench-large)
  --port N             the local server's port (default 8798)
  --seconds N          length of one load run, in seconds (default 5)
  --rounds N           rounds of each cached page and its static twin, the median printed (default 3)
  --connections N      connections of each load run (default 10)
  --lighthouse-runs N  Lighthouse runs per page: the median printed, with the load average before and
                       after them (default ${LIGHTHOUSE_DEFAULT_RUNS})
  --no-lighthouse      skip Lighthouse
  --rankings           only the rankings, uncached: /channels by every metric on its first page and on
                       page 500 (or its last), filtered deep pages (a country and a language for the
                       last 30 days, a country in the latest month; two filters at once: a country
                       and a category in that month, a country and a language), /networks by every
                       metric and the largest network's channels first and deep`;
const { values } = parseCommand(USAGE, {
  options: {
    'persist-to': { type: 'string', default: '.tmp/bench-large' },
    port: { type: 'string', default: '8798' },
    seconds: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
    'lighthouse-runs': { type: 'string', default: String(LIGHTHOUSE_DEFAULT_RUNS) },
    'no-lighthouse': { type: 'boolean', default: false },
    rankings: { type: 'boolean', default: false },
  },
});
const STATE = path.resolve(ROOT, values['persist-to']);
const BASE = `http://localhost:${values.port}`;
const SECONDS = Number(values.seconds);
const ROUNDS = Number(values.rounds);
const CONNECTIONS = Number(values.connections);
const LIGHTHOUSE_RUNS = Number(values['lighthouse-runs']);
const TARGETS = { channelsVsStatic: 1.2, cachedVsStatic: 1.5, channelsUncachedMs: 100, findMs: 150, jsBytes: 30 * 1024, lighthouse: 95 };
const FIND_RUNS = 15;
const WRK = hasWrk();

interface Asset {
  path: string;
  bytes: number;
}

/** Every file the worker serves as a static asset (the build's output, less the worker itself). */
function staticAssets(dir = path.join(ROOT, 'dist'), prefix = ''): Asset[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    // Dot files and the adapter's own (_worker.js, _routes.json, _headers) are not served; _astro is.
    if (entry.name.startsWith('.') || (entry.name.startsWith('_') && entry.name !== '_astro')) return [];
    const full = path.join(dir, entry.name);
    const url = `${prefix}/${entry.name}`;
    return entry.isDirectory() ? staticAssets(full, url) : [{ path: url, bytes: statSync(full).size }];
  });
}

const closest = (assets: Asset[], bytes: number) =>
  assets.reduce((a, b) => (Math.abs(b.bytes - bytes) < Math.abs(a.bytes - bytes) ? b : a));

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

const run = (pagePath: string, cached: boolean, connections: number): Promise<LoadResult> =>
  WRK
    ? wrkRun(BASE, pagePath, { cached, seconds: SECONDS, connections })
    : loadRun(BASE, pagePath, { cached, seconds: SECONDS, connections });
const ms = (value: number) => `${value.toFixed(3).padStart(8)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const errors = (results: LoadResult[]) => {
  const total = results.reduce((sum, r) => sum + r.errors, 0);
  return total ? `  ${total} errors` : '';
};

/** The name a page's twin file takes: its label in letters and digits. */
const twinName = (label: string) => label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';

/**
 * Cached pages and their static twins (the same HTML as a static file, see static-twins.ts), interleaved
 * per round; medians over the rounds. /channels is also run against the non-HTML asset closest in size,
 * to show what wrangler's local HTML rewriting adds to any HTML answer.
 */
async function cachedAgainstStatic(pages: Array<[string, string]>): Promise<void> {
  const sized = [];
  // One after another: each page's first render fills the cache, and the twin must be that page whole.
  for (const [label, pagePath] of pages) {
    const res = await fetch(`${BASE}${pagePath}`);
    const html = await res.arrayBuffer();
    if (!res.ok || html.byteLength === 0) throw new Error(`${pagePath} answered ${res.status} with ${html.byteLength} bytes`);
    sized.push({ label, pagePath, bytes: html.byteLength, twin: await writeStaticTwin(ROOT, BASE, twinName(label), html) });
  }
  const channels = sized.find((page) => page.pagePath === '/channels');
  const asset = channels
    ? closest(
        staticAssets().filter((a) => !a.path.endsWith('.html')),
        channels.bytes,
      )
    : null;
  const results = new Map<string, LoadResult[]>();
  // Keyed per page: each page's ratio pairs runs of one round.
  const record = async (key: string, pagePath: string) =>
    results.set(key, [...(results.get(key) ?? []), await run(pagePath, true, CONNECTIONS)]);
  for (let round = 0; round < ROUNDS; round++) {
    for (const page of sized) {
      await record(`${page.label} static`, page.twin.path);
      await record(page.label, page.pagePath);
    }
    if (asset) await record('asset', asset.path);
  }
  const p50 = (key: string) => results.get(key)!.map((r) => r.p50);
  console.log(`\ncached page against the same HTML as a static file, p50 at ${CONNECTIONS} connections (median of ${ROUNDS} rounds):`);
  for (const page of sized) {
    const mine = results.get(page.label)!;
    const twin = results.get(`${page.label} static`)!;
    const ratios = mine.map((r, i) => r.p50 / twin[i]!.p50);
    const target = page.pagePath === '/channels' ? TARGETS.channelsVsStatic : TARGETS.cachedVsStatic;
    console.log(
      `${page.label.padEnd(14)} ${kb(page.bytes).padStart(7)} p50 ${ms(median(mine.map((r) => r.p50)))}  p99 ${ms(median(mine.map((r) => r.p99)))}  ${Math.round(median(mine.map((r) => r.rps)))} req/s` +
        `  | static p50 ${ms(median(twin.map((r) => r.p50)))}` +
        `  | ${median(ratios).toFixed(2)}x (rounds ${ratios.map((r) => r.toFixed(2)).join(' ')}; target <= ${target}x)${errors([...mine, ...twin])}`,
    );
  }
  if (channels && asset) {
    const ratios = p50('/channels').map((v, i) => v / p50('asset')[i]!);
    console.log(
      `/channels against ${asset.path} (${kb(asset.bytes)}, not HTML, so not rewritten by wrangler's proxy): p50 ${ms(median(p50('asset')))}` +
        `  | ${median(ratios).toFixed(2)}x (rounds ${ratios.map((r) => r.toFixed(2)).join(' ')})`,
    );
  }
}

async function uncached(pages: Array<[string, string]>): Promise<void> {
  console.log('\nuncached (every request renders), 1 connection:');
  for (const [label, pagePath] of pages) {
    const r = await run(pagePath, false, 1);
    console.log(`${label.padEnd(14)} p50 ${ms(r.p50)}  p99 ${ms(r.p99)}  ${r.rps.toFixed(1)} req/s${errors([r])}`);
  }
  console.log(`target: uncached /channels p50 < ${TARGETS.channelsUncachedMs} ms`);
}

async function lighthouse(pagePaths: string[], cookie: string): Promise<void> {
  console.log(
    `\nLighthouse mobile (performance), median of ${LIGHTHOUSE_RUNS} run(s), target >= ${TARGETS.lighthouse}, load before -> after:`,
  );
  for (const pagePath of [...pagePaths, '/dashboard']) {
    try {
      const m = await lighthouseMedian(`${BASE}${pagePath}`, LIGHTHOUSE_RUNS, pagePath === '/dashboard' ? { cookie } : {});
      console.log(lighthouseLine(pagePath, m));
    } catch (error) {
      // One page's failed trace keeps the others' figures; the run ends non-zero and says how to retry.
      const reason = String((error as { stderr?: string }).stderr ?? error)
        .trim()
        .split('\n')[0];
      console.log(`${pagePath.padEnd(40)} Lighthouse failed: ${reason}`);
      console.log(`  measure it alone with: npx tsx scripts/bench/lighthouse.ts --remote <a running server> ${pagePath}`);
      process.exitCode = 1;
    }
  }
}

/** Cached against static, uncached, the search call, page JS and Lighthouse for every public page. */
async function allPublicPages(s: Samples): Promise<void> {
  const pages: Array<[string, string]> = [
    ['/', '/'],
    ['/channels', '/channels'],
    ['/global', '/global'],
    ['/networks', '/networks'],
    ['/network/{id}', `/network/${s.network}`],
    ['/channel/{id}', `/channel/${s.channel}`],
    ['/trends', '/trends'],
    ['/find', '/find'],
    ['/find query', `/find?form_str=${encodeURIComponent(s.keyword)}`],
    ['/compare', `/compare?c=${s.channel},${s.other}`],
    ['/channels deep', '/channels?metric=earnings&page=500'],
  ];
  console.log(
    `${WRK ? 'wrk' : 'autocannon (wrk not installed: p50 in whole ms)'} on loopback, ${SECONDS} s per run; channel ${s.channel}, network ${s.network}, keyword "${s.keyword}"`,
  );
  await cachedAgainstStatic(pages);
  await uncached(pages);
  console.log(
    `\nsearch call over all channels ("${s.keyword}", monthly views >= 10000): median ${(await findCallMs(s.keyword)).toFixed(1)} ms (target < ${TARGETS.findMs} ms)`,
  );
  for (const pagePath of ['/channels', `/network/${s.network}`]) {
    const js = await eagerJsGzipBytes(`${BASE}${pagePath}`, '');
    console.log(
      `${pagePath} JS at load: ${(js.bytes / 1024).toFixed(1)} KB gzip in ${js.files.length} files (target <= ${TARGETS.jsBytes / 1024} KB)`,
    );
  }
  if (!values['no-lighthouse']) await lighthouse([...new Set(pages.map(([, p]) => p))], await signInDemo(BASE, 'network'));
}

const server = await startLargeServer(ROOT, STATE, Number(values.port));
try {
  const s = await samples(BASE);
  if (values.rankings) {
    const pages = await rankingPages(BASE, s.network);
    console.log(
      `${WRK ? 'wrk' : 'autocannon'} on loopback, ${SECONDS} s per run, load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    await uncached(pages);
    console.log(
      `load after: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } else {
    await allPublicPages(s);
  }
} finally {
  stopServer(server);
  removeStaticTwins(ROOT);
}
