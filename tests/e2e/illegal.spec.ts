// The illegal copies pages: the table's figures in the first HTML equal the API's answer, each copy's "Copy
// of" link to the page of the partner video the API names, the Table / Chart switch, the group by switches, the Summary switch, and the state kept in the URL across a reload.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { signInByApi } from './helpers';
import type { DatesAnswer } from '../../src/lib/api/stats';
import type { IllegalChartAnswer, IllegalTableAnswer } from '../../src/lib/api/illegal';
import { formatMoney, formatNumber } from '../../src/lib/formats/stat-format';

/** Days in the custom range the tests open, ending on the latest data day. */
const RANGE_DAYS = 120;
const MS_PER_DAY = 86_400_000;

async function post<T>(request: APIRequestContext, path: string, body: object): Promise<T> {
  const response = await request.post(path, { data: body });
  expect(response.ok(), `POST ${path}: ${response.status()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** A custom range ending on the demo data's latest day, and its query string. */
async function range(request: APIRequestContext): Promise<{ from: string; to: string; search: string }> {
  const { max_date: to } = await post<DatesAnswer>(request, '/api/stat/dates', {});
  if (!to) throw new Error('the demo data has no latest day');
  const from = new Date(Date.parse(to) - (RANGE_DAYS - 1) * MS_PER_DAY).toISOString().slice(0, 10);
  return { from, to, search: `period=custom&from=${from}&to=${to}` };
}

test.describe('with scripts off', () => {
  test.use({ javaScriptEnabled: false });

  test("the table's first HTML holds the API's rows and totals", async ({ page }) => {
    await signInByApi(page.request, 'network');
    const { from, to, search } = await range(page.request);
    const answer = await post<IllegalTableAnswer>(page.request, '/api/illegal/table', { date_from: from, date_to: to });
    expect(answer.totals.copies).toBeGreaterThan(0);
    await page.goto(`/illegal/table?${search}`);
    const table = page.getByRole('table', { name: 'Copies' });
    await expect(table.locator('[data-total="views"]')).toHaveText(formatNumber(answer.totals.views));
    await expect(table.locator('[data-total="earnings"]')).toHaveText(formatMoney(answer.totals.earnings));
    if (answer.group_by !== 'none') throw new Error('expected copy rows');
    const first = answer.rows[0];
    if (!first) throw new Error('expected a copy');
    const link = table.locator('tbody tr').first().getByRole('link').first();
    await expect(link).toHaveText(first.video_title);
    await expect(link).toHaveAttribute('href', `https://www.youtube.com/watch?v=${first.video_id}`);
  });

  test('each copy links to the page of the partner video the API names it a copy of', async ({ page }) => {
    await signInByApi(page.request, 'network');
    const { from, to, search } = await range(page.request);
    const answer = await post<IllegalTableAnswer>(page.request, '/api/illegal/table', { date_from: from, date_to: to });
    if (answer.group_by !== 'none') throw new Error('expected copy rows');
    expect(answer.rows.some((r) => r.reference_video_id !== null)).toBe(true);
    await page.goto(`/illegal/table?${search}`);
    const table = page.getByRole('table', { name: 'Copies' });
    await expect(table.getByRole('columnheader', { name: /Copy of/ })).toBeVisible();
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(answer.rows.length);
    for (const [i, copy] of answer.rows.entries()) {
      const cell = rows.nth(i).locator('td[data-column="reference"]');
      if (copy.reference_video_id === null) {
        await expect(cell).toHaveText('—');
        await expect(cell.getByRole('link')).toHaveCount(0);
        continue;
      }
      const link = cell.getByRole('link');
      await expect(link).toHaveAttribute('href', `/video/${copy.reference_video_id}`);
      await expect(link).toHaveText(copy.reference_video_title ?? copy.reference_video_id);
    }
  });
});

test('switches grouping, view and Summary, and keeps them in the URL across a reload', async ({ page }) => {
  await signInByApi(page.request, 'network');
  const { from, to, search } = await range(page.request);
  await page.goto(`/illegal/table?${search}`);
  const filters = page.getByRole('complementary', { name: 'Filters' });

  await filters.getByRole('radio', { name: 'Channel' }).check();
  await expect(page).toHaveURL(/group=channel/);
  const grouped = await post<IllegalTableAnswer>(page.request, '/api/illegal/table', { date_from: from, date_to: to, group_by: 'channel' });
  const table = page.getByRole('table', { name: 'Copies' });
  await expect(table.getByRole('columnheader', { name: /Copies/ })).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(Math.min(30, grouped.total_rows));
  await page.reload();
  await expect(filters.getByRole('radio', { name: 'Channel' })).toBeChecked();

  await page.getByRole('navigation', { name: 'View' }).getByRole('link', { name: 'Chart' }).click();
  await expect(page).toHaveURL(/\/illegal\/chart\?.*group=channel/);
  await filters.getByRole('radio', { name: 'Earns' }).check();
  await expect(page).toHaveURL(/metric=earns/);
  await page.getByRole('switch', { name: 'Summary' }).check();
  await expect(page).toHaveURL(/summary=1/);
  const chart = await post<IllegalChartAnswer>(page.request, '/api/illegal/chart', {
    date_from: from,
    date_to: to,
    group_by: 'earns',
    summary: true,
  });
  const series = page.getByRole('list', { name: 'Earnings by series' }).getByRole('listitem');
  await expect(series).toHaveCount(1);
  await expect(series).toContainText(formatMoney(chart.totals.earnings));

  await page.reload();
  await expect(page.getByRole('switch', { name: 'Summary' })).toBeChecked();
  await expect(filters.getByRole('radio', { name: 'Earns' })).toBeChecked();
  await expect(page.getByRole('list', { name: 'Earnings by series' }).getByRole('listitem')).toHaveCount(1);
});

test('on a laptop screen the copies table scrolls inside its card and never runs under the filters', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInByApi(page.request, 'network');
  const { search } = await range(page.request);
  await page.goto(`/illegal/table?${search}`);
  const region = page.getByRole('region', { name: 'Copies table', exact: true });
  await expect(region.locator('tbody tr').first()).toBeVisible();
  const filters = page.getByRole('complementary', { name: 'Filters' });
  const regionBox = await region.boundingBox();
  const filtersBox = await filters.boundingBox();
  if (!regionBox || !filtersBox) throw new Error('the table and the filters must both be laid out');
  expect(regionBox.x + regionBox.width).toBeLessThanOrEqual(filtersBox.x);
  // The table is wider than its card at this size: its region scrolls sideways to the figures.
  const widths = await region.evaluate((el) => ({ client: el.clientWidth, scroll: el.scrollWidth }));
  expect(widths.scroll).toBeGreaterThan(widths.client);
  await region.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect(region.getByRole('columnheader', { name: /Earnings/ })).toBeInViewport();
});
