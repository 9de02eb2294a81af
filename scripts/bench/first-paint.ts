// What a person waits for on /dashboard: from navigation start until every card shows a number, and
// until every card's interactive chart is drawn, in Chromium, cold (fresh context, empty cache) and warm
// (same context, scripts cached), for the default period and Lifetime. Runs alone: `npx tsx scripts/bench/first-paint.ts --remote http://localhost:8797`.
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type BrowserContext } from 'playwright';
import { signInDemo } from './sign-in.ts';
import { median } from './timing.ts';
import { parseCommand, refuse, remoteOrigin } from '../lib/cli.ts';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** One navigation that has not shown every number by then has failed, not merely been slow. */
const FIGURES_TIMEOUT_MS = 60_000;
const SESSION_COOKIE = 'vd_session';
/** The URLs measured: a bare /dashboard (the default period) and Lifetime (dashboard-query.ts). */
export const FIRST_PAINT_PAGES = { default: '/dashboard', lifetime: '/dashboard?period=life' } as const;
type PageName = keyof typeof FIRST_PAINT_PAGES;

export interface FirstPaint {
  /** Median ms from navigation start to the first frame with every number shown. */
  coldMs: number;
  warmMs: number;
  /** Median ms until every card's chart is Chart.js's, drawn (the page's own drawing replaced). */
  coldChartsMs: number;
  warmChartsMs: number;
  /** Median /api/* requests the page sent until then (cold). */
  apiCalls: number;
}

/**
 * Runs in the page from its first byte: after every change to the document (the parser's as much as
 * a script's) checks whether every card shows a figure (no card busy, no '—' placeholder, the
 * countries list or its empty message, the "data as of" date) and keeps the first such moment in
 * window.__figuresAt. The same marks hold for a page rendered on the server and for one filled after
 * its calls answer. (Animation frames are not used: Chromium runs none for a document that started
 * them before its first paint.)
 */
function watchFigures(): void {
  const shown = (): boolean => {
    const cards = [...document.querySelectorAll('section.dash-card')];
    if (cards.length === 0 || cards.some((card) => card.getAttribute('aria-busy') === 'true')) return false;
    const figures = [...document.querySelectorAll('[data-figure], .gender-split strong')];
    if (figures.length === 0 || figures.some((f) => ['', '—'].includes((f.textContent ?? '').trim()))) return false;
    if (!document.querySelector('.geo-list li, .geo .empty')) return false;
    return /data as of/.test(document.querySelector('.dash-range')?.textContent ?? '');
  };
  const observer = new MutationObserver(() => {
    if (!shown()) return;
    (window as unknown as { __figuresAt: number }).__figuresAt = performance.now();
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
}

/**
 * Runs in the page from its first byte, as watchFigures: keeps in window.__chartsAt the first moment
 * every card's chart box holds a canvas Chart.js has drawn (it styles the canvas when it builds the
 * chart, and draws in the same task, so the change is seen after the drawing).
 */
function watchCharts(): void {
  const drawn = (): boolean => {
    const boxes = [...document.querySelectorAll('section.dash-card .chart-box')];
    return boxes.length > 0 && boxes.every((box) => box.querySelector('canvas')?.style.boxSizing === 'border-box');
  };
  const observer = new MutationObserver(() => {
    if (!drawn()) return;
    (window as unknown as { __chartsAt: number }).__chartsAt = performance.now();
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true });
}

/** One navigation: ms until every figure is shown and every chart drawn, and the API calls sent until the figures. */
async function navigate(context: BrowserContext, url: string): Promise<{ ms: number; chartsMs: number; apiCalls: number }> {
  const page = await context.newPage();
  let apiCalls = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls += 1;
  });
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => '__figuresAt' in window, null, { timeout: FIGURES_TIMEOUT_MS });
  const ms = await page.evaluate(() => (window as unknown as { __figuresAt: number }).__figuresAt);
  const calls = apiCalls;
  await page.waitForFunction(() => '__chartsAt' in window, null, { timeout: FIGURES_TIMEOUT_MS });
  const chartsMs = await page.evaluate(() => (window as unknown as { __chartsAt: number }).__chartsAt);
  await page.close();
  return { ms, chartsMs, apiCalls: calls };
}

async function signedInContext(browser: Browser, base: string, cookie: string): Promise<BrowserContext> {
  const context = await browser.newContext();
  const [name, value] = cookie.split('=', 2) as [string, string];
  await context.addCookies([{ name: name || SESSION_COOKIE, value, url: base }]);
  // tsx keeps function names by wrapping them in __name(), which the page does not have.
  await context.addInitScript({ content: `var __name = (f) => f; (${watchFigures.toString()})(); (${watchCharts.toString()})();` });
  return context;
}

/**
 * Medians over `runs` of cold (new context, empty cache) and warm (the same context again, scripts
 * cached) navigations to /dashboard and to its Lifetime view, signed in with `cookie` (`vd_session=…`).
 * @example const figures = await measureFirstPaint('http://localhost:8797', cookie, 5)
 */
export async function measureFirstPaint(base: string, cookie: string, runs: number): Promise<Record<PageName, FirstPaint>> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const result = {} as Record<PageName, FirstPaint>;
    for (const [name, path] of Object.entries(FIRST_PAINT_PAGES) as [PageName, string][]) {
      const cold: number[] = [];
      const warm: number[] = [];
      const coldCharts: number[] = [];
      const warmCharts: number[] = [];
      const calls: number[] = [];
      for (let i = 0; i < runs; i++) {
        const context = await signedInContext(browser, base, cookie);
        const first = await navigate(context, `${base}${path}`);
        cold.push(first.ms);
        coldCharts.push(first.chartsMs);
        calls.push(first.apiCalls);
        const again = await navigate(context, `${base}${path}`);
        warm.push(again.ms);
        warmCharts.push(again.chartsMs);
        await context.close();
      }
      result[name] = {
        coldMs: median(cold),
        warmMs: median(warm),
        coldChartsMs: median(coldCharts),
        warmChartsMs: median(warmCharts),
        apiCalls: median(calls),
      };
    }
    return result;
  } finally {
    await browser.close();
  }
}

/** Prints one line per page, as the other benchmarks do. */
export function printFirstPaint(figures: Record<PageName, FirstPaint>, runs: number): void {
  console.log(`/dashboard, every number shown / every chart drawn by Chart.js (ms from navigation start, median of ${runs}):`);
  for (const [name, f] of Object.entries(figures)) {
    const cold = `cold ${f.coldMs.toFixed(0)} / ${f.coldChartsMs.toFixed(0)}`;
    console.log(
      `  ${name.padEnd(9)} ${cold} | warm ${f.warmMs.toFixed(0)} / ${f.warmChartsMs.toFixed(0)} | API calls before ${f.apiCalls}`,
    );
  }
}

const USAGE = `usage: npx tsx scripts/bench/first-paint.ts [--remote URL] [--runs N]
  Times /dashboard until every card shows a number and until every card's chart is drawn by Chart.js, in Chromium (CHROMIUM_PATH, default /usr/bin/chromium),
  cold and warm, signed in as the demo network owner, against a running server (npm start, or the one
  bench:dashboard starts). Prints one line per page: the medians of N runs.
  --remote URL  the running server (default http://localhost:8797)
  --runs N      navigations per page and state (default 5)
example:
  npx tsx scripts/bench/first-paint.ts --remote http://localhost:8787 --runs 3`;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseCommand(USAGE, {
    options: { remote: { type: 'string', default: 'http://localhost:8797' }, runs: { type: 'string', default: '5' } },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) refuse(USAGE, `--runs must be a whole number above 0, not "${values.runs}"`);
  const base = remoteOrigin(USAGE, values.remote) ?? values.remote;
  const cookie = await signInDemo(base, 'network');
  printFirstPaint(await measureFirstPaint(base, cookie, runs), runs);
}
