// What a person waits for after changing the period or the channel filter on /dashboard, or opening a
// card's Channels tab, in Chromium: from the change (the period select's change event, the channel
// picker's Ok click, the tab's click) until every card
// shows its number in a painted frame, and until every chart is drawn and painted; with each /api/* call
// the change sent, its time and its answer's size. One signed-in context (scripts cached); the page is
// loaded afresh, with no remembered period, before each run's first change.
// Runs alone: `npx tsx scripts/bench/transitions.ts --remote http://localhost:8797`.
import { pathToFileURL } from 'node:url';
import type { Page, Request } from 'playwright';
import { arm, launchChromium, settledMarks, signedInContext, type Marks } from './page-watch.ts';
import { medianTimes, timesCell, type Times } from './first-paint.ts';
import { FILTER_CHANNELS } from './card-calls.ts';
import { median } from './timing.ts';
import { remoteRun } from './remote-run.ts';

/** A change whose charts are not painted by then has failed, not merely been slow. */
const SETTLE_TIMEOUT_MS = 60_000;
/** The period select's id (PeriodPicker.tsx) and its values (periods.ts periodOptions). */
const PERIOD_SELECT = '#dashboard-period';
const PRESET = { week: '6', year: '365', lifetime: 'life' } as const;

/** One /api/* call a change sent: what it asked, ms from its start to its last byte, bytes answered. */
interface ApiCall {
  label: string;
  ms: number;
  bytes: number;
}

export interface Transition {
  name: string;
  times: Times;
  /** Each call's median over the runs, in the order the first run sent them. */
  calls: ApiCall[];
}

/** The path, and what tells two calls to it apart: the chart's buckets, a breakdown's group. */
function callLabel(request: Request): string {
  const path = new URL(request.url()).pathname;
  let body: Record<string, unknown> = {};
  try {
    body = (request.postDataJSON() as Record<string, unknown> | null) ?? {};
  } catch {
    // not JSON: the path says it all
  }
  const extra = [body.chart_period, body.group].filter((v) => typeof v === 'string');
  return extra.length ? `${path} (${extra.join(', ')})` : path;
}

/** Every /api/* call started while `act` runs and the page settles, with its time and size. */
async function timed(page: Page, act: () => Promise<void>): Promise<{ marks: Marks; calls: ApiCall[] }> {
  const started: Request[] = [];
  const onRequest = (request: Request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) started.push(request);
  };
  page.on('request', onRequest);
  await arm(page);
  await act();
  const marks = await settledMarks(page, SETTLE_TIMEOUT_MS);
  page.off('request', onRequest);
  const calls = await Promise.all(
    started.map(async (request) => {
      // Every card has answered by now; response() waits for the headers, body() for the last byte.
      const response = await request.response();
      const body = (await response?.body()) ?? Buffer.alloc(0);
      // A failed call is named as such: its time is not a card's answer.
      const failed = !response ? ' failed' : response.ok() ? '' : ` answered ${response.status()}`;
      return { label: `${callLabel(request)}${failed}`, ms: request.timing().responseEnd, bytes: body.length };
    }),
  );
  return { marks, calls };
}

/** Loads /dashboard at its default period (none remembered) and waits until its charts are painted. */
async function freshDefault(page: Page, base: string): Promise<void> {
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${base}/dashboard`, { waitUntil: 'commit' });
  await settledMarks(page, SETTLE_TIMEOUT_MS);
}

/** Chooses a preset as a person does, in the period select. */
const choose = (page: Page, value: string) => async () => void (await page.selectOption(PERIOD_SELECT, value));

/** Chooses a period and waits until the page has settled on it: the state a timed change starts from. */
async function setUp(page: Page, value: string): Promise<void> {
  await timed(page, choose(page, value));
}

/** Ticks the first `count` channels in the channel picker; returns the Ok click, the change timed. */
async function pickChannels(page: Page, count: number): Promise<() => Promise<void>> {
  const picker = page.locator('#dashboard-filters .multi-select').first();
  await picker.locator('.select-button').click();
  const boxes = picker.locator('.select-options input[type="checkbox"]');
  await boxes.first().waitFor();
  await picker.getByRole('button', { name: 'Clear' }).click();
  const total = await boxes.count();
  for (let i = 0; i < Math.min(count, total); i++) await boxes.nth(i).check();
  return async () => picker.getByRole('button', { name: 'Ok' }).click();
}

/** Clicks a card's tab (CardFrame's tab list, named "<card> view"). */
const clickTab = (page: Page, card: string, tab: string) => async () =>
  page
    .getByRole('tablist', { name: `${card} view` })
    .getByRole('tab', { name: tab })
    .click();

/** The changes timed, in the order a run makes them on its page. */
const CHANGES = [
  'default → Lifetime',
  'Last 7 days → Lifetime',
  'Last 7 days → Last 365 days',
  'Lifetime, days: Channels tab',
  `${FILTER_CHANNELS} channels chosen`,
];

/** One run: each change from the state it names, on a page loaded afresh (twice: the filter starts at the default). */
async function runOnce(page: Page, base: string): Promise<Array<{ marks: Marks; calls: ApiCall[] }>> {
  await freshDefault(page, base);
  const toLifetime = await timed(page, choose(page, PRESET.lifetime));
  await setUp(page, PRESET.week);
  const weekToLifetime = await timed(page, choose(page, PRESET.lifetime));
  await setUp(page, PRESET.week);
  const weekToYear = await timed(page, choose(page, PRESET.year));
  // Lifetime after 365 days by day keeps the daily chart: the Channels tab then draws ten series of
  // every day (the largest answer a card asks for). The tab is kept until the page is loaded again.
  await setUp(page, PRESET.lifetime);
  const channelsTab = await timed(page, clickTab(page, 'Views', 'Channels'));
  await freshDefault(page, base);
  const filter = await timed(page, await pickChannels(page, FILTER_CHANNELS));
  return [toLifetime, weekToLifetime, weekToYear, channelsTab, filter];
}

/** Medians of each call over the runs, by label (a label sent twice in a change counted apart). */
function medianCalls(runs: ApiCall[][]): ApiCall[] {
  const keyed = runs.map((calls) => {
    const seen = new Map<string, number>();
    return calls.map((c) => {
      const n = (seen.get(c.label) ?? 0) + 1;
      seen.set(c.label, n);
      return { ...c, label: n > 1 ? `${c.label} #${n}` : c.label };
    });
  });
  return (keyed[0] ?? []).map(({ label }) => {
    const same = keyed.flatMap((calls) => calls.filter((c) => c.label === label));
    return { label, ms: median(same.map((c) => c.ms)), bytes: median(same.map((c) => c.bytes)) };
  });
}

/**
 * Medians over `runs` of each change, signed in with `cookie` (`vd_session=…`).
 * @example const changes = await measureTransitions('http://localhost:8797', cookie, 5)
 */
export async function measureTransitions(base: string, cookie: string, runs: number): Promise<Transition[]> {
  const browser = await launchChromium();
  try {
    const context = await signedInContext(browser, base, cookie);
    const page = await context.newPage();
    await page.goto(`${base}/dashboard`, { waitUntil: 'commit' });
    const samples = CHANGES.map(() => ({ marks: [] as Marks[], calls: [] as ApiCall[][] }));
    for (let run = 0; run < runs; run++) {
      for (const [i, change] of (await runOnce(page, base)).entries()) {
        samples[i]?.marks.push(change.marks);
        samples[i]?.calls.push(change.calls);
      }
    }
    return CHANGES.map((name, i) => ({ name, times: medianTimes(samples[i]!.marks), calls: medianCalls(samples[i]!.calls) }));
  } finally {
    await browser.close();
  }
}

/** One line per change, then its calls. */
export function printTransitions(changes: Transition[], runs: number): void {
  console.log(`/dashboard changes, from the change (ms, median of ${runs}): every number in the DOM, painted; every chart painted`);
  for (const c of changes) {
    console.log(`${c.name.padEnd(30)} ${timesCell(c.times)}`);
    for (const call of c.calls) {
      console.log(`    ${call.label.padEnd(48)} ${call.ms.toFixed(1).padStart(8)} ms ${(call.bytes / 1024).toFixed(1).padStart(8)} KB`);
    }
  }
}

const USAGE = `usage: npx tsx scripts/bench/transitions.ts [--remote URL] [--runs N]
  Times the changes a person makes on /dashboard, in Chromium (CHROMIUM_PATH, default /usr/bin/chromium),
  signed in as the demo network owner, against a running server (npm start, or the one bench:dashboard
  starts): default → Lifetime, Last 7 days → Lifetime, Last 7 days → Last 365 days, the Views card's
  Channels tab at Lifetime by day, and ${FILTER_CHANNELS} channels chosen in the channel filter at the default period. For each: ms from the change until every number is
  in the DOM, until it is painted, until every chart is painted; then each /api/* call the change sent
  (ms to its last byte, KB answered). Medians of N runs.
  --remote URL  the running server (default http://localhost:8797)
  --runs N      runs of every change (default 5)
example:
  npx tsx scripts/bench/transitions.ts --remote http://localhost:8787 --runs 3`;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { base, cookie, runs } = await remoteRun(USAGE);
  printTransitions(await measureTransitions(base, cookie, runs), runs);
}
