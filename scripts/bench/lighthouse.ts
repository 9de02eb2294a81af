// Lighthouse (mobile, performance only) through Debian's Chromium: the score and its key timings,
// for a visitor or, with a session cookie, for a signed-in page; the median of several runs with the
// machine's load average before and after them, since a busy machine lowers the score (its simulated
// throttling scales the main thread's measured work). bench:public runs it on every public page and
// /dashboard; run alone: `npx tsx scripts/bench/lighthouse.ts --remote http://localhost:8797 /dashboard`.
import { execFile } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { requireChromium } from '../../tests/e2e/chromium-path.ts';
import { parseCommand, refuse, remoteOrigin } from '../lib/cli.ts';
import { loadAverage } from './machine.ts';
import { signInDemo } from './sign-in.ts';
import { median } from './timing.ts';

const run = promisify(execFile);

export interface LighthouseResult {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

/**
 * Runs lighthouse 12 on a URL with its default mobile emulation and simulated throttling; a cookie
 * ("vd_session=...") goes with every request the page makes, so /dashboard can be measured signed in.
 * @example await lighthouseScore('http://localhost:8798/dashboard', { cookie })
 */
export async function lighthouseScore(url: string, options: { cookie?: string } = {}): Promise<LighthouseResult> {
  const chrome = requireChromium();
  const out = path.join(os.tmpdir(), `lighthouse-${process.pid}-${Date.now()}.json`);
  await runLighthouse(url, out, chrome, options.cookie);
  const report = JSON.parse(readFileSync(out, 'utf8')) as {
    categories: { performance: { score: number } };
    audits: Record<string, { numericValue?: number }>;
  };
  rmSync(out, { force: true });
  return {
    score: Math.round(report.categories.performance.score * 100),
    lcpMs: report.audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbtMs: report.audits['total-blocking-time']?.numericValue ?? NaN,
    cls: report.audits['cumulative-layout-shift']?.numericValue ?? NaN,
  };
}

/**
 * Lighthouse's own trace sometimes fails to start (NO_NAVSTART, NO_FCP): it asks to be run again, so it
 * is, up to this many times in all (a bench:public run on 2026-11-28 met NO_NAVSTART twice in a row on
 * /dashboard, which then measured fine).
 */
const RETRIED_ERRORS = /NO_NAVSTART|NO_FCP|Please run Lighthouse again/;
const ATTEMPTS = 3;

async function runLighthouse(url: string, out: string, chrome: string, cookie: string | undefined): Promise<void> {
  const args = [
    'lighthouse',
    url,
    '--only-categories=performance',
    '--output=json',
    `--output-path=${out}`,
    '--quiet',
    ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
  ];
  const options = { env: { ...process.env, CHROME_PATH: chrome }, maxBuffer: 64 * 1024 * 1024 };
  for (let attempt = 1; ; attempt++) {
    try {
      await run('npx', args, options);
      return;
    } catch (error) {
      if (attempt >= ATTEMPTS || !RETRIED_ERRORS.test(String((error as { stderr?: string }).stderr ?? error))) throw error;
    }
  }
}

/** How often and how far apart warmPageCache asks for a page before it measures anyway. */
const WARM_ATTEMPTS = 40;
const WARM_PAUSE_MS = 250;

/**
 * Asks for a public page until the server answers it from its page cache (X-Cache: HIT), as most visitors
 * are. A page older than its minute answers STALE and is rendered again in the background: on this
 * machine that render shares the two cores with the browser being measured (at the edge it runs on
 * Cloudflare's), and a run that met it lost 5–10 points of blocking time. Pages the cache never keeps (an
 * error) are measured after the last attempt.
 */
async function warmPageCache(url: string): Promise<void> {
  for (let i = 0; i < WARM_ATTEMPTS; i++) {
    const response = await fetch(url, { headers: { Accept: 'text/html' } });
    await response.arrayBuffer();
    if (response.headers.get('x-cache') === 'HIT') return;
    await new Promise((resolve) => setTimeout(resolve, WARM_PAUSE_MS));
  }
}

/** Runs per page: one run's score moves by several points with what else the machine does. */
export const LIGHTHOUSE_RUNS = 3;

export interface LighthouseMedian extends LighthouseResult {
  scores: number[];
  /** os.loadavg() (1, 5, 15 minutes) before the first run and after the last. */
  loadBefore: string;
  loadAfter: string;
}

/**
 * The median score, LCP, TBT and CLS of `runs` Lighthouse runs on a URL, with the load around them.
 * @example const m = await lighthouseMedian(`${base}/dashboard`, 3, { cookie })
 */
export async function lighthouseMedian(url: string, runs = LIGHTHOUSE_RUNS, options: { cookie?: string } = {}): Promise<LighthouseMedian> {
  const loadBefore = loadAverage();
  const results: LighthouseResult[] = [];
  for (let i = 0; i < runs; i++) {
    if (!options.cookie) await warmPageCache(url);
    results.push(await lighthouseScore(url, options));
  }
  const m = (pick: (r: LighthouseResult) => number) => median(results.map(pick));
  return {
    score: m((r) => r.score),
    lcpMs: m((r) => r.lcpMs),
    tbtMs: m((r) => r.tbtMs),
    cls: m((r) => r.cls),
    scores: results.map((r) => r.score),
    loadBefore,
    loadAfter: loadAverage(),
  };
}

/** One line: the page, its median score, each run's, the median timings and the load around the runs. */
export function lighthouseLine(pagePath: string, m: LighthouseMedian): string {
  return (
    `${pagePath.padEnd(40)} ${String(m.score).padStart(3)}  (scores ${m.scores.join(' ')}; LCP ${Math.round(m.lcpMs)} ms, ` +
    `TBT ${Math.round(m.tbtMs)} ms, CLS ${m.cls.toFixed(3)}; load ${m.loadBefore} -> ${m.loadAfter})`
  );
}

const USAGE = `usage: npx tsx scripts/bench/lighthouse.ts [--remote URL] [--runs N] PATH...
  Lighthouse 12 (mobile emulation, simulated throttling, performance only) through Chromium
  (CHROMIUM_PATH, else found as the browser tests find it) on each PATH of a running server, N times:
  prints per page the median score and each run's, the median LCP, TBT and CLS, and the load average
  (1, 5, 15 minutes) before and after its runs. Before each run a public page is asked for until the
  server answers it from its page cache (X-Cache: HIT), so its background refresh of a stale page does
  not share the machine with the run. /dashboard and other signed-in paths are measured as the demo
  network owner. npm run bench:public runs it on every public page and /dashboard.
  --remote URL  the running server (default http://localhost:8797)
  --runs N      runs per page, the median printed (default ${LIGHTHOUSE_RUNS})
example:
  npx tsx scripts/bench/lighthouse.ts --remote http://localhost:8787 /dashboard /global /channels`;

/** Paths that need a session: the partner area. */
const SIGNED_IN = /^\/(dashboard|details|analytics)\b/;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values, positionals } = parseCommand(USAGE, {
    options: { remote: { type: 'string', default: 'http://localhost:8797' }, runs: { type: 'string', default: String(LIGHTHOUSE_RUNS) } },
    allowPositionals: true,
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) refuse(USAGE, `--runs must be a whole number above 0, not "${values.runs}"`);
  if (positionals.length === 0) refuse(USAGE, 'name at least one PATH, e.g. /dashboard');
  const base = remoteOrigin(USAGE, values.remote) ?? values.remote;
  const cookie = positionals.some((p) => SIGNED_IN.test(p)) ? await signInDemo(base, 'network') : undefined;
  console.log(`Lighthouse mobile (performance), median of ${runs} runs; load average ${loadAverage()} at the start`);
  for (const pagePath of positionals) {
    console.log(lighthouseLine(pagePath, await lighthouseMedian(`${base}${pagePath}`, runs, SIGNED_IN.test(pagePath) ? { cookie } : {})));
  }
  console.log(`load average at the end: ${loadAverage()}`);
}
