// Ranking pages signed out: a metric is chosen, then page 2 is reached through the pager's links, with
// JavaScript and without; the rows equal the call's page; bad metrics and pages answer a 4xx page.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { ChannelRankingRow } from '../../src/lib/api/public-channels';

async function callPage(request: APIRequestContext, query: Record<string, string>): Promise<ChannelRankingRow[]> {
  const search = new URLSearchParams({ path: '/youtube/api/stat/get_top_channels', limit: '100', ...query });
  const response = await request.get(`/api/analytics?${search}`);
  expect(response.ok()).toBe(true);
  return (await response.json()).data.body as ChannelRankingRow[];
}

/** The rank and channel link of each row of the table. */
async function shownRows(page: Page): Promise<[string, string][]> {
  const rows = page.locator('#channel-ranking tbody tr');
  const ranks = await rows.locator('.rank').allInnerTexts();
  const links = await rows.locator('.name a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  return ranks.map((rank, i) => [rank, links[i]!]);
}

const expectedRows = (rows: ChannelRankingRow[]): [string, string][] => rows.map((r) => [String(r.num), `/channel/${r.channel_id}`]);

async function checkSecondPage(page: Page, request: APIRequestContext): Promise<void> {
  await expect(page.locator('#channel-ranking')).toBeVisible();
  await expect(page).toHaveURL(/[?&]metric=watchtime/);
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(page.getByText(/^Page 2 of [\d,]+ · [\d,]+ channels$/).first()).toBeVisible();
  expect(await shownRows(page)).toEqual(expectedRows(await callPage(request, { metric: 'watchtime', page: '2' })));
}

test.describe('ranking pages', () => {
  test('ranks by watch time, then goes to page 2 through the pager', async ({ page, request }) => {
    await page.goto('/channels');
    await expect(page.getByText(/^Page 1 of [\d,]+ · [\d,]+ channels$/).first()).toBeVisible();
    await page.getByLabel('Ranked by').selectOption('watchtime');
    await expect(page).toHaveURL(/\/channels\?metric=watchtime(&|$)/);
    expect(await shownRows(page)).toEqual(expectedRows(await callPage(request, { metric: 'watchtime' })));
    // Ranked by a metric outside the default columns, the table shows its column.
    await expect(page.getByRole('columnheader', { name: 'Watchtime (h, est.)' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Pages of the channels' }).first().getByRole('link', { name: '2', exact: true }).click();
    await checkSecondPage(page, request);
  });

  test('answers an unknown metric with a 400 page and a page past the last with a 404 linking to the last', async ({ page }) => {
    const unknown = await page.goto('/channels?metric=likes');
    expect(unknown?.status()).toBe(400);
    await expect(page.getByRole('alert')).toContainText('Unknown ranking metric “likes”');
    const past = await page.goto('/channels?metric=earnings&page=99999');
    expect(past?.status()).toBe(404);
    await expect(page.getByRole('alert')).toContainText('Page 99999 is past the last page');
    await page.getByRole('alert').getByRole('link').click();
    await expect(page.getByText(/^Page ([\d,]+) of \1 · /).first()).toBeVisible();
    const bad = await page.goto('/channels?page=abc');
    expect(bad?.status()).toBe(400);
  });
});

test.describe('ranking pages without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the form applies the metric and the pager links reach page 2', async ({ page, request }) => {
    await page.goto('/channels');
    await page.getByLabel('Ranked by').selectOption('watchtime');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/[?&]metric=watchtime/);
    await page.getByRole('navigation', { name: 'Pages of the channels' }).first().getByRole('link', { name: 'Next' }).click();
    await checkSecondPage(page, request);
  });
});

test('a ranking page downloads as CSV with its own rows', async ({ page, request }) => {
  await page.goto('/channels?metric=watchtime&page=2');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download this page as CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('viewdeck-top-channels-watchtime-now-page-2.csv');
  const text = await (await request.get(`/channels.csv?metric=watchtime&page=2`)).text();
  const ids = text
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((line) => /,(UC[\w-]{22}),/.exec(line)?.[1]);
  expect(ids).toEqual((await callPage(request, { metric: 'watchtime', page: '2' })).map((r) => r.channel_id));
});
