// Rankings pages on the demo data: tables equal the compatibility calls' answers, filters and columns
// live in the URL and survive a reload, at most 4 columns, the narrow select, and no JavaScript needed.
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { ChannelRankingRow as ChannelRow, NetworkRankingRow as NetworkRow } from '../../src/lib/api/public-channels';
import { downloadCsv, firstCell } from './csv-download';
import { RANKING_COLUMNS } from '../../src/lib/public/ranking-columns';

const count = (n: number) => n.toLocaleString('en-US');

async function compat<T>(request: APIRequestContext, path: string, query: Record<string, string> = {}): Promise<T> {
  const search = new URLSearchParams({ path: `/youtube/api${path}`, ...query });
  const response = await request.get(`/api/analytics?${search}`);
  expect(response.ok(), path).toBe(true);
  return (await response.json()).data.body as T;
}

const body = (page: Page, table: string): Locator => page.locator(`#${table} tbody tr`);
const header = (page: Page, name: string): Locator => page.getByRole('columnheader', { name, exact: true });

/** The first rows' rank, name and one figure as the table shows them. */
async function firstRows(page: Page, table: string, figureColumn: string, n = 5): Promise<string[][]> {
  const rows = body(page, table);
  const out: string[][] = [];
  for (let i = 0; i < n; i += 1) {
    const row = rows.nth(i);
    out.push([
      await row.locator('.rank').innerText(),
      await row.locator('.name a').innerText(),
      await row.locator(figureColumn).innerText(),
    ]);
  }
  return out;
}

test.describe('top channels', () => {
  test('shows the ranking the API gives, with links to the channel pages', async ({ page, request }) => {
    const rows = await compat<ChannelRow[]>(request, '/stat/get_top_channels');
    expect(rows.length).toBeGreaterThan(5);
    await page.goto('/channels');
    await expect(page.getByRole('heading', { name: 'Top channels' })).toBeVisible();
    await expect(body(page, 'channel-ranking')).toHaveCount(Math.min(rows.length, 100));
    expect(await firstRows(page, 'channel-ranking', '[data-col="subscribers"]')).toEqual(
      rows.slice(0, 5).map((r) => [String(r.num), r.channel_title, count(r.subscriber_count)]),
    );
    await expect(body(page, 'channel-ranking').first().getByRole('link')).toHaveAttribute('href', `/channel/${rows[0]!.channel_id}`);
  });

  test('filters rewrite the URL and survive a reload', async ({ page, request }) => {
    await page.goto('/channels');
    const country = page.getByLabel('Country');
    const code = await country.locator('option').nth(1).getAttribute('value');
    expect(code).toMatch(/^[A-Z]{2}$/);
    await country.selectOption(code!);
    await expect(page).toHaveURL(new RegExp(`/channels\\?country=${code}$`));
    const category = page.getByRole('combobox', { name: 'Category' });
    const categoryId = await category.locator('option').nth(1).getAttribute('value');
    await category.selectOption(categoryId!);
    await expect(page).toHaveURL(new RegExp(`category=${categoryId}`));
    await page.reload();
    await expect(page.getByLabel('Country')).toHaveValue(code!);
    await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue(categoryId!);
    const rows = await compat<ChannelRow[]>(request, '/stat/get_top_channels', { country: code!, category: categoryId! });
    if (rows.length === 0) {
      await expect(page.getByText('No data', { exact: true })).toBeVisible();
    } else {
      await expect(body(page, 'channel-ranking')).toHaveCount(rows.length);
      await expect(body(page, 'channel-ranking').first().locator('.name a')).toHaveText(rows[0]!.channel_title);
    }
  });

  test('shows at most 4 optional columns; the choice stays in the URL', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/channels');
    for (const name of ['Category', 'Subscribers', 'Monthly Views']) await expect(header(page, name)).toBeVisible();
    await expect(header(page, 'Earnings (est.)')).toBeHidden();
    await page.getByRole('checkbox', { name: 'Earnings (est.)' }).check();
    await expect(header(page, 'Earnings (est.)')).toBeVisible();
    await expect(page).toHaveURL(/cols=category&cols=subscribers&cols=monthly_views&cols=earnings/);
    // Four are on: the others cannot be switched on.
    const fifth = page.getByRole('checkbox', { name: 'Watchtime (h, est.)' });
    await expect(fifth).toBeDisabled();
    await fifth.click({ force: true });
    await expect(fifth).not.toBeChecked();
    await expect(header(page, 'Watchtime (h, est.)')).toBeHidden();
    await page.reload();
    await expect(header(page, 'Earnings (est.)')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Earnings (est.)' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Monthly Subs' })).toBeDisabled();
    // One off: the others can be switched on again.
    await page.getByRole('checkbox', { name: 'Category' }).uncheck();
    await expect(header(page, 'Category')).toBeHidden();
    await expect(page.getByRole('checkbox', { name: 'Monthly Subs' })).toBeEnabled();
  });

  test('every optional column shows when chosen, wide and narrow', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    for (const { key, label } of RANKING_COLUMNS) {
      await page.goto(`/channels?cols=${key}&col=${key}`);
      await expect(header(page, label), `${key} in the wide table`).toBeVisible();
      await expect(body(page, 'channel-ranking').first().locator(`td[data-col="${key}"]`)).toBeVisible();
    }
    await page.setViewportSize({ width: 800, height: 900 });
    for (const { key, label } of RANKING_COLUMNS) {
      await page.goto(`/channels?col=${key}`);
      await expect(header(page, label), `${key} in the narrow table`).toBeVisible();
    }
  });

  test('under 992px one column is chosen by a select', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    await page.goto('/channels');
    await expect(page.getByRole('checkbox', { name: 'Category' })).toBeHidden();
    await expect(header(page, 'Subscribers')).toBeVisible();
    await expect(header(page, 'Monthly Views')).toBeHidden();
    await expect(header(page, 'Category')).toBeHidden();
    await page.getByLabel('Column', { exact: true }).selectOption({ label: 'Monthly Views' });
    await expect(header(page, 'Monthly Views')).toBeVisible();
    await expect(header(page, 'Subscribers')).toBeHidden();
    await expect(page).toHaveURL(/col=monthly_views/);
    await page.reload();
    await expect(header(page, 'Monthly Views')).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 900 });
    for (const name of ['Category', 'Subscribers', 'Monthly Views']) await expect(header(page, name)).toBeVisible();
  });

  test('falls back to the defaults for bad query values', async ({ page }) => {
    const response = await page.goto('/channels?period=someday&category=music&country=USA');
    expect(response?.status()).toBe(200);
    await expect(page.getByLabel('Period')).toHaveValue('now');
    await expect(body(page, 'channel-ranking').first()).toBeVisible();
  });
});

test.describe('networks', () => {
  test('lists public networks by monthly views and opens a network page', async ({ page, request }) => {
    const rows = await compat<NetworkRow[]>(request, '/stat/get_top_networks');
    expect(rows.length).toBeGreaterThan(1);
    await page.goto('/networks');
    await expect(page.getByRole('heading', { name: 'Top networks' })).toBeVisible();
    await expect(body(page, 'network-ranking')).toHaveCount(rows.length);
    expect(await firstRows(page, 'network-ranking', 'td:nth-child(5)', 2)).toEqual(
      rows.slice(0, 2).map((r) => [String(r.num), r.mcn_name, count(r.monthly_views)]),
    );
    const top = rows[0]!;
    await page.getByRole('link', { name: top.mcn_name, exact: true }).click();
    await expect(page).toHaveURL(`/network/${top.network_mcn}`);
    await expect(page.getByRole('heading', { name: top.mcn_name })).toBeVisible();
    const summary = page.getByLabel('Network summary');
    for (const [label, value] of [
      ['Monthly Views', top.monthly_views],
      ['Monthly Subs', top.monthly_subs],
      ['Channels', top.channels_count],
      ['Subscribers', top.subscriber_count],
    ] as const) {
      await expect(
        summary
          .locator('div')
          .filter({ has: page.getByText(label, { exact: true }) })
          .locator('dd'),
      ).toHaveText(count(value));
    }
    const channels = await compat<ChannelRow[]>(request, '/stat/get_channels_top_by_mcn', { network_mcn: top.network_mcn });
    await expect(body(page, 'network-channels')).toHaveCount(Math.min(channels.length, 100));
    expect(await firstRows(page, 'network-channels', 'td:nth-child(4)', Math.min(3, channels.length))).toEqual(
      channels.slice(0, 3).map((r) => [String(r.num), r.channel_title, count(r.monthly_views)]),
    );
  });

  test('a country filter sums the networks over their channels of that country, and survives a reload', async ({ page, request }) => {
    await page.goto('/networks');
    await page.getByLabel('Country').selectOption('US');
    await expect(page).toHaveURL(/\/networks\?country=US$/);
    await page.reload();
    await expect(page.getByLabel('Country')).toHaveValue('US');
    const rows = await compat<NetworkRow[]>(request, '/stat/get_top_networks', { country: 'US' });
    await expect(body(page, 'network-ranking')).toHaveCount(rows.length);
    await expect(body(page, 'network-ranking').first().locator('td').nth(4)).toHaveText(count(rows[0]!.monthly_views));
  });

  test('an unknown network is a 404 page', async ({ page }) => {
    const response = await page.goto('/network/no-such-network');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Network not found' })).toBeVisible();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the rankings are readable and the filter form still works', async ({ page, request }) => {
    const rows = await compat<ChannelRow[]>(request, '/stat/get_top_channels');
    await page.goto('/channels');
    await expect(body(page, 'channel-ranking').first().locator('.name a')).toHaveText(rows[0]!.channel_title);
    await page.getByLabel('Country').selectOption('US');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/country=US/);
    const us = await compat<ChannelRow[]>(request, '/stat/get_top_channels', { country: 'US' });
    await expect(body(page, 'channel-ranking').first().locator('.name a')).toHaveText(us[0]!.channel_title);
    const networks = await compat<NetworkRow[]>(request, '/stat/get_top_networks');
    await page.goto('/networks');
    await expect(body(page, 'network-ranking').first().locator('.name a')).toHaveText(networks[0]!.mcn_name);
  });
});

test('a network page downloads its page of channels as CSV, whose first row is the table’s', async ({ page, request }) => {
  const [top] = await compat<NetworkRow[]>(request, '/stat/get_top_networks', { limit: '1' });
  await page.goto(`/network/${top!.network_mcn}`);
  const first = body(page, 'network-channels').first();
  const csv = await downloadCsv(page, 'Download this page of channels as CSV');
  expect(csv.fileName).toBe(`viewdeck-network-${top!.network_mcn}-channels-monthly_views-page-1.csv`);
  expect(firstCell(csv, 'Rank')).toBe(await first.locator('.rank').innerText());
  await expect(first.locator('.name a')).toHaveAttribute('href', `/channel/${firstCell(csv, 'Channel id')}`);
  expect(count(Number(firstCell(csv, 'Monthly views')))).toBe(await first.locator('td:nth-child(4)').innerText());
});
