// What the browser benchmarks of /dashboard watch in the page: when every card shows its number and
// when every chart has drawn its series, each followed to the frame that paints it. Installed in a
// signed-in Chromium context before the page's first byte; first-paint.ts times a navigation with it,
// transitions.ts a person's change of period or filter.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright';
import { requireChromium } from '../../tests/e2e/chromium-path.ts';

/** Times in ms on the page's clock (performance.now(): 0 is the navigation's start); null until seen. */
export interface Marks {
  /** The navigation's start (0), or the time stamp of the person's change or click. */
  actionAt: number | null;
  /** The document first held every card's number (the DOM change, as the figures were once timed). */
  figuresAt: number | null;
  /** The frame showing them was painted. */
  figuresPaintedAt: number | null;
  /** Every chart's canvas held the card's current series (data-series = data-drawn, chart-drawn.ts). */
  chartsAt: number | null;
  chartsPaintedAt: number | null;
}

interface Watch extends Marks {
  /** The next change or click on the page is the action timed. */
  armed: boolean;
  /** After an action the cards show the old figures until they turn busy: only figures after that count. */
  busySeen: boolean;
  arm: () => void;
}

const SESSION_COOKIE = 'vd_session';

/**
 * Runs in the page from its first byte. After every change to the document (the parser's as much as
 * a script's, and the canvas's data-drawn) checks whether every card shows a figure (no card busy, no
 * '—' placeholder, the countries list or its empty message, the "data as of" date), then whether every
 * chart has drawn its card's series, and keeps the first such moments in window.__watch.
 *
 * Painted: the figures count once the frame holding them is painted, not when the DOM holds them. A
 * requestAnimationFrame callback runs at the start of the next rendering update, whose style, layout
 * and paint follow in the same task; a message posted from the callback is handled in a later task,
 * after that paint, so its time is when the figures were painted on the main thread (the compositor
 * puts them on screen a few ms later, not counted). While the page loads, the message may also wait
 * behind the page's own tasks (its scripts, hydration): an upper bound then, by those tasks at most. No
 * frame of a document is on screen before its first contentful paint, so the time is never earlier
 * than that paint's entry (its presentation time): figures in the server's HTML are painted with it.
 * PerformanceObserver 'paint' reports only a document's first paints, and 'element' only an element's
 * first, not a number replaced in place after a change of period.
 */
export function watchDashboard(): void {
  const page = window as unknown as { __watch: Watch };
  const shown = (): boolean => {
    const cards = [...document.querySelectorAll('section.dash-card')];
    if (cards.length === 0) return false;
    const figures = [...document.querySelectorAll('[data-figure], .gender-split strong')];
    if (figures.length === 0 || figures.some((f) => ['', '—'].includes((f.textContent ?? '').trim()))) return false;
    if (!document.querySelector('.geo-list li, .geo .empty')) return false;
    return /data as of/.test(document.querySelector('.dash-range')?.textContent ?? '');
  };
  const busy = (): boolean => document.querySelector('section.dash-card[aria-busy="true"]') !== null;
  // Placeholder boxes (a chart waiting for its turn or for Chart.js) carry the mark but no canvas yet.
  const drawn = (): boolean => {
    const boxes = [...document.querySelectorAll<HTMLElement>('section.dash-card .chart-box[data-series]')];
    return boxes.length > 0 && boxes.every((box) => box.querySelector('canvas')?.dataset.drawn === box.dataset.series);
  };
  let firstPaintAt: number | null = null;
  const afterFirstPaint: Array<(at: number) => void> = [];
  new PerformanceObserver((list) => {
    const entry = list.getEntries().find((e) => e.name === 'first-contentful-paint');
    if (!entry || firstPaintAt !== null) return;
    firstPaintAt = entry.startTime;
    for (const done of afterFirstPaint.splice(0)) done(entry.startTime);
  }).observe({ type: 'paint', buffered: true });
  const firstPaint = (done: (at: number) => void): void => void (firstPaintAt === null ? afterFirstPaint.push(done) : done(firstPaintAt));
  const whenPainted = (done: (at: number) => void): void => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      const painted = performance.now();
      firstPaint((first) => done(Math.max(first, painted)));
    };
    requestAnimationFrame(() => channel.port2.postMessage(null));
  };

  const watch: Watch = {
    actionAt: 0,
    figuresAt: null,
    figuresPaintedAt: null,
    chartsAt: null,
    chartsPaintedAt: null,
    armed: false,
    busySeen: true,
    arm() {
      Object.assign(watch, { actionAt: null, figuresAt: null, figuresPaintedAt: null, chartsAt: null, chartsPaintedAt: null });
      Object.assign(watch, { armed: true, busySeen: false });
    },
  };
  page.__watch = watch;
  // Capture phase: the time stamp is the event's own, before any handler of the page has run.
  for (const type of ['change', 'click']) {
    document.addEventListener(
      type,
      (event) => {
        if (!watch.armed) return;
        watch.armed = false;
        watch.actionAt = event.timeStamp;
      },
      true,
    );
  }
  const check = (): void => {
    if (watch.actionAt === null) return;
    if (busy()) return void (watch.busySeen = true);
    if (watch.figuresAt === null) {
      if (!watch.busySeen || !shown()) return;
      watch.figuresAt = performance.now();
      whenPainted((at) => (watch.figuresPaintedAt = at));
    }
    if (watch.chartsAt === null && drawn()) {
      watch.chartsAt = performance.now();
      whenPainted((at) => (watch.chartsPaintedAt = at));
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
}

/** Chromium as the browser tests find it (CHROMIUM_PATH, else Debian's), headless. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: requireChromium(), args: ['--no-sandbox', '--disable-gpu'] });
}

/** A context that sends the session cookie (`vd_session=…`) and watches every page it opens. */
export async function signedInContext(browser: Browser, base: string, cookie: string): Promise<BrowserContext> {
  const context = await browser.newContext();
  const [name, value] = cookie.split('=', 2) as [string, string];
  await context.addCookies([{ name: name || SESSION_COOKIE, value, url: base }]);
  // tsx keeps function names by wrapping them in __name(), which the page does not have.
  await context.addInitScript({ content: `var __name = (f) => f; (${watchDashboard.toString()})();` });
  return context;
}

/** What the page still waits for: busy cards, figures not shown, charts not drawn (for a timeout's message). */
function waitingFor(): string {
  const busy = [...document.querySelectorAll('section.dash-card[aria-busy="true"]')].map((c) => c.getAttribute('aria-label'));
  const blank = [...document.querySelectorAll('[data-figure], .gender-split strong')].filter((f) =>
    ['', '—'].includes((f.textContent ?? '').trim()),
  ).length;
  const undrawn = [...document.querySelectorAll<HTMLElement>('section.dash-card .chart-box[data-series]')].filter(
    (box) => box.querySelector('canvas')?.dataset.drawn !== box.dataset.series,
  ).length;
  const toast = document.querySelector('[role="alert"], .toast')?.textContent ?? '';
  return `busy cards [${busy.join(', ')}], ${blank} figures blank, ${undrawn} charts not drawn${toast ? `, message "${toast}"` : ''}`;
}

/** Waits until the charts are painted after the navigation or the armed action, and reads the marks. */
export async function settledMarks(page: Page, timeoutMs: number): Promise<Marks> {
  type Watching = { __watch: Watch };
  try {
    await page.waitForFunction(() => (window as unknown as Watching).__watch?.chartsPaintedAt != null, null, { timeout: timeoutMs });
  } catch (error) {
    const marks = await page.evaluate(() => JSON.stringify((window as unknown as Watching).__watch)).catch(() => '');
    const state = await page.evaluate(`var __name = (f) => f; (${waitingFor.toString()})()`).catch(() => '');
    throw new Error(`${page.url()} did not settle in ${timeoutMs} ms: ${String(state)}; marks ${marks}`, { cause: error });
  }
  return page.evaluate(() => {
    const { actionAt, figuresAt, figuresPaintedAt, chartsAt, chartsPaintedAt } = (window as unknown as Watching).__watch;
    return { actionAt, figuresAt, figuresPaintedAt, chartsAt, chartsPaintedAt };
  });
}

/** Arms the watch: the next change or click on the page is the action, and the marks start again. */
export async function arm(page: Page): Promise<void> {
  await page.evaluate(() => (window as unknown as { __watch: Watch }).__watch.arm());
}
