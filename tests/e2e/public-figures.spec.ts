// Public figures that must agree with each other on the demo data: the unfinished month is named as such,
// every change says what it compares with, watch time reads the same hours everywhere, unknown filter
// values fall back with a note, and /find keeps the search when one field is wrong.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { ChannelRankingRow as ChannelRow } from '../../src/lib/api/public-channels';
import type { DiffReport, GlobalTopChannel } from '../../src/lib/api/public-global';
import { monthName, unfinishedMonth } from './expected-text';
import { compat } from './public-api';
import { wakeIslands } from './helpers';

/** The day the demo figures reach: 'now' ends there, and its month is unfinished unless it is the last day. */
async function latestDay(request: APIRequestContext): Promise<string> {
  const diff = await compat<DiffReport>(request, '/stat/get_diff_report');
  expect(diff.arch_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  return diff.arch_date!;
}

const combo = (page: Page, name: string) => page.getByRole('combobox', { name, exact: true });
const note = (page: Page) => page.getByRole('status').filter({ hasText: 'Unknown' });

test.describe('the unfinished month', () => {
  test('/global names it under its graph and on the axis', async ({ page, request }) => {
    const partial = unfinishedMonth(await latestDay(request));
    // Seeded with today's date, the demo's figures end two days ago: on the days their last day is a
    // month's last day, every month drawn is complete and no month may be named as unfinished.
    await page.goto('/global');
    await expect(page.locator('#main')).toBeVisible();
    const legend = page.locator('.chart-partial-note');
    if (partial === null) {
      await expect(legend).toHaveCount(0);
      return;
    }
    await expect(legend).toContainText(`${partial.label}, not a complete month`);
    await expect(legend).toHaveAttribute('data-partial-month', partial.month);
  });

  test('a channel page names it under its monthly charts', async ({ page, request }) => {
    const partial = unfinishedMonth(await latestDay(request));
    const [top] = await compat<ChannelRow[]>(request, '/stat/get_top_channels', { limit: '1' });
    await page.goto(`/channel/${top!.channel_id}`);
    const history = page.getByRole('region', { name: 'History', exact: true });
    await expect(history).toBeVisible();
    if (partial === null) await expect(history.locator('.chart-partial-note')).toHaveCount(0);
    else await expect(history.locator('.chart-partial-note')).toHaveText(`Lighter last month: ${partial.label}, not a complete month.`);
  });
});

test.describe('the unfinished month on the cards', () => {
  test('a channel page for that month says so on its cards, in the words /global uses', async ({ page, request }) => {
    const day = await latestDay(request);
    const partial = unfinishedMonth(day);
    const [top] = await compat<ChannelRow[]>(request, '/stat/get_top_channels', { limit: '1' });
    if (partial === null) {
      // The figures end on a month's last day: that month is complete, and its cards say nothing of the kind.
      await page.goto(`/channel/${top!.channel_id}?period=${day.slice(0, 7)}`);
      await expect(page.getByRole('region', { name: 'Monthly views', exact: true })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Monthly views', exact: true })).not.toContainText('against a full month');
      return;
    }
    const expected = `${partial!.label}, against a full month`;
    await page.goto(`/global?period=${partial!.month}`);
    await expect(page.getByRole('article', { name: 'Monthly views' })).toContainText(expected);
    await page.goto(`/channel/${top!.channel_id}?period=${partial!.month}`);
    await expect(page.getByLabel('Period', { exact: true })).toHaveValue(partial!.month);
    await expect(page.getByRole('region', { name: 'Monthly views', exact: true })).toContainText(expected);
    // A complete month compares like with like: no such note.
    const [year, month] = partial!.month.split('-').map(Number) as [number, number];
    const before = month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
    await page.goto(`/channel/${top!.channel_id}?period=${before}`);
    await expect(page.getByRole('region', { name: 'Monthly views', exact: true })).not.toContainText('against a full month');
  });
});

test.describe('what a change compares with', () => {
  test('/global says it on the cards and the top channels, and Details opens the list by monthly views', async ({ page, request }) => {
    const diff = await compat<DiffReport>(request, '/stat/get_diff_report');
    expect(diff.previous_period).not.toBeNull();
    const versus = `vs ${monthName(diff.previous_period!)}`;
    await page.goto('/global');
    await expect(page.getByRole('article', { name: 'Monthly views' }).locator('.stat-change')).toContainText(versus);
    const table = page.getByRole('table', { name: 'Top channels by monthly views' });
    await expect(table.getByRole('columnheader', { name: `Change ${versus}` })).toBeVisible();
    const firstOnGlobal = await table.getByRole('row').nth(1).getByRole('link').innerText();

    await page.getByRole('link', { name: 'Details: top channels' }).click();
    await expect(page).toHaveURL(/\/channels\?.*metric=monthly_views/);
    await expect(combo(page, 'Ranked by')).toHaveValue('monthly_views');
    const byViews = await compat<ChannelRow[]>(request, '/stat/get_top_channels', { metric: 'monthly_views' });
    const names = page.locator('#channel-ranking tbody tr .name a');
    await expect(names.nth(0)).toHaveText(byViews[0]!.channel_title);
    await expect(names.nth(1)).toHaveText(byViews[1]!.channel_title);
    await expect(names.nth(0)).toHaveText(firstOnGlobal);
    await expect(page.getByText('Position changes (▲ ▼ New) are vs previous 30 days.')).toBeVisible();
  });

  test('a channel page compares the last 30 days with the 30 days before, a month with the month before', async ({ page, request }) => {
    const [top] = await compat<ChannelRow[]>(request, '/stat/get_top_channels', { limit: '1' });
    await page.goto(`/channel/${top!.channel_id}`);
    await expect(page.getByRole('region', { name: 'Monthly views', exact: true }).locator('.stat-change')).toContainText(
      'vs previous 30 days',
    );
    const periods = await compat<{ period: string }[]>(request, '/tools/get_periods');
    const month = periods[1]!.period.slice(0, 7);
    const before = periods[2]!.period.slice(0, 7);
    await page.goto(`/channel/${top!.channel_id}?period=${month}`);
    await expect(page.getByRole('region', { name: 'Monthly views', exact: true }).locator('.stat-change')).toContainText(
      `vs ${monthName(before)}`,
    );
  });
});

test('a channel shows the same watch time hours on /channels and on /find', async ({ page, request }) => {
  const [top] = await compat<ChannelRow[]>(request, '/stat/get_top_channels', { metric: 'monthly_views', limit: '1' });
  await page.goto('/channels?metric=monthly_views&cols=watchtime&cols=monthly_views');
  const row = page.locator('#channel-ranking tbody tr').filter({ has: page.locator(`a[href="/channel/${top!.channel_id}"]`) });
  const onChannels = await row.locator('[data-col="watchtime"]').innerText();
  expect(onChannels).toMatch(/^[\d,]+ h$/);

  await page.goto(`/find?view=table&form_str=${encodeURIComponent(top!.channel_title)}`);
  const found = page.getByRole('row').filter({ has: page.locator(`a[href="/channel/${top!.channel_id}"]`) });
  await expect(found.getByRole('cell').nth(2)).toHaveText(onChannels);
});

test.describe('unknown filter values', () => {
  const cases: [string, string, string, string][] = [
    ['/channels?country=XX', 'Country', '', 'Unknown country XX: showing all countries'],
    ['/channels?lang=zz', 'Language', '', 'Unknown language zz: showing all languages'],
    ['/channels?category=999', 'Category', '', 'Unknown category 999: showing all categories'],
    ['/channels?period=2030-01', 'Period', 'now', 'Unknown period 2030-01: showing the last 30 days'],
    ['/networks?country=XX', 'Country', '', 'Unknown country XX: showing all countries'],
  ];
  for (const [url, select, value, text] of cases) {
    test(`${url} shows the default list and says so`, async ({ page }) => {
      await page.goto(url);
      await expect(note(page)).toHaveText(text);
      await expect(combo(page, select)).toHaveValue(value);
      await expect(page.locator('table.ranking tbody tr').first()).toBeVisible();
      await expect(page.getByText('No data', { exact: true })).toHaveCount(0);
    });
  }

  test('/global?country=XX shows every country and says so', async ({ page, request }) => {
    await page.goto('/global?country=XX');
    await expect(note(page)).toHaveText('Unknown country XX: showing all countries');
    await expect(combo(page, 'Country')).toHaveValue('');
    const top = await compat<GlobalTopChannel[]>(request, '/stat/get_global_top_channels');
    await expect(page.getByRole('table', { name: 'Top channels by monthly views' }).getByRole('row')).toHaveCount(top.length + 1);
  });
});

test.describe('/find keeps the search when a field is wrong', () => {
  const found = (page: Page) => page.getByRole('heading', { name: /channels found$/ });

  test('letters in a number box and a minimum above its maximum are named in words, and nothing is lost', async ({ page }) => {
    await page.goto('/find?form_str=music');
    await wakeIslands(page);
    const before = await found(page).innerText();
    const url = page.url();
    await page.getByRole('textbox', { name: 'Subscribers min' }).fill('abc');
    await page.getByRole('main').getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('Minimum subscribers must be a whole number; “abc” is not')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Subscribers min' })).toHaveAttribute('aria-invalid', 'true');
    expect(page.url()).toBe(url);
    await expect(found(page)).toHaveText(before);
    await expect(page.getByRole('list', { name: 'Keywords' }).getByText('music', { exact: true })).toBeVisible();

    await page.getByRole('textbox', { name: 'Subscribers min' }).fill('5000');
    await page.getByRole('textbox', { name: 'Subscribers max' }).fill('100');
    await page.getByRole('main').getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('Minimum subscribers must not be above the maximum')).toBeVisible();
    expect(page.url()).toBe(url);
    await expect(found(page)).toHaveText(before);
  });

  test('an address with a bad field runs the rest of the search and says what was left out', async ({ page, request }) => {
    const keywords = Array.from({ length: 11 }, (_, i) => `form_str=k${i}`).join('&');
    await page.goto(`/find?${keywords}`);
    await expect(page.getByText('At most 10 keywords can be searched together; there are 11')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Keywords' }).getByRole('listitem')).toHaveCount(10);

    await page.goto(`/find?form_str=music&form_str=${'a'.repeat(151)}&form_subscriber_count_min=5000&form_subscriber_count_max=100`);
    await expect(page.getByText(/^A keyword can be at most 150 characters; “a{20}…” has 151$/)).toBeVisible();
    await expect(page.getByText('Minimum subscribers must not be above the maximum')).toBeVisible();
    const res = await request.post('/api/analytics?path=/youtube/api/stat/search', {
      form: { form_str: 'music', form_monthly_views_min: '10000' },
    });
    const rest = ((await res.json()) as { data: { body: { count: number } } }).data.body.count;
    expect(rest).toBeGreaterThan(0);
    await expect(found(page)).toHaveText(`${rest.toLocaleString('en-US')} channels found`);
    // The bounds stay as given, to be corrected; the keyword that fits stays in the search.
    await expect(page.getByRole('textbox', { name: 'Subscribers min' })).toHaveValue('5000');
    await expect(page.getByRole('textbox', { name: 'Subscribers max' })).toHaveValue('100');
    await expect(page.getByRole('list', { name: 'Keywords' }).getByText('music', { exact: true })).toBeVisible();
    await expect(page.getByText(/validation|form_subscriber_count/)).toHaveCount(0);
  });
});
