// The restricted /analytics page: its figures in the first HTML, filters, comparison, video type, sort,
// pager and chart radio, each checked against the analytics call's own answer; refused to a normal partner.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { demoUser, signIn, signInByApi } from './helpers';
import { change, count } from './expected-text';
import type { AnalyticsGraphAnswer, AnalyticsTableAnswer } from '../../src/lib/api/analytics';
import type { DatesAnswer } from '../../src/lib/api/stats';

/** Days of the custom range the tests open, ending on the latest data day: long enough for a comparison. */
const RANGE_DAYS = 28;
const MS_PER_DAY = 86_400_000;
const MONEY = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const PERCENT = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

async function extended<T>(request: APIRequestContext, body: object): Promise<T> {
  const response = await request.post('/api/stat/extended', { data: body });
  expect(response.ok(), `POST /api/stat/extended: ${response.status()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** The range of RANGE_DAYS ending on the latest data day, the days just before it, and the page's URL. */
async function range(request: APIRequestContext) {
  const response = await request.post('/api/stat/dates', { data: {} });
  const { max_date: maxDate } = ((await response.json()) as { data: DatesAnswer }).data;
  if (!maxDate) throw new Error('the demo data has no latest day');
  const day = (offset: number) => new Date(Date.parse(maxDate) - offset * MS_PER_DAY).toISOString().slice(0, 10);
  const dates = { date_from: day(RANGE_DAYS - 1), date_to: maxDate };
  const previous = { compare_from: day(2 * RANGE_DAYS - 1), compare_to: day(RANGE_DAYS) };
  return { dates, previous, url: `/analytics?period=custom&from=${dates.date_from}&to=${dates.date_to}` };
}

const table = (page: Page) => page.getByRole('region', { name: 'Data' }).getByRole('table');
const bodyRows = (page: Page) => table(page).locator('tbody tr');
const cell = (page: Page, row: number, field: string) => bodyRows(page).nth(row).locator(`td[data-field="${field}"]`);
const totals = (page: Page, field: string) => table(page).locator(`tfoot td[data-field="${field}"]`);

/** Waits for the page's next table or chart call and returns its body. */
function nextCall(page: Page, graph: boolean) {
  return page.waitForResponse((res) => {
    if (!res.url().endsWith('/api/stat/extended')) return false;
    const sent = res.request().postDataJSON() as { graph?: number };
    return (sent.graph === 1) === graph;
  });
}

test.describe('with scripts off', () => {
  test.use({ javaScriptEnabled: false });

  test('the table is in the first HTML, equal to the call', async ({ page }) => {
    await signInByApi(page.request, 'analytics');
    const { dates, url } = await range(page.request);
    const answer = await extended<AnalyticsTableAnswer>(page.request, { ...dates, type_video: 'all' });
    expect(answer.rows.length).toBeGreaterThan(0);
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
    await expect(bodyRows(page)).toHaveCount(answer.rows.length);
    for (const [i, row] of answer.rows.entries()) {
      await expect(bodyRows(page).nth(i).locator('th')).toHaveText(row.title);
      await expect(cell(page, i, 'views')).toHaveText(count(row.views));
      await expect(cell(page, i, 'partner_revenue')).toHaveText(MONEY.format(row.partner_revenue));
    }
    await expect(totals(page, 'views')).toHaveText(count(answer.totals.views));
    // The demo's reach reports give every channel a CTR: a figure, not N/A.
    expect(answer.totals.impressions_ctr).toBeGreaterThan(0);
    await expect(totals(page, 'impressions_ctr')).toHaveText(`${PERCENT.format(answer.totals.impressions_ctr ?? 0)}%`);
  });
});

test('Download XLS fetches the spreadsheet of the current query', async ({ page }) => {
  const user = demoUser('analytics');
  await signIn(page, user.email, user.password);
  const { url } = await range(page.request);
  await page.goto(`${url}&group=countries`);
  const link = page.getByRole('link', { name: 'Download XLS' });
  await expect(link).toHaveAttribute('href', `/api/stat/extended/xlsx${url.slice('/analytics'.length)}&group=countries`);
  const response = await page.request.get((await link.getAttribute('href')) ?? '');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('spreadsheetml');
  expect(response.headers()['content-disposition']).toContain('viewdeck-analytics-countries');
});

test.describe('the analytics user', () => {
  test.beforeEach(async ({ page }) => {
    const user = demoUser('analytics');
    await signIn(page, user.email, user.password);
  });

  test('a video type reloads the table and chart with that type, in the URL', async ({ page }) => {
    const { dates, url } = await range(page.request);
    await page.goto(url);
    await expect(page.getByRole('radio', { name: 'Shorts' })).toBeEnabled();
    const [tableCall, graphCall] = [nextCall(page, false), nextCall(page, true)];
    await page.getByRole('radio', { name: 'Shorts' }).check();
    await Promise.all([tableCall, graphCall]);
    await expect(page).toHaveURL(/type=short/);
    const answer = await extended<AnalyticsTableAnswer>(page.request, { ...dates, type_video: 'short' });
    await expect(totals(page, 'views')).toHaveText(count(answer.totals.views));
    await expect(bodyRows(page)).toHaveCount(Math.max(answer.rows.length, 1));
  });

  test('a change aborts the call in flight: the later choice is what shows', async ({ page }) => {
    const { dates, url } = await range(page.request);
    await page.goto(url);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/stat/extended', async (route) => {
      const sent = route.request().postDataJSON() as { type_video?: string; graph?: number };
      if (sent.type_video === 'full' && sent.graph !== 1) await held;
      // The browser may have aborted it meanwhile: then there is nothing left to answer.
      await route.continue().catch(() => undefined);
    });
    await expect(page.getByRole('radio', { name: 'Full' })).toBeEnabled();
    const aborted = page.waitForEvent('requestfailed', (req) => req.url().endsWith('/api/stat/extended'));
    await page.getByRole('radio', { name: 'Full' }).check();
    const shorts = nextCall(page, false);
    await page.getByRole('radio', { name: 'Shorts' }).check();
    await shorts;
    await aborted;
    release();
    const answer = await extended<AnalyticsTableAnswer>(page.request, { ...dates, type_video: 'short' });
    await expect(totals(page, 'views')).toHaveText(count(answer.totals.views));
    await expect(page.getByRole('region', { name: 'Data' })).toHaveAttribute('aria-busy', 'false');
  });

  test('a failed block is empty, with no message', async ({ page }) => {
    const { url } = await range(page.request);
    await page.goto(url);
    await expect(bodyRows(page).first()).toBeVisible();
    await page.route('**/api/stat/extended', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Something went wrong' }) }),
    );
    await page.getByRole('radio', { name: 'Live' }).check();
    await expect(page.getByRole('region', { name: 'Data' })).toHaveAttribute('aria-busy', 'false');
    await expect(bodyRows(page)).toHaveCount(0);
    await expect(page.locator('[data-graph-total]')).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('a comparison adds each figure its change', async ({ page }) => {
    const { dates, previous, url } = await range(page.request);
    await page.goto(url);
    await expect(cell(page, 0, 'views').locator('[data-change]')).toHaveCount(0);
    await expect(page.getByLabel('Compare with')).toBeEnabled();
    const call = nextCall(page, false);
    await page.getByLabel('Compare with').selectOption('previous');
    await call;
    await expect(page).toHaveURL(/compare=previous/);
    const answer = await extended<AnalyticsTableAnswer>(page.request, { ...dates, ...previous });
    const first = answer.rows[0];
    if (!first?.change) throw new Error('the demo data has no rows to compare');
    await expect(cell(page, 0, 'views').locator('[data-change]')).toHaveText(change(first.change.views));
    await expect(totals(page, 'partner_revenue').locator('[data-change]')).toHaveText(
      change(answer.totals.change?.partner_revenue ?? null),
    );
  });

  test('sorting and the pager change the table and the URL', async ({ page }) => {
    const { dates, url } = await range(page.request);
    await page.goto(`${url}&group=titles`);
    const all = await extended<AnalyticsTableAnswer>(page.request, { ...dates, group: 'titles' });
    expect(all.total_rows, 'the demo data needs more than one page of titles').toBeGreaterThan(15);
    await expect(bodyRows(page)).toHaveCount(15);
    const heading = table(page).getByRole('button', { name: 'Views', exact: true });
    await expect(heading).toBeEnabled();
    let call = nextCall(page, false);
    await heading.click();
    await call;
    await expect(page).toHaveURL(/order=asc/);
    const ascending = await extended<AnalyticsTableAnswer>(page.request, { ...dates, group: 'titles', order: 'asc' });
    await expect(bodyRows(page).first().locator('th')).toHaveText(ascending.rows[0]?.title ?? '');
    await expect(table(page).getByRole('columnheader', { name: 'Views What Views means', exact: true })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    call = nextCall(page, false);
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Next' }).click();
    await call;
    await expect(page).toHaveURL(/page=2/);
    const second = await extended<AnalyticsTableAnswer>(page.request, { ...dates, group: 'titles', order: 'asc', page: 2 });
    await expect(bodyRows(page).first().locator('th')).toHaveText(second.rows[0]?.title ?? '');
    await expect(bodyRows(page)).toHaveCount(second.rows.length);
  });

  test('the chart radio shows views, revenue or subs without asking again', async ({ page }) => {
    const { dates, url } = await range(page.request);
    const graph = await extended<AnalyticsGraphAnswer>(page.request, { ...dates, graph: 1 });
    const sum = (metric: keyof AnalyticsGraphAnswer['series']) => graph.series[metric].reduce((s, p) => s + p.value, 0);
    await page.goto(url);
    const total = page.locator('[data-graph-total]');
    await expect(total).toHaveText(count(sum('views')));
    await expect(page.getByRole('radio', { name: 'Revenue' })).toBeEnabled();
    let calls = 0;
    page.on('request', (req) => {
      if (req.url().endsWith('/api/stat/extended')) calls += 1;
    });
    await page.getByRole('radio', { name: 'Revenue' }).check();
    await expect(total).toHaveText(MONEY.format(Math.round(sum('partner_revenue') * 100) / 100));
    await expect(page).toHaveURL(/chart=partner_revenue/);
    await page.getByRole('radio', { name: 'Subs' }).check();
    await expect(total).toHaveText(count(sum('subscribers')));
    expect(calls).toBe(0);
  });

  test('every figure\'s heading has an "i" that says what it means', async ({ page }) => {
    const { url } = await range(page.request);
    await page.goto(url);
    const headings = ['Views', 'Videos', 'Subs gained', 'Subs lost', 'Subs net', 'Revenue', 'RPM', 'CTR', 'AVD'];
    for (const heading of headings) {
      await expect(table(page).getByRole('columnheader', { name: new RegExp(`^${heading} What `) })).toHaveCount(1);
    }
    await expect(table(page).getByRole('button', { name: /^What .* means$/ })).toHaveCount(13);
    await table(page).getByRole('button', { name: 'What CTR means' }).click();
    const meaning = table(page).getByRole('note', { name: 'CTR' });
    await expect(meaning).toBeVisible();
    await expect(meaning).toContainText('how often a thumbnail shown to a viewer was clicked');
    await page.keyboard.press('Escape');
    await expect(meaning).toBeHidden();
  });
});

test('a normal partner is sent to the dashboard', async ({ page }) => {
  const partner = demoUser('partner');
  await signIn(page, partner.email, partner.password);
  await page.goto('/analytics');
  await expect(page).toHaveURL('/dashboard');
  const refused = await page.request.post('/api/stat/extended', { data: {} });
  expect(refused.status()).toBe(403);
});
