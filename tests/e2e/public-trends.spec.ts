// Trend pages against the demo data: the hourly chart (country, hours, paging), a video (counts, table,
// at most three countries) and a channel (chart window, table). Expected values come from the trends API.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { ChannelTrendReport as ChannelBody, TrendItems as Main, TrendVideoReport as VideoBody } from '../../src/lib/api/public-trends';
import { downloadCsv, firstCell } from './csv-download';

async function api<T>(request: APIRequestContext, path: string, query: Record<string, string> = {}): Promise<T> {
  const response = await request.get(`/api/analytics?${new URLSearchParams({ path: `/youtube/api${path}`, ...query })}`);
  expect(response.ok(), path).toBe(true);
  return ((await response.json()) as { data: { body: T } }).data.body;
}

const count = (text: string | null) => (text === null ? '—' : Number(text).toLocaleString('en-US'));
const items = (page: Page) => page.getByRole('list', { name: /Trending videos/ }).getByRole('listitem');

test.describe('hourly trends', () => {
  test('lists the US chart, switches country through the URL and keeps it on reload', async ({ page, request }) => {
    const us = await api<Main>(request, '/trends/main', { country: 'US' });
    expect(us.data.length).toBeGreaterThan(0);
    await page.goto('/trends');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trends in the United States');
    await expect(page).toHaveTitle(/Trends in the United States/);
    await expect(items(page)).toHaveCount(Math.min(50, us.count));
    await expect(items(page).first().getByRole('heading')).toHaveText(us.data[0]!.video_title);
    await expect(items(page).first().getByRole('link', { name: us.data[0]!.channel_title })).toHaveAttribute(
      'href',
      `/trend/channel/${us.data[0]!.channel_id}`,
    );

    const gb = await api<Main>(request, '/trends/main', { country: 'GB' });
    await page.getByLabel('Country').selectOption('GB');
    await expect(page).toHaveURL(/[?&]country=GB/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trends in the United Kingdom');
    await expect(items(page).first().getByRole('heading')).toHaveText(gb.data[0]!.video_title);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trends in the United Kingdom');
    await expect(page.getByLabel('Country')).toHaveValue('GB');
  });

  test('moves between hours, pages with the count, and says when it shows an earlier hour', async ({ page, request }) => {
    const latest = await api<Main>(request, '/trends/main', { country: 'US' });
    const earlier = await api<Main>(request, '/trends/main', { country: 'US', hour: String((latest.hour ?? 0) - 3600) });
    await page.goto('/trends?country=US');
    const label = await page.getByTestId('chart-hour').textContent();
    await page.getByRole('link', { name: '← Previous hour' }).click();
    await expect(page).toHaveURL(/day=.*&time=/);
    await expect(page.getByTestId('chart-hour')).not.toHaveText(label ?? '');
    await expect(items(page).first().getByRole('heading')).toHaveText(earlier.data[0]!.video_title);
    const pages = Math.ceil(earlier.count / 50);
    await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText(
      `Page 1 of ${pages} · ${earlier.count.toLocaleString('en-US')} ${earlier.count === 1 ? 'video' : 'videos'}`,
    );
    // Past the last page: nothing listed, no "Page 2 of 1", and a way back to the last page.
    await page.goto(`${page.url()}&page=${pages + 1}`);
    await expect(page.getByText('No data available')).toBeVisible();
    const pager = page.getByRole('navigation', { name: 'Pages' });
    await expect(pager).toContainText(`There is no page ${pages + 1}: the list has ${pages} ${pages === 1 ? 'page' : 'pages'}.`);
    await expect(pager).not.toContainText(`of ${pages}`);
    await pager.getByRole('link', { name: `← Go to page ${pages}` }).click();
    await expect(page).toHaveURL(new RegExp(pages > 1 ? `page=${pages}` : '^(?!.*page=)'));
    await expect(items(page)).toHaveCount(earlier.count - (pages - 1) * 50);
    // An hour before the data starts falls back to no chart at all.
    await page.goto('/trends?country=US&day=2014-01-01&time=0');
    await expect(page.getByText('No data available')).toBeVisible();
  });
});

test.describe('a country the picker does not offer', () => {
  test('an unknown code shows the United States and says so', async ({ page }) => {
    await page.goto('/trends?country=XX');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trends in the United States');
    await expect(page.getByRole('status').filter({ hasText: 'Unknown country' })).toHaveText(
      'Unknown country XX: showing the United States',
    );
    await expect(page.getByLabel('Country')).toHaveValue('US');
    await page.goto('/trends?country=not-a-country');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trends in the United States');
    await expect(page.getByRole('status').filter({ hasText: 'Unknown country' })).toContainText('not-a-country');
  });
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test("a channel's Video column keeps room for its titles, and the table shows it scrolls", async ({ page, request }) => {
    const us = await api<Main>(request, '/trends/main', { country: 'US' });
    await page.goto(`/trend/channel/${us.data[0]!.channel_id}`);
    const table = page.locator('.trend-table');
    await expect(table.locator('tbody tr').first()).toBeVisible();
    const rem = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
    const video = await table.getByRole('columnheader', { name: 'Video' }).evaluate((th) => th.getBoundingClientRect().width);
    expect(video).toBeGreaterThanOrEqual(14 * rem - 1);
    // The table is wider than the phone: its box scrolls and draws the edge shadows that say so.
    const box = page.getByRole('region', { name: 'Best daily positions' });
    const [scrollWidth, clientWidth] = await box.evaluate((el) => [el.scrollWidth, el.clientWidth]);
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    expect(await box.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('radial-gradient');
  });
});

/** A video on the US chart that charted in at least `min` countries. */
async function videoIn(request: APIRequestContext, min: number): Promise<{ id: string; body: VideoBody }> {
  const us = await api<Main>(request, '/trends/main', { country: 'US' });
  for (const item of us.data) {
    const body = await api<VideoBody>(request, '/trends/video', { video_id: item.video_id });
    if (body.countries.length >= min) return { id: item.video_id, body };
  }
  throw new Error(`no video on the US chart charted in ${min} countries`);
}

test.describe('trending video', () => {
  test('shows the counts and the hourly table, and lets at most three countries be chosen', async ({ page, request }) => {
    const { id, body } = await videoIn(request, 4);
    const stats = body.video_details.video.statistics;
    await page.goto(`/trend/video/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(body.video_details.video.snippet.title);
    await expect(page.getByTestId('views')).toHaveText(count(stats.viewCount));
    await expect(page.getByTestId('likes')).toHaveText(count(stats.likeCount));
    await expect(page.getByTestId('dislikes')).toHaveText(count(stats.dislikeCount));
    await expect(page.getByTestId('comments')).toHaveText(count(stats.commentCount));
    const table = page.locator('#video-table');
    await expect(table.locator('tbody tr')).toHaveCount(body.table.length);
    await expect(table.locator('tbody tr').first().locator('td[data-metric=views]')).toContainText(
      body.table[0]!.views.toLocaleString('en-US'),
    );
    await expect(page.getByRole('img', { name: /Chart position by hour/ })).toBeVisible();

    const boxes = page.getByRole('checkbox');
    await expect(boxes).toHaveCount(body.countries.length);
    await expect(page.getByRole('checkbox', { checked: true })).toHaveCount(3);
    const fourth = body.countries[3]!;
    const box = page.getByRole('checkbox', { name: fourth.country_name });
    await expect(box).toBeDisabled();
    // Untick the first, then the fourth can be ticked; each change reloads the page with the choice in
    // the URL as one list (click, not uncheck: the box it would check again is on the page it leaves).
    await page.getByRole('checkbox', { name: body.countries[0]!.country_name }).click();
    await expect(page).toHaveURL(new RegExp(`country_trends=${encodeURIComponent([body.chosen[1], body.chosen[2]].join(','))}$`));
    await expect(page.getByRole('checkbox', { name: fourth.country_name })).toBeEnabled();
    await page.getByRole('checkbox', { name: fourth.country_name }).click();
    const expected = [body.chosen[1], body.chosen[2], fourth.country_code2].join(',');
    await expect(page).toHaveURL(new RegExp(`country_trends=${encodeURIComponent(expected)}`));
    await page.reload();
    await expect(page.getByRole('checkbox', { name: fourth.country_name })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: body.countries[0]!.country_name })).toBeDisabled();

    // The position column follows the picked flag; the choice stays in the URL.
    await page.getByLabel('Position in').selectOption(fourth.country_code2);
    await expect(table.locator(`th[data-country=${fourth.country_code2}]`)).toBeVisible();
    await page.getByLabel('Highlight').selectOption('likes');
    await expect(table.locator('th[data-metric=likes]')).toHaveClass(/highlight/);
    await page.reload();
    await expect(page.getByLabel('Highlight')).toHaveValue('likes');
    await expect(table.locator(`th[data-country=${fourth.country_code2}]`)).toBeVisible();
  });

  test('answers 404 for an unknown video', async ({ page }) => {
    const response = await page.goto('/trend/video/zzzzzzzzzzz');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Video not found' })).toBeVisible();
  });
});

test.describe('channel trends', () => {
  test('draws the rank chart with Prev/Next over 5 or 11 days and lists the days', async ({ page, request }) => {
    const us = await api<Main>(request, '/trends/main', { country: 'US' });
    let found: { key: string; body: ChannelBody; dates: string[] } | null = null;
    for (const item of us.data) {
      const body = await api<ChannelBody>(request, '/trends/channel', { channel_id: item.channel_id });
      const dates = [...new Set(body.data.map((d) => d.date))].sort();
      if (dates.length > 11) {
        found = { key: item.channel_id, body, dates };
        break;
      }
    }
    expect(found, 'a channel on the US chart with more than 11 trending days').not.toBeNull();
    const { key, body, dates } = found!;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/trend/channel/${key}`);
    await expect(page.locator('table.trend-table tbody tr')).toHaveCount(body.data.length);
    const first = body.data[0]!;
    await expect(page.locator('table.trend-table tbody tr').first()).toContainText(first.date);
    await expect(page.locator('table.trend-table tbody tr').first().getByRole('link')).toHaveAttribute(
      'href',
      `/trend/video/${first.video_id}`,
    );
    const chart = page.locator('.rank-chart');
    await expect(page.getByRole('img', { name: /best chart position per day/ })).toBeVisible();
    await expect(chart).toHaveAttribute('data-points', '11');
    await expect(chart).toHaveAttribute('data-first', dates[dates.length - 11]!);
    // Prev is enabled once the island has hydrated; Next stays disabled at the latest days.
    await expect(page.getByRole('button', { name: 'Previous points' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Next points' })).toBeDisabled();
    await page.getByRole('button', { name: 'Previous points' }).click();
    await expect(chart).toHaveAttribute('data-first', dates[Math.max(0, dates.length - 22)]!);
    await page.getByRole('button', { name: 'Next points' }).click();
    await expect(chart).toHaveAttribute('data-first', dates[dates.length - 11]!);

    await page.setViewportSize({ width: 600, height: 900 });
    await expect(chart).toHaveAttribute('data-points', '5');
    await page.reload();
    await expect(chart).toHaveAttribute('data-points', '5');
    await expect(chart).toHaveAttribute('data-first', dates[dates.length - 5]!);
    await expect(page.locator('table.trend-table tbody tr')).toHaveCount(body.data.length);
  });

  test('keeps the period in the URL and shows No data available for a month without charts', async ({ page, request }) => {
    const us = await api<Main>(request, '/trends/main', { country: 'US' });
    const key = us.data[0]!.channel_id;
    await page.goto(`/trend/channel/${key}?period=2015-01`);
    await expect(page.getByText('No data available')).toBeVisible();
    await page.getByLabel('Period').selectOption('now');
    await expect(page).toHaveURL(/period=now/);
    await expect(page.locator('table.trend-table tbody tr').first()).toBeVisible();
  });
});

test.describe('trend downloads', () => {
  test('the chart page, a channel’s days and a video’s hours download as CSV, first rows as on the pages', async ({ page, request }) => {
    const us = await api<Main>(request, '/trends/main', { country: 'US' });
    await page.goto('/trends');
    const chart = await downloadCsv(page, 'Download this chart page as CSV');
    expect(chart.fileName).toMatch(/^viewdeck-trends-US-\d{4}-\d{2}-\d{2}-\d{2}h-page-1\.csv$/);
    await expect(items(page).first().getByRole('heading').getByRole('link')).toHaveAttribute(
      'href',
      `/trend/video/${firstCell(chart, 'Video id')}`,
    );
    expect(Number(firstCell(chart, 'Position'))).toBe(us.data[0]!.position);

    await page.goto(`/trend/channel/${us.data[0]!.channel_id}`);
    const days = await downloadCsv(page, 'Download the best daily positions as CSV');
    const firstDay = page.locator('.trend-table tbody tr').first();
    await expect(firstDay.locator('td').first()).toHaveText(firstCell(days, 'Date (UTC+3)'));
    await expect(firstDay.getByRole('link')).toHaveAttribute('href', `/trend/video/${firstCell(days, 'Video id')}`);

    await page.goto(`/trend/video/${us.data[0]!.video_id}`);
    const hours = await downloadCsv(page, 'Download the hourly figures as CSV');
    expect(hours.fileName).toBe(`viewdeck-trend-video-${us.data[0]!.video_id}-hours.csv`);
    const firstHour = page.locator('#video-table tbody tr').first();
    await expect(firstHour.locator('td[data-metric="views"]')).toContainText(count(firstCell(hours, 'Views')));
  });
});
