// The details page: its figures in the first HTML and equal to the details calls' answers, sorting kept
// across a reload, the pager, the grouping resets, the chart tab's bucket rules, the audience rows and
// a real xlsx download, and the dashboard's links arriving here. Expected rows come from the API's own answers for the same state.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { readSheet } from 'read-excel-file/node';
import { count } from './expected-text';
import { signInByApi } from './helpers';
import type { AudienceAnswer, DetailsAnswer, DetailsSummary } from '../../src/lib/api/details';
import { bodyRows, labelsOf, loaded, names, post, range, table } from './details-helpers';

test.describe('with scripts off', () => {
  test.use({ javaScriptEnabled: false });

  test("the table's figures are in the page, equal to the details call's answer", async ({ page }) => {
    await signInByApi(page.request, 'network');
    const { from, to, search } = await range(page.request, 28);
    const body = { date_from: from, date_to: to, top_field: 'views', group: 'channels' };
    const [answer, summary] = await Promise.all([
      post<DetailsAnswer>(page.request, 'details', body),
      post<DetailsSummary>(page.request, 'details/total', body),
    ]);
    expect(answer.rows.length).toBeGreaterThan(0);
    await page.goto(`/details/views?${search}`);
    expect(await names(page)).toEqual(labelsOf(answer).map((name) => name.trim()));
    const views = await bodyRows(page).locator('td[data-column="views"]').allInnerTexts();
    expect(views).toEqual(answer.rows.map((row) => count(row.views)));
    await expect(table(page).locator('tfoot td[data-column="views"]')).toHaveText(count(answer.totals.views));
    await expect(page.locator('[data-summary="views"]')).toHaveText(count(summary.views));
    expect(summary.views).toBe(answer.totals.views);
  });
});

test('a sort is kept for the next visit and sent to the server', async ({ page }) => {
  await signInByApi(page.request, 'network');
  const { from, to, search } = await range(page.request, 28);
  const body = { date_from: from, date_to: to, top_field: 'partner_revenue', group: 'countries' };
  await page.goto(`/details/partner_revenue?${search}&group_by=countries`);
  await loaded(page);
  await expect(page.getByRole('columnheader', { name: 'Earnings' })).toHaveAttribute('aria-sort', 'descending');

  const rpm = page.getByRole('button', { name: 'RPM', exact: true });
  await rpm.click();
  await expect(page.getByRole('columnheader', { name: 'RPM' })).toHaveAttribute('aria-sort', 'descending');
  await rpm.click();
  await expect(page.getByRole('columnheader', { name: 'RPM' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/sort=rpm&order=asc/);

  // A later visit without the order in the address gets it from this browser.
  await page.goto(`/details/partner_revenue?${search}&group_by=countries`);
  await expect(page.getByRole('columnheader', { name: 'RPM' })).toHaveAttribute('aria-sort', 'ascending');
  const rpmAscending = await post<DetailsAnswer>(page.request, 'details', { ...body, sort: 'rpm', order: 'asc' });
  await loaded(page);
  await expect.poll(() => names(page)).toEqual(labelsOf(rpmAscending));
});

test('the pager shows the next page of the sorted table', async ({ page }) => {
  await signInByApi(page.request, 'network');
  const { from, to, search } = await range(page.request, 90);
  const body = { date_from: from, date_to: to, top_field: 'views', group: 'countries' };
  const second = await post<DetailsAnswer>(page.request, 'details', { ...body, page: 2, per_page: 30 });
  expect(second.total_rows, 'the demo data has more than one page of countries').toBeGreaterThan(30);
  await page.goto(`/details/views?${search}&group_by=countries`);
  await loaded(page);
  await expect(bodyRows(page)).toHaveCount(30);
  await page.getByRole('navigation', { name: 'Country table pages' }).getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/page=2/);
  await loaded(page);
  await expect.poll(() => names(page)).toEqual(labelsOf(second));
});

test('grouping follows the metric: Title resets to Channel on subs, audience groups by channel only', async ({ page }) => {
  await signInByApi(page.request, 'network');
  const { search } = await range(page.request, 28);
  await page.goto(`/details/views?${search}&group_by=title`);
  await loaded(page);
  const groupBy = page.getByRole('group', { name: 'Group by' });
  await expect(groupBy.getByRole('radio', { name: 'Title' })).toBeChecked();
  await expect(page.getByRole('columnheader', { name: 'Title' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Metric' }).getByRole('link', { name: 'Subscribers' }).click();
  await expect(page).toHaveURL(/\/details\/subs\?/);
  await expect(page).not.toHaveURL(/group_by/);
  await expect(groupBy.getByRole('radio', { name: 'Channel' })).toBeChecked();
  await expect(groupBy.getByRole('radio', { name: 'Title' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Titles' })).toHaveCount(0);

  await groupBy.getByRole('radio', { name: 'Country' }).click();
  await expect(page).toHaveURL(/group_by=countries/);
  await page.getByRole('navigation', { name: 'Metric' }).getByRole('link', { name: 'Audience' }).click();
  await expect(page).toHaveURL(/\/details\/audience\?/);
  await expect(page.getByRole('group', { name: 'Group by' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Download XLS' })).toHaveCount(0);
});

test('the export links carry the table as shown', async ({ page }) => {
  await signInByApi(page.request, 'network');
  const { from, to, search } = await range(page.request, 28);
  await page.goto(`/details/partner_revenue?${search}&group_by=countries&sort=rpm&order=asc`);
  const expected = `date_from=${from}&date_to=${to}&top_field=partner_revenue&group=countries&sort=rpm&order=asc`;
  await expect(page.getByRole('link', { name: 'Download XLS' })).toHaveAttribute('href', `/api/stat/details/xlsx?${expected}`);
  await expect(page.getByRole('link', { name: 'CSV' })).toHaveAttribute('href', `/api/stat/details?to_csv=true&${expected}`);
  await page.getByRole('navigation', { name: 'View' }).getByRole('link', { name: 'Chart' }).click();
  await expect(page.getByRole('link', { name: 'Download XLS' })).toHaveCount(0);
});

test('the chart tab offers the bucket sizes the range allows', async ({ page }) => {
  await signInByApi(page.request, 'network');
  const chartBy = page.getByRole('group', { name: 'Chart by' });
  for (const [days, sizes] of [
    [14, []],
    [15, ['Days', 'Week']],
    [60, ['Days', 'Month']],
  ] as const) {
    const { search } = await range(page.request, days);
    await page.goto(`/analytics/views/chart?${search}`);
    await expect(page.getByRole('tab', { name: 'Detailed' })).toBeVisible();
    if (sizes.length === 0) await expect(chartBy).toHaveCount(0);
    else await expect(chartBy.getByRole('radio')).toHaveCount(sizes.length);
    for (const size of sizes) await expect(chartBy.getByRole('radio', { name: size })).toBeVisible();
  }
  const { search } = await range(page.request, 60);
  await page.goto(`/analytics/views/chart?${search}&by=month`);
  await expect(chartBy.getByRole('radio', { name: 'Month' })).toBeChecked();
  await page.getByRole('tab', { name: 'Detailed' }).click();
  await expect(page).toHaveURL(/mode=detailed/);
});

test('audience rows open into their age rows', async ({ page }) => {
  await signInByApi(page.request, 'network');
  const { from, to, search } = await range(page.request, 90);
  const answer = await post<AudienceAnswer>(page.request, 'details/audience', { date_from: from, date_to: to, top_field: 'views' });
  const first = [...answer.rows].sort((a, b) => b.male_views - a.male_views || a.channel_title.localeCompare(b.channel_title))[0];
  if (!first) throw new Error('the demo data has no audience rows');
  await page.goto(`/details/audience?${search}`);
  await loaded(page);
  const button = page.getByRole('button', { name: first.channel_title });
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const ages = page.locator('tr.age-row th');
  await expect(ages).toHaveCount(first.rows.length);
  const oldest = first.rows.find((row) => row.age.startsWith('65'));
  if (oldest) await expect(ages.last()).toHaveText('65+');
});

test('hydration sends no call for the blocks the page was rendered with; a change reloads only what it changes', async ({ page }) => {
  await signInByApi(page.request, 'network');
  const { search } = await range(page.request, 28);
  const calls: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/stat/')) calls.push(path);
  });
  await page.goto(`/details/views?${search}`);
  // Enabled once the island has hydrated: any call it made on hydration has been sent by then.
  await expect(page.getByLabel('Period', { exact: true })).toBeEnabled();
  const next = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/stat/details');
  await page.getByRole('navigation', { name: 'Channel table pages' }).getByRole('button', { name: 'Page 2' }).click();
  await next;
  await loaded(page);
  // The page was rendered with every block: the only call is the second page's.
  expect(calls).toEqual(['/api/stat/details']);
});

test('a failed block shows its message in place; the rest of the page stays', async ({ page }) => {
  await signInByApi(page.request, 'network');
  const { search } = await range(page.request, 28);
  await page.goto(`/details/views?${search}`);
  await expect(page.getByLabel('Period', { exact: true })).toBeEnabled();
  const summary = await page.locator('[data-summary="views"]').innerText();
  await page.route('**/api/stat/details', (route) =>
    route.fulfill({ status: 503, json: { error: 'The statistics are busy, try again.' } }),
  );
  await page.getByRole('navigation', { name: 'Channel table pages' }).getByRole('button', { name: 'Page 2' }).click();
  await expect(page.getByRole('region', { name: 'Table' }).getByRole('alert')).toHaveText(
    'Table could not be loaded: The statistics are busy, try again.',
  );
  await expect(page.locator('[data-summary="views"]')).toHaveText(summary);
  await expect(page.getByRole('heading', { level: 1, name: 'Views' })).toBeVisible();
});

test('Download XLS saves the table as shown: every row in its order, typed cells, then the totals', async ({ page }) => {
  await signInByApi(page.request, 'network');
  const { from, to, search } = await range(page.request, 28);
  await page.goto(`/details/partner_revenue?${search}&group_by=countries&sort=rpm&order=asc`);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download XLS' }).click()]);
  expect(download.suggestedFilename()).toBe(`viewdeck-partner_revenue-countries-${from}-${to}.xlsx`);
  const file = await download.path();
  if (!file) throw new Error('the download was not saved');
  const sheet = await readSheet(await readFile(file), { trim: false });
  const answer = await post<DetailsAnswer>(page.request, 'details', {
    date_from: from,
    date_to: to,
    top_field: 'partner_revenue',
    group: 'countries',
    sort: 'rpm',
    order: 'asc',
    per_page: 100,
  });
  expect(answer.total_rows).toBeLessThanOrEqual(100);
  const header = sheet.findIndex((row) => row[0] === 'Country');
  expect(sheet[header]).toEqual([
    'Country',
    'RPM (earnings per 1,000 views)',
    'SVR (subscribers per 1,000 views)',
    'AVD (seconds)',
    'Earnings',
    'Share',
  ]);
  const rows = sheet.slice(header + 1, header + 1 + answer.rows.length);
  // Numbers come back as numbers (a percent cell holds its fraction), names as text.
  expect(rows).toEqual(
    answer.rows.map((r) => [
      r.name,
      r.rpm,
      r.svr,
      r.average_view_duration_seconds,
      r.partner_revenue,
      r.percent === null ? null : expect.closeTo(r.percent / 100, 12),
    ]),
  );
  expect(sheet[header + 1 + answer.rows.length]?.[0]).toBe('Total');
  expect(sheet[header + 1 + answer.rows.length]?.[4]).toBe(answer.totals.partner_revenue);
});

test("a dashboard Details link opens the details with the dashboard's period and channels", async ({ page }) => {
  await signInByApi(page.request, 'network');
  const channels = (await (await page.request.get('/api/profile/channels')).json()).data as Array<{
    channel_id: string;
    channel_title: string;
  }>;
  const chosen = channels[0];
  if (!chosen) throw new Error('the demo network has no channels');
  await page.goto(`/dashboard?period=27&channels=${chosen.channel_id}`);
  await loaded(page);
  await page.getByRole('region', { name: 'Views', exact: true }).getByRole('link', { name: 'Views details' }).click();
  await expect(page).toHaveURL(new RegExp(`/details/views\\?period=27&by=days&channels=${chosen.channel_id}$`));
  await loaded(page);
  expect(await names(page)).toEqual([chosen.channel_title.trim()]);
});
