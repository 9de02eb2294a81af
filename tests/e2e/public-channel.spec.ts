// Channel page on the demo data: cards carry the API's figures, the period lives in the URL, the daily
// table's Show more and column toggles, the similar-channels carousel, and the 404 for an unknown id.
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { ChannelInfo, DailyData, SimilarChannel } from '../../src/lib/api/public-channels';
import { change, count, hours, moneyRange } from './expected-text';
import { compat, demoChannel } from './public-api';

const card = (page: Page, name: string): Locator => page.getByRole('region', { name, exact: true });

async function expectCards(page: Page, info: ChannelInfo): Promise<void> {
  const now = info.info_now!;
  const last = info.info_last;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(info.channel_title);
  // A count without a percent (its previous figure was 0 or below) shows the difference: +1,000, −250.
  const counted = (percent: number | null, pick: (f: NonNullable<typeof last>) => number) => {
    if (percent !== null || !last) return change(percent);
    const difference = pick(now) - pick(last);
    return difference > 0 ? `+${count(difference)}` : count(difference);
  };
  const expected: [string, string, string][] = [
    ['Monthly views', count(now.monthly_views), counted(info.changes.monthly_views, (f) => f.monthly_views)],
    ['Subscribers', count(now.subscriber_count), counted(info.changes.subscriber_count, (f) => f.subscriber_count)],
    ['Monthly subs', count(now.monthly_subs), counted(info.changes.monthly_subs, (f) => f.monthly_subs)],
    ['Watchtime', hours(now.watchtime), change(info.changes.watchtime)],
    ['Total views', count(now.view_count), counted(info.changes.view_count, (f) => f.view_count)],
    ['Channel revenue', moneyRange(now.earnings), change(info.changes.earnings)],
  ];
  for (const [name, value, difference] of expected) {
    await expect(card(page, name).locator('[data-value]')).toHaveText(value);
    await expect(card(page, name).locator('[data-change]')).toHaveText(difference);
  }
  await expect(card(page, 'Channel revenue')).toContainText('estimated');
  const category = now.category_list[0]!;
  await expect(card(page, 'Category').getByRole('link', { name: category.category_name })).toHaveAttribute(
    'href',
    `/channels?category=${category.category_id}`,
  );
  if (info.top_positions.overall !== null) {
    await expect(page.getByRole('list', { name: 'Top positions' })).toContainText(`#${info.top_positions.overall} overall`);
  }
}

test('cards show the API figures and the period select keeps its choice in the URL', async ({ page, request }) => {
  const id = await demoChannel(request);
  await page.goto(`/channel/${id}`);
  await expectCards(page, await compat<ChannelInfo>(request, '/stat/channel_info', { channel_id: id, period: 'now' }));
  await expect(page.getByRole('link', { name: 'Go to channel' })).toHaveAttribute('href', `https://www.youtube.com/channel/${id}`);
  await expect(page.getByRole('link', { name: 'Chart positions (trends)' })).toHaveAttribute('href', `/trend/channel/${id}`);

  const select = page.getByLabel('Period', { exact: true });
  const month = await select.locator('option').nth(2).getAttribute('value');
  expect(month).toMatch(/^\d{4}-\d{2}$/);
  await select.selectOption(month!);
  await expect(page).toHaveURL(`/channel/${id}?period=${month}`);
  // The trends link follows the period, and leads to the channel's trends page.
  await expect(page.getByRole('link', { name: 'Chart positions (trends)' })).toHaveAttribute(
    'href',
    `/trend/channel/${id}?period=${month}`,
  );
  const monthInfo = await compat<ChannelInfo>(request, '/stat/channel_info', { channel_id: id, period: month! });
  await expectCards(page, monthInfo);
  await page.reload();
  await expect(page.getByLabel('Period', { exact: true })).toHaveValue(month!);
  await expectCards(page, monthInfo);
});

test('the daily table shows six rows until Show more, and a toggle hides its column', async ({ page, request }) => {
  const id = await demoChannel(request);
  const daily = await compat<DailyData>(request, '/stat/get_daily_data', { channel_id: id, period: 'now' });
  expect(daily.rows.length).toBeGreaterThan(6);
  await page.goto(`/channel/${id}`);
  const table = page.getByRole('region', { name: 'Daily statistics' }).getByRole('table');
  const rows = table.locator('tbody tr');
  await expect(rows.filter({ visible: true })).toHaveCount(6);
  const first = daily.rows[0]!;
  await expect(rows.first().getByRole('cell')).toHaveText([
    first.updated,
    count(first.subscriber_count),
    count(first.view_count),
    count(first.daily_subs!),
    count(first.daily_views!),
  ]);
  await page.getByRole('button', { name: 'Show more' }).click();
  await expect(rows.filter({ visible: true })).toHaveCount(daily.rows.length);

  await expect(table.getByRole('columnheader', { name: 'Total Views' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Total Views' }).uncheck();
  await expect(table.getByRole('columnheader', { name: 'Total Views' })).toBeHidden();
  await expect(rows.first().getByRole('cell')).toHaveCount(4);
  await expect(rows.first().getByRole('cell', { name: count(first.view_count), exact: true })).toBeHidden();
});

test('the similar channels carousel leads to another channel page', async ({ page, request }) => {
  const id = await demoChannel(request);
  const similar = await compat<SimilarChannel[]>(request, '/stat/similar_channels', { channel_id: id });
  await page.goto(`/channel/${id}`);
  const carousel = page.getByRole('list', { name: 'Similar channels' });
  await expect(carousel.getByRole('link')).toHaveCount(similar.length);
  const link = carousel.getByRole('link', { name: similar[0]!.channel_title });
  await expect(link).toHaveAttribute('href', `/channel/${similar[0]!.channel_id}`);
  await link.click();
  await expect(page).toHaveURL(`/channel/${similar[0]!.channel_id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(similar[0]!.channel_title);
});

test('the trends link opens the channel trends page', async ({ page, request }) => {
  const id = await demoChannel(request);
  await page.goto(`/channel/${id}`);
  await page.getByRole('link', { name: 'Chart positions (trends)' }).click();
  await expect(page).toHaveURL(`/trend/channel/${id}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Best daily position' })).toBeVisible();
});

test('an unknown channel is a 404 page with a message', async ({ page }) => {
  const response = await page.goto(`/channel/UC${'z'.repeat(22)}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Channel not found' })).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the figures and every daily row are in the HTML', async ({ page, request }) => {
    const id = await demoChannel(request);
    const daily = await compat<DailyData>(request, '/stat/get_daily_data', { channel_id: id, period: 'now' });
    await page.goto(`/channel/${id}?period=not-a-period`);
    await expect(page.getByLabel('Period', { exact: true })).toHaveValue('now');
    await expect(page.getByRole('region', { name: 'Daily statistics' }).locator('tbody tr').filter({ visible: true })).toHaveCount(
      daily.rows.length,
    );
  });
});
