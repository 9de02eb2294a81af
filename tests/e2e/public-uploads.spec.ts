// The channel page's Recent uploads on the demo data: the rows of /stat/channel_uploads with their growth since
// first seen and the UTC time they were read, links to YouTube, and a phone-width page that does not scroll sideways
// with a section that passes axe.
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { ChannelUploads } from '../../src/lib/api/channel-uploads';
import { count } from './expected-text';
import { compat } from './public-api';
import { axeViolations, seriousIds } from './axe';

const PHONE = { width: 390, height: 844 };
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '2026-11-03T…Z' as the pages write days: '3 Nov 2026'. */
const day = (iso: string) => `${Number(iso.slice(8, 10))} ${MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;

/** The top demo channel and its uploads as the call answers them. */
async function topChannelUploads(request: APIRequestContext): Promise<ChannelUploads> {
  const [top] = await compat<{ channel_id: string }[]>(request, '/stat/get_top_channels', { limit: '1' });
  if (!top) throw new Error('the demo has no ranked channel');
  return compat<ChannelUploads>(request, '/stat/channel_uploads', { channel_id: top.channel_id });
}

test("the Recent uploads table shows the call's rows, their growth since first seen and when they were read", async ({ page, request }) => {
  const held = await topChannelUploads(request);
  expect(held.uploads.length).toBeGreaterThan(0);
  await page.goto(`/channel/${held.channel_id}`);
  const section = page.getByRole('region', { name: 'Recent uploads', exact: true });
  const rows = section.getByRole('table').locator('tbody tr');
  await expect(rows).toHaveCount(held.uploads.length);
  const grown = held.uploads.findIndex((u) => (u.views_growth ?? 0) > 0);
  expect(grown, "an upload that grew between the demo's two reads").toBeGreaterThanOrEqual(0);
  const upload = held.uploads[grown]!;
  const row = rows.nth(grown);
  await expect(row.getByRole('link', { name: upload.title })).toHaveAttribute('href', `https://www.youtube.com/watch?v=${upload.video_id}`);
  await expect(row.getByRole('link', { name: upload.title })).toHaveAttribute('rel', 'noopener');
  await expect(row.locator('[data-growth]')).toHaveText(`+${count(upload.views_growth!)} views since ${day(upload.first_seen_at)}`);
  await expect(row.getByRole('cell').nth(0)).toHaveText(day(upload.published_at));
  await expect(row.getByRole('cell').nth(1)).toHaveText(count(upload.views!));
  const thumbnail = row.locator('img');
  await expect(thumbnail).toHaveAttribute('loading', 'lazy');
  await expect(thumbnail).toHaveAttribute('width', '120');
  await expect(section).toContainText(`As of ${day(held.updated_at!)}, ${held.updated_at!.slice(11, 16)} UTC`);
});

test('at phone width the page is no wider than the screen; the table scrolls inside its box', async ({ page, request }) => {
  const held = await topChannelUploads(request);
  await page.setViewportSize(PHONE);
  await page.goto(`/channel/${held.channel_id}`);
  const table = page.getByRole('region', { name: /Recent uploads table/ });
  await expect(table).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  const box = await table.evaluate((el) => ({ client: el.clientWidth, scroll: el.scrollWidth }));
  expect(box.client).toBeLessThanOrEqual(PHONE.width);
  expect(box.scroll).toBeGreaterThan(box.client);
  // The section passes axe with nothing serious (the whole page is scanned by accessibility.spec.ts).
  expect(seriousIds(await axeViolations(page, '.recent-uploads'))).toEqual([]);
});
