// /compare, signed out: reached from a channel page, a channel added by words without JavaScript, the
// figures equal to each channel's channel_info answer, the histories drawn one line per channel, and bad
// or unknown ids answered with what to do.
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { ArchiveRow, ChannelInfo } from '../../src/lib/api/public-channels';
import { readPublicIds } from './a11y-pages';
import { downloadCsv, firstCell } from './csv-download';

const count = (n: number) => Math.round(n).toLocaleString('en-US');

async function compat<T>(request: APIRequestContext, path: string, query: Record<string, string>): Promise<T> {
  const response = await request.get(`/api/analytics?${new URLSearchParams({ path: `/youtube/api${path}`, ...query })}`);
  expect(response.ok(), path).toBe(true);
  return ((await response.json()) as { data: { body: T } }).data.body;
}

test('from a channel page, a second channel added by its name without JavaScript, figures as each page gives them', async ({
  browser,
  request,
}) => {
  const ids = await readPublicIds(request);
  const [first, second] = await Promise.all(
    [ids.channel, ids.secondChannel].map((id) => compat<ChannelInfo>(request, '/stat/channel_info', { channel_id: id, period: 'now' })),
  );
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/channel/${ids.channel}`);
  await page.getByRole('link', { name: 'Compare with other channels' }).click();
  await expect(page).toHaveURL(new RegExp(`/compare\\?c=${ids.channel}$`));
  await expect(page.getByText('Add another channel to compare with.')).toBeVisible();
  // Words of the second channel's title list it among the matches; its link adds it.
  const words = second!.channel_title.split(/\s+/).slice(0, 2).join(' ');
  await page.getByRole('searchbox', { name: 'Add a channel' }).fill(words);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('link', { name: `Add ${second!.channel_title}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/compare\\?c=${ids.channel},${ids.secondChannel}$`));
  const table = page.getByRole('table', { name: 'Figures of the compared channels, last 30 days' });
  await expect(table.getByRole('columnheader')).toHaveCount(2);
  for (const [column, info] of [first!, second!].entries()) {
    const figures = info.info_now!;
    const cell = (row: string) =>
      table
        .getByRole('row', { name: new RegExp(`^${row}`) })
        .getByRole('cell')
        .nth(column)
        .locator('.figure');
    await expect(cell('Subscribers')).toHaveText(count(figures.subscriber_count));
    await expect(cell('Total views')).toHaveText(count(figures.view_count));
    await expect(cell('Monthly views')).toHaveText(count(figures.monthly_views));
    await expect(cell('Videos')).toHaveText(count(figures.video_count));
  }
  // Without JavaScript the histories are tables, a column per channel.
  await expect(page.locator('.chart-noscript-table[aria-label="Monthly views"] thead th')).toHaveText([
    'Month',
    first!.channel_title,
    second!.channel_title,
  ]);
  await context.close();
});

test('the histories are drawn one line per channel on shared months', async ({ page, request }) => {
  const ids = await readPublicIds(request);
  const archives = await Promise.all(
    [ids.channel, ids.secondChannel].map((id) => compat<ArchiveRow[]>(request, '/stat/archive', { channel_id: id })),
  );
  const months = new Set(archives.flat().map((m) => m.month_date));
  const viewsSum = archives.flat().reduce((sum, m) => sum + m.monthly_views, 0);
  await page.goto(`/compare?c=${ids.channel},${ids.secondChannel}`);
  const chart = page.getByRole('img', { name: 'Monthly views by month, one line per channel' });
  await chart.scrollIntoViewIfNeeded();
  // The drawn mark: months on the axis, two series, the sum of every value drawn.
  await expect(chart).toHaveAttribute('data-drawn', `${months.size}:2:${viewsSum}`);
});

test('a bad id, an unknown id, and a channel id typed in the box', async ({ page, request }) => {
  const ids = await readPublicIds(request);
  const bad = await page.goto('/compare?c=not-a-channel');
  expect(bad?.status()).toBe(400);
  await expect(page.getByRole('alert')).toContainText('"not-a-channel" is not a YouTube channel id');
  const unknown = 'UCzzzzzzzzzzzzzzzzzzzzzz';
  const missing = await page.goto(`/compare?c=${ids.channel},${unknown}`);
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('alert')).toContainText(`We do not track ${unknown}.`);
  await page.getByRole('link', { name: 'Compare the others' }).click();
  await expect(page).toHaveURL(new RegExp(`/compare\\?c=${ids.channel}$`));
  await page.getByRole('searchbox', { name: 'Add a channel' }).fill(ids.secondChannel);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/compare\\?c=${ids.channel},${ids.secondChannel}$`));
  await expect(page.getByRole('table', { name: 'Figures of the compared channels, last 30 days' }).getByRole('columnheader')).toHaveCount(
    2,
  );
});

test('a search result leads to the comparison of that channel', async ({ page, request }) => {
  const ids = await readPublicIds(request);
  const info = await compat<ChannelInfo>(request, '/stat/channel_info', { channel_id: ids.channel, period: 'now' });
  await page.goto(`/find?form_str=${encodeURIComponent(info.channel_title.split(/\s+/)[0]!)}`);
  await page.locator(`a[href="/compare?c=${ids.channel}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`/compare\\?c=${ids.channel}$`));
  await expect(page.getByText('Add another channel to compare with.')).toBeVisible();
});

test('the comparison downloads as CSV, a row per channel, the first as the first column', async ({ page, request }) => {
  const ids = await readPublicIds(request);
  await page.goto(`/compare?c=${ids.channel},${ids.secondChannel}`);
  const csv = await downloadCsv(page, 'Download this comparison as CSV');
  expect(csv.fileName).toBe('viewdeck-compare-2-channels.csv');
  expect(csv.rows.map((r) => r[1])).toEqual([ids.channel, ids.secondChannel]);
  const table = page.locator('.compare-table');
  await expect(table.locator('thead th').first()).toContainText(firstCell(csv, 'Channel'));
  const subscribers = table.locator('tbody tr').filter({ has: page.getByRole('rowheader', { name: 'Subscribers' }) });
  await expect(subscribers.locator('td .figure').first()).toHaveText(count(Number(firstCell(csv, 'Subscribers'))));
});
