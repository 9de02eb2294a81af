// What a person waits for on /dashboard: from navigation start until every card shows a number and
// the frame showing them is painted, then until every chart is drawn and painted, in Chromium, cold
// (fresh context, empty cache) and warm (same context, scripts cached), for the default period and
// Lifetime. The DOM change alone is printed beside the painted time: it reads earlier by the
// rendering that follows it. Runs alone: `npx tsx scripts/bench/first-paint.ts --remote http://localhost:8797`.
import { pathToFileURL } from 'node:url';
import type { BrowserContext } from 'playwright';
import { launchChromium, signedInContext, settledMarks, type Marks } from './page-watch.ts';
import { median } from './timing.ts';
import { remoteRun } from './remote-run.ts';

/** One navigation that has not drawn every chart by then has failed, not merely been slow. */
const FIGURES_TIMEOUT_MS = 60_000;
/** The URLs measured: a bare /dashboard (the default period) and Lifetime (dashboard-query.ts). */
export const FIRST_PAINT_PAGES = { default: '/dashboard', lifetime: '/dashboard?period=life' } as const;
type PageName = keyof typeof FIRST_PAINT_PAGES;

/** Medians in ms from navigation start (or from the action, transitions.ts). */
export interface Times {
  /** The DOM held every number. */
  domMs: number;
  /** The frame showing every number was painted. */
  paintedMs: number;
  /** The frame showing every chart drawn was painted. */
  chartsMs: number;
}

export interface FirstPaint {
  cold: Times;
  warm: Times;
  /** Median /api/* requests the page sent until its charts were painted (cold). */
  apiCalls: number;
}

/** The medians of the marks of several runs, from each run's action. */
export function medianTimes(runs: Marks[]): Times {
  const since = (pick: (m: Marks) => number | null) => median(runs.map((m) => (pick(m) ?? NaN) - (m.actionAt ?? NaN)));
  return { domMs: since((m) => m.figuresAt), paintedMs: since((m) => m.figuresPaintedAt), chartsMs: since((m) => m.chartsPaintedAt) };
}

/** One navigation: the marks (figures and charts, DOM and painted) and the API calls sent meanwhile. */
async function navigate(context: BrowserContext, url: string): Promise<{ marks: Marks; apiCalls: number }> {
  const page = await context.newPage();
  let apiCalls = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls += 1;
  });
  await page.goto(url, { waitUntil: 'commit' });
  const marks = await settledMarks(page, FIGURES_TIMEOUT_MS);
  const calls = apiCalls;
  await page.close();
  return { marks, apiCalls: calls };
}

/**
 * Medians over `runs` of cold (new context, empty cache) and warm (the same context again, scripts
 * cached) navigations to /dashboard and to its Lifetime view, signed in with `cookie` (`vd_session=…`).
 * @example const figures = await measureFirstPaint('http://localhost:8797', cookie, 5)
 */
export async function measureFirstPaint(base: string, cookie: string, runs: number): Promise<Record<PageName, FirstPaint>> {
  const browser = await launchChromium();
  try {
    const result = {} as Record<PageName, FirstPaint>;
    for (const [name, path] of Object.entries(FIRST_PAINT_PAGES) as [PageName, string][]) {
      const cold: Marks[] = [];
      const warm: Marks[] = [];
      const calls: number[] = [];
      for (let i = 0; i < runs; i++) {
        const context = await signedInContext(browser, base, cookie);
        const first = await navigate(context, `${base}${path}`);
        cold.push(first.marks);
        calls.push(first.apiCalls);
        warm.push((await navigate(context, `${base}${path}`)).marks);
        await context.close();
      }
      result[name] = { cold: medianTimes(cold), warm: medianTimes(warm), apiCalls: median(calls) };
    }
    return result;
  } finally {
    await browser.close();
  }
}

/** One column of times: DOM change, painted, charts painted. */
export const timesCell = (t: Times) =>
  `${t.domMs.toFixed(0).padStart(5)} ${t.paintedMs.toFixed(0).padStart(7)} ${t.chartsMs.toFixed(0).padStart(6)}`;

/** Prints one line per page, as the other benchmarks do. */
export function printFirstPaint(figures: Record<PageName, FirstPaint>, runs: number): void {
  console.log(`/dashboard from navigation start (ms, median of ${runs}): every number in the DOM, painted; every chart painted`);
  console.log(`${''.padEnd(9)} ${'cold:  dom painted charts'.padEnd(26)} | ${'warm:  dom painted charts'.padEnd(26)} | API calls`);
  for (const [name, f] of Object.entries(figures)) {
    console.log(`${name.padEnd(9)}       ${timesCell(f.cold)} |       ${timesCell(f.warm)} | ${f.apiCalls}`);
  }
}

const USAGE = `usage: npx tsx scripts/bench/first-paint.ts [--remote URL] [--runs N]
  Times /dashboard from navigation start until every card shows a number (in the DOM, and painted) and
  until every chart is drawn and painted, in Chromium (CHROMIUM_PATH, default /usr/bin/chromium), cold
  and warm, signed in as the demo network owner, against a running server (npm start, or the one
  bench:dashboard starts). Prints one line per page: the medians of N runs.
  --remote URL  the running server (default http://localhost:8797)
  --runs N      navigations per page and state (default 5)
example:
  npx tsx scripts/bench/first-paint.ts --remote http://localhost:8787 --runs 3`;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { base, cookie, runs } = await remoteRun(USAGE);
  printFirstPaint(await measureFirstPaint(base, cookie, runs), runs);
}
