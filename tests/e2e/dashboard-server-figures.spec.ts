// The dashboard's figures are in the HTML the server sends for the URL's period and filters: shown with
// scripts off, equal to what the stat calls answer, and the island sends no call for them on hydration.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signInByApi } from './helpers';
import type { BaseAnswer, DatesAnswer, EngagementAnswer } from '../../src/lib/api/stats';
import { statBody, type DashboardQuery } from '../../src/lib/dashboard-query';
import { customPeriod, presetPeriod, type Period } from '../../src/lib/periods';
import { formatMoney, formatNumber } from '../../src/lib/stat-format';

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
    await expect(page.locator('[data-as-of]')).toContainText(
      new Date(`${maxDate}T00:00:00Z`)
        .toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })
        .replace('Sept', 'Sep'),
    );
    await expect(page.getByRole('region', { name: 'Geography', exact: true }).locator('.geo-list li').first()).toBeVisible();
    await expect(page.locator('.gender-split strong').first()).toHaveText(/^\d+(\.\d+)?%$/);
    await expect(page.locator('.noscript-note')).toHaveText(
      'The figures are for the period and filters in the address. The charts and changing the period or filters need JavaScript.',
    );
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
