// The dashboard's figures are in the HTML the server sends for the URL's period and filters: shown with
// scripts off, equal to what the stat calls answer, and the island sends no call for them on hydration.
// Each chart card shows the drawing of its series from the same HTML until Chart.js's chart replaces it.
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { signInByApi } from './helpers';
import type { BaseAnswer, DatesAnswer, EngagementAnswer } from '../../src/lib/api/stats';
import type { TrafficAnswer } from '../../src/lib/api/traffic';
import { count, percent } from './expected-text';
import { statBody, type DashboardQuery } from '../../src/lib/dashboard/query';
import { customPeriod, presetPeriod, type Period } from '../../src/lib/dates/periods';
import { formatMoney, formatNumber } from '../../src/lib/formats/stat-format';
import { ESTIMATE_COLOUR, FINANCE_COLOUR, MIXED_COLOUR } from '../../src/lib/dates/chart-rules';
import { shownDay } from './expected-text';

/** Days in the custom range the tests open: ending on the latest data, long enough for a comparison. */
const RANGE_DAYS = 28;
const MS_PER_DAY = 86_400_000;

async function stat<T>(request: APIRequestContext, path: string, body: object): Promise<T> {
  // Null fields are left out, as the browser client leaves them out.
  const sent = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null));
  const response = await request.post(`/api/stat/${path}`, { data: sent });
  expect(response.ok(), `POST /api/stat/${path}: ${response.status()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** The custom range of RANGE_DAYS ending on the latest data day, and its dashboard URL. */
async function customRange(request: APIRequestContext): Promise<{ period: Period; url: string; maxDate: string }> {
  const { max_date: maxDate } = await stat<DatesAnswer>(request, 'dates', {});
  if (!maxDate) throw new Error('the demo data has no latest day');
  const from = new Date(Date.parse(maxDate) - (RANGE_DAYS - 1) * MS_PER_DAY).toISOString().slice(0, 10);
  const period = customPeriod(from, maxDate, maxDate);
  return { period, url: `/dashboard?period=custom&from=${from}&to=${maxDate}&by=days`, maxDate };
}

const queryOf = (period: Period, chartPeriod: DashboardQuery['chartPeriod']): DashboardQuery => ({
  period,
  chartPeriod,
  channels: [],
  titles: [],
});
const figure = (page: Page, card: string) => page.getByRole('region', { name: card, exact: true }).locator('.dash-figure [data-figure]');
/** The chart cards and what their chart says it shows, drawing and Chart.js's canvas alike. */
const CHARTS = {
  Earnings: 'Earnings over the period: finance in purple, estimate in teal, months with both in orange',
  Views: 'Views over the period',
  Subscribers: 'Subscribers gained (bars up), lost (bars down) and net (line) over the period',
  'Watch time': 'Watch time over the period',
} as const;
const chart = (page: Page, card: keyof typeof CHARTS): Locator =>
  page.getByRole('region', { name: card, exact: true }).getByRole('img', { name: CHARTS[card], exact: true });
/** The points of the Views card's drawn line, as [across, down] in the drawing's units. */
async function viewsLine(page: Page): Promise<number[][]> {
  const points = (await chart(page, 'Views').locator('polyline').getAttribute('points')) ?? '';
  return points.split(' ').map((point) => point.split(',').map(Number));
}

test.describe('with scripts off', () => {
  test.use({ javaScriptEnabled: false });

  test("a custom range's figures are in the page, equal to the stat calls' answers", async ({ page }) => {
    await signInByApi(page.request, 'network');
    const { period, url, maxDate } = await customRange(page.request);
    const body = statBody(queryOf(period, 'days'), true);
    const [base, engagement] = await Promise.all([
      stat<BaseAnswer>(page.request, 'base', body),
      stat<EngagementAnswer>(page.request, 'engagement', body),
    ]);
    expect(base.sum_views).toBeGreaterThan(0);
    await page.goto(url);
    await expect(figure(page, 'Earnings')).toHaveText(formatMoney(base.sum_partner_revenue));
    await expect(figure(page, 'Views')).toHaveText(formatNumber(base.sum_views));
    await expect(figure(page, 'Subscribers')).toHaveText(formatNumber(base.sum_subscribers));
    await expect(page.locator('[data-figure="likes"]')).toHaveText(formatNumber(engagement.likes));
    await expect(page.locator('[data-as-of]')).toContainText(shownDay(maxDate));
    await expect(page.getByRole('region', { name: 'Geography', exact: true }).locator('.geo-list li').first()).toBeVisible();
    await expect(page.locator('.gender-split strong').first()).toHaveText(/^\d+(\.\d+)?%$/);
    await expect(page.locator('.noscript-note')).toHaveText(
      "The figures are for the period and filters in the address. The charts' values on hover and changing the period or filters need JavaScript.",
    );
  });

  test("each chart card shows the drawing of its series, from the page's own figures", async ({ page }) => {
    await signInByApi(page.request, 'network');
    const { period, url } = await customRange(page.request);
    const base = await stat<BaseAnswer>(page.request, 'base', statBody(queryOf(period, 'days'), true));
    await page.goto(url);
    for (const card of Object.keys(CHARTS) as (keyof typeof CHARTS)[]) {
      await expect(chart(page, card)).toHaveClass(/chart-sketch/);
      await expect(chart(page, card).locator('svg')).toBeVisible();
    }
    // Views: one point per day, left edge to right edge, the busiest day highest.
    const line = await viewsLine(page);
    const views = base.views.map((p) => p.value);
    expect(line).toHaveLength(views.length);
    expect([line[0]?.[0], line.at(-1)?.[0]]).toEqual([0, 1000]);
    const downs = line.map(([, down]) => down as number);
    expect(downs[views.indexOf(Math.max(...views))]).toBe(Math.min(...downs));
    // Earnings: one bar per day with earnings, each in its basis colour.
    const bars = await chart(page, 'Earnings')
      .locator('path[fill]')
      .evaluateAll((paths) =>
        paths.map((p) => ({ fill: p.getAttribute('fill'), bars: (p.getAttribute('d') ?? '').split('M').length - 1 })),
      );
    expect(bars.reduce((sum, b) => sum + b.bars, 0)).toBe(base.partner_revenue.filter((p) => p.value !== 0).length);
    expect(bars.every((b) => [FINANCE_COLOUR, ESTIMATE_COLOUR, MIXED_COLOUR].includes(b.fill ?? ''))).toBe(true);
  });

  test("the Traffic sources card's total and sources are in the page, its total the Views card's", async ({ page }) => {
    await signInByApi(page.request, 'network');
    const { period, url } = await customRange(page.request);
    const body = statBody(queryOf(period, 'days'), true);
    const [base, traffic] = await Promise.all([
      stat<BaseAnswer>(page.request, 'base', body),
      stat<TrafficAnswer>(page.request, 'traffic', body),
    ]);
    // The demo's traffic reports split every video-day's views by source: they add up to the Views card.
    expect(traffic.views).toBe(base.sum_views);
    await page.goto(url);
    const card = page.getByRole('region', { name: 'Traffic sources', exact: true });
    await expect(card.locator('.dash-figure [data-figure]')).toHaveText(count(traffic.views));
    const rows = card.getByRole('list', { name: 'Views by traffic source' }).getByRole('listitem');
    const shown = traffic.sources.filter((s) => s.views > 0);
    await expect(rows).toHaveCount(shown.length);
    const [first] = shown;
    await expect(rows.first().locator('.breakdown-name')).toHaveText(first?.name ?? '');
    await expect(rows.first().locator('[data-share]')).toHaveText(percent(first?.share ?? 0));
    await expect(rows.first().locator('[data-views]')).toHaveText(count(first?.views ?? 0));
  });

  test('Lifetime, asked for in the address, shows the lifetime sums', async ({ page }) => {
    await signInByApi(page.request, 'network');
    const base = await stat<BaseAnswer>(
      page.request,
      'base',
      statBody(queryOf(presetPeriod('life', '2026-01-01') as Period, 'month'), true),
    );
    await page.goto('/dashboard?period=life');
    await expect(page.locator('[data-range]')).toHaveText('Lifetime');
    await expect(figure(page, 'Earnings')).toHaveText(formatMoney(base.sum_partner_revenue));
    await expect(figure(page, 'Views')).toHaveText(formatNumber(base.sum_views));
  });
});

test('hydration sends no call for the figures the page was rendered with; the next period is one wave', async ({ page }) => {
  await signInByApi(page.request, 'network');
  const { url } = await customRange(page.request);
  const calls: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/')) calls.push(`${path} ${request.postData() ?? ''}`);
  });
  await page.goto(url);
  // Enabled once the island has hydrated: any call it made on hydration has been sent by then.
  const select = page.getByLabel('Period', { exact: true });
  await expect(select).toBeEnabled();
  const week = page.waitForRequest((r) => r.url().endsWith('/api/stat/base'));
  await select.selectOption({ label: 'Last 7 days' });
  await week;
  // The first call is the new period's: nothing was asked for between the HTML and the person's choice.
  expect(calls[0]).toMatch(/^\/api\/stat\/base /);
  expect(calls[0]).not.toContain(url.split('from=')[1]?.slice(0, 10));
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  expect(calls.filter((c) => c.startsWith('/api/stat/dates') || c.startsWith('/api/profile/'))).toEqual([]);
});

test('until Chart.js arrives each card keeps its drawing, through a change of period too', async ({ page }) => {
  await signInByApi(page.request, 'network');
  const { url } = await customRange(page.request);
  // Chart.js's chunk never arrives: what shows is what a person sees before it does.
  await page.route('**/_astro/TrendChart.*.js', (route) => route.abort());
  await page.goto(url);
  const select = page.getByLabel('Period', { exact: true });
  await expect(select).toBeEnabled();
  for (const card of Object.keys(CHARTS) as (keyof typeof CHARTS)[]) await expect(chart(page, card)).toHaveClass(/chart-sketch/);
  expect(await viewsLine(page)).toHaveLength(RANGE_DAYS);
  // The next period's answer is held: meanwhile the card, busy, still shows the last drawing.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/stat/base', async (route) => {
    await held;
    await route.continue();
  });
  await select.selectOption({ label: 'Last 7 days' });
  const views = page.getByRole('region', { name: 'Views', exact: true });
  await expect(views).toHaveAttribute('aria-busy', 'true');
  expect(await viewsLine(page)).toHaveLength(RANGE_DAYS);
  release();
  await expect(views).toHaveAttribute('aria-busy', 'false');
  expect(await viewsLine(page)).toHaveLength(7);
});

test("Chart.js's chart replaces each card's drawing, whether its code arrives after the cards are rendered or before", async ({ page }) => {
  await signInByApi(page.request, 'network');
  const { url } = await customRange(page.request);
  // First as usual, then with the island's renderer (React DOM) held until Chart.js's code has arrived:
  // the cards are then rendered with the chart already loaded.
  for (const order of ['after', 'before']) {
    if (order === 'before') {
      const chartCode = page.waitForResponse((response) => /\/_astro\/chart\.[\w-]+\.js$/.test(response.url()));
      await page.route(/\/_astro\/client\.[\w-]+\.js$/, async (route) => {
        await chartCode;
        await route.continue();
      });
    }
    await page.goto(url);
    for (const card of Object.keys(CHARTS) as (keyof typeof CHARTS)[]) {
      await expect(chart(page, card), `${card}, Chart.js arriving ${order}`).toHaveJSProperty('tagName', 'CANVAS');
      await expect(page.getByRole('region', { name: card, exact: true }).locator('.chart-sketch')).toHaveCount(0);
    }
  }
});
