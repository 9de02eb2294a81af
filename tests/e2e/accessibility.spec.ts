// Accessibility and layout of every page of both areas, signed out and signed in, phone-sized and wide:
// no serious or critical axe violation, and at phone width nothing wider than the screen. Each page is
// loaded once, at phone width (as a phone opens it: the width is checked on that first layout), then
// widened in place and scanned again, then switched to the dark theme in place (the system's scheme,
// emulated) and scanned a third time for the colour rules only (axeColourViolations): 46 loads for 138 scans.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { DemoRole } from '../../scripts/demo/users';
import { pagesFor, readPublicIds, type A11yPage, type PublicIds } from './a11y-pages';
import { demoUser, signIn, wakeIslands } from './helpers';
import { axeColourViolations, axeViolations, type AxeViolations } from './axe';

const PHONE = { name: 'phone', width: 390, height: 844 } as const;
const WIDE = { name: 'wide', width: 1366, height: 900 } as const;
/** The wide page again in the dark theme: colours change, not the layout, so only the colour rules run. */
const WIDE_DARK = { name: 'dark', width: WIDE.width, height: WIDE.height } as const;
type Viewport = typeof PHONE | typeof WIDE | typeof WIDE_DARK;
/** Loading, hydrating and scanning one page takes a few seconds on a loaded 2-core machine. */
const PAGE_BUDGET_MS = 20_000;
const MS_PER_S = 1000;
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);
const WHO: readonly (DemoRole | 'visitor')[] = ['visitor', 'partner', 'analytics', 'operator'];

interface PageResult {
  who: string;
  viewport: string;
  page: string;
  blocking: number;
  minor: number;
  width: number;
  /** Loads of this page that were given up because the local server held one of its requests. */
  reloads: number;
  /** Seconds to load and hydrate the page (phone: its load; wide: widening it), and to scan it: reported, never asserted. */
  loadS: number;
  scanS: number;
}
let ids: PublicIds;

test.beforeAll(async ({ request }) => {
  ids = await readPublicIds(request);
});

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
/** Each demo user signs in once; every page's context reuses the session. */
const signedIn = new Map<DemoRole, StorageState>();

/** A browser context at a viewport, signed in as a demo user (or a visitor's). */
async function contextFor(browser: Browser, who: DemoRole | 'visitor', viewport: Viewport): Promise<BrowserContext> {
  const size = { viewport: { width: viewport.width, height: viewport.height } };
  if (who === 'visitor') return browser.newContext(size);
  const saved = signedIn.get(who);
  if (saved) return browser.newContext({ ...size, storageState: saved });
  const context = await browser.newContext(size);
  const page = await context.newPage();
  const user = demoUser(who);
  await signIn(page, user.email, user.password);
  await page.close();
  signedIn.set(who, await context.storageState());
  return context;
}

/** Upper bound for every island of a page to hydrate. */
const HYDRATION_TIMEOUT_MS = 20_000;
/** Upper bound for the two frames waited for after a scroll or a resize (a frame is 16 ms). */
const FRAME_WAIT_MS = 500;

/** Two of the page's frames, or FRAME_WAIT_MS, whichever comes first. */
async function twoFrames(page: Page): Promise<void> {
  await page.evaluate(
    (waitMs) =>
      new Promise((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(resolve));
        setTimeout(resolve, waitMs);
      }),
    FRAME_WAIT_MS,
  );
}

/** Waits until every island on the page has hydrated: visible-only islands are scrolled to first. */
async function hydrate(page: Page): Promise<void> {
  await wakeIslands(page);
  const islands = page.locator('astro-island[ssr]');
  // Each island's content is scrolled into view in turn, two frames apart so its observer sees it. A
  // frame is waited for at most FRAME_WAIT_MS: in a CI run the headless shell once stopped running
  // /global's frames, and a wait on them alone held the sweep for minutes instead of failing the load
  // (which loadPage then tries again in a fresh context).
  // Positions among all islands, which stay put while the unhydrated ones lose their `ssr` mark.
  const waiting = await page.evaluate(() =>
    [...document.querySelectorAll('astro-island')].flatMap((island, i) => (island.hasAttribute('ssr') ? [i] : [])),
  );
  for (const n of waiting) {
    await page.evaluate((at) => document.querySelectorAll('astro-island')[at]?.firstElementChild?.scrollIntoView(), n);
    await twoFrames(page);
  }
  // Islands fetch their code from wrangler dev; on a loaded 2-core machine it has been seen to hold
  // one asset for several seconds, so this waits longer than Playwright's default 5 s.
  await expect(islands).toHaveCount(0, { timeout: HYDRATION_TIMEOUT_MS });
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** One line per violation: rule, impact, help and the first few offending nodes. */
function describe(violations: AxeViolations): string {
  return violations
    .map(
      (v) =>
        `${v.id} (${v.impact}, ${v.nodes.length} nodes): ${v.help}\n${v.nodes
          .slice(0, 3)
          .map((n) => `    ${n.target.join(' ')}  ${n.failureSummary?.split('\n').slice(1, 2).join('') ?? ''}`)
          .join('\n')}`,
    )
    .join('\n');
}

/** How many times one page is loaded in a fresh context before its failure to load counts. */
const LOAD_ATTEMPTS = 3;

/**
 * Loads a page and waits for its islands, in a fresh context each attempt. wrangler dev (the local
 * server, not the product) has been measured holding a single asset request until its client
 * disconnected, for minutes, when two suites share a 2-core machine (README, Test it); closing the
 * context releases it, so a page whose load outlasts its budget is loaded again in a new context.
 * Every reload is counted in the report, and a page that never loads still fails.
 */
async function loadPage(
  open: () => Promise<BrowserContext>,
  target: A11yPage,
): Promise<{ context: BrowserContext; page: Page; reloads: number }> {
  for (let attempt = 1; ; attempt++) {
    const context = await open();
    const page = await context.newPage();
    page.setDefaultNavigationTimeout(PAGE_BUDGET_MS);
    try {
      const response = await page.goto(target.path);
      expect(response?.ok(), `${target.path} answers`).toBe(true);
      await hydrate(page);
      return { context, page, reloads: attempt - 1 };
    } catch (error) {
      await context.close();
      if (attempt >= LOAD_ATTEMPTS || !isTimeout(error)) throw error;
    }
  }
}

/** A load that ran out of its budget (Playwright's TimeoutError or a retrying assertion that timed out). */
function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || /Timeout:?\s+\d+ms|timed out/i.test(error.message));
}

async function checkPage(
  page: Page,
  target: A11yPage,
  who: string,
  viewport: Viewport,
  results: PageResult[],
  loaded: { reloads: number; loadS: number },
): Promise<void> {
  const scanStarted = Date.now();
  const violations = viewport === WIDE_DARK ? await axeColourViolations(page) : await axeViolations(page);
  const scanS = (Date.now() - scanStarted) / MS_PER_S;
  const blocking = violations.filter((v) => BLOCKING_IMPACTS.has(v.impact ?? ''));
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  results.push({
    who,
    viewport: viewport.name,
    page: target.name,
    blocking: blocking.length,
    minor: violations.length - blocking.length,
    width,
    ...loaded,
    scanS,
  });
  expect.soft(blocking.length, `${who} ${viewport.name} ${target.path}:\n${describe(blocking)}\n`).toBe(0);
  if (viewport === PHONE) {
    expect.soft(width, `${who} ${target.path} is ${width} px wide at ${PHONE.width} px`).toBeLessThanOrEqual(PHONE.width);
  }
}

/** Per page: what axe found and how wide it laid out; printed after each run, pass or fail. */
function report(results: PageResult[]): void {
  const lines = results.map(
    (r) =>
      `${r.who.padEnd(9)} ${r.viewport.padEnd(5)} ${r.page.padEnd(16)} serious/critical ${r.blocking}  other ${r.minor}  width ${r.width}` +
      `  load ${r.loadS.toFixed(1)} s  scan ${r.scanS.toFixed(1)} s` +
      (r.reloads > 0 ? `  reloaded ${r.reloads}` : ''),
  );
  const widest = results.reduce<PageResult | null>((a, b) => (a === null || b.width > a.width ? b : a), null);
  if (widest) lines.push(`widest: ${widest.width} px (${widest.page})`);
  const summary = lines.join('\n');
  test.info().annotations.push({ type: 'a11y summary', description: summary });
  // The summary is this suite's report: the figures stay visible in the run's output.
  process.stdout.write(`\n${summary}\n`);
}

/**
 * Switches a page to the dark theme in place, as a system switching its scheme does: theme.css's media
 * query applies at once, and the charts redraw in the dark colours (chart-theme.ts) by the next frames.
 */
async function darken(page: Page): Promise<void> {
  await page.emulateMedia({ colorScheme: 'dark' });
  await twoFrames(page);
}

/**
 * Widens a page in place: media queries and the islands' matchMedia listeners switch at once, and
 * charts resize on their ResizeObserver, which has run two frames later.
 */
async function widen(page: Page): Promise<void> {
  await page.setViewportSize({ width: WIDE.width, height: WIDE.height });
  await twoFrames(page);
}

for (const who of WHO) {
  test(`${who} at ${PHONE.width} and ${WIDE.width} px, light and dark: no serious axe violation, nothing wider than the screen`, async ({
    browser,
  }) => {
    const targets = pagesFor(who, ids);
    // A budget per page and scan, and room for one page to use all its load attempts (load and hydration each).
    test.setTimeout(PAGE_BUDGET_MS * (3 * targets.length + 1 + 2 * LOAD_ATTEMPTS));
    const results: PageResult[] = [];
    for (const target of targets) {
      // A fresh context per page, with nothing intercepted: Chromium has held a page's asset
      // requests on the page before's cache entries, and with every request routed through
      // Playwright (to turn that cache off) it has left responses unread for minutes.
      await test.step(target.path, async () => {
        const loadStarted = Date.now();
        const { context, page, reloads } = await loadPage(() => contextFor(browser, who, PHONE), target);
        await checkPage(page, target, who, PHONE, results, { reloads, loadS: (Date.now() - loadStarted) / MS_PER_S });
        const widenStarted = Date.now();
        await widen(page);
        await checkPage(page, target, who, WIDE, results, { reloads: 0, loadS: (Date.now() - widenStarted) / MS_PER_S });
        const darkStarted = Date.now();
        await darken(page);
        await checkPage(page, target, who, WIDE_DARK, results, { reloads: 0, loadS: (Date.now() - darkStarted) / MS_PER_S });
        await context.close();
      });
    }
    report(results);
  });
}
