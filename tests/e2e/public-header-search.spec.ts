// The public header's search, signed out: visible on a phone, suggestions as one types (arrows, Enter,
// one Escape, a status for screen readers), and without JavaScript a plain search that lands on /find.
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { ChannelInfo } from '../../src/lib/api/public-channels';
import { readPublicIds } from './a11y-pages';

async function topChannel(request: APIRequestContext): Promise<ChannelInfo> {
  const ids = await readPublicIds(request);
  const response = await request.get(
    `/api/analytics?${new URLSearchParams({ path: '/youtube/api/stat/channel_info', channel_id: ids.channel, period: 'now' })}`,
  );
  return ((await response.json()) as { data: { body: ChannelInfo } }).data.body;
}

test('on a phone, typing a channel name suggests it; arrows and Enter open it, one Escape closes the list', async ({ page, request }) => {
  const channel = await topChannel(request);
  const words = channel.channel_title.split(/\s+/).slice(0, 2).join(' ');
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/channels');
  const box = page.getByRole('combobox', { name: 'Search channels' });
  await expect(box).toBeVisible();
  const bounds = (await box.boundingBox())!;
  expect(bounds.x).toBeGreaterThanOrEqual(0);
  expect(bounds.x + bounds.width).toBeLessThanOrEqual(390);
  await box.fill(words);
  const list = page.getByRole('listbox', { name: 'Suggested channels' });
  await expect(list.locator(`[role="option"][data-href="/channel/${channel.channel_id}"]`)).toContainText(channel.channel_title);
  await expect(page.getByRole('status')).toHaveText(/channels? suggested\./);
  await box.press('Escape');
  await expect(list).toBeHidden();
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  // Down opens it again on the first suggestion; Enter goes to that channel's page.
  await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', 'header-search-list-0');
  const first = await list.getByRole('option').first().getAttribute('data-href');
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${first}$`));
});

test('without JavaScript the header search is a form that lands on /find with the words', async ({ browser, request }) => {
  const channel = await topChannel(request);
  const word = channel.channel_title.split(/\s+/).find((w) => w.length >= 3) ?? channel.channel_title;
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/global');
  await page.getByRole('searchbox', { name: 'Search channels' }).fill(word);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/find\\?form_str=${encodeURIComponent(word).replace(/%20/g, '\\+')}`));
  await expect(page.getByRole('heading', { name: /channels? found/ })).toBeVisible();
  await expect(page.getByRole('link', { name: `Details: ${channel.channel_title}`, exact: true }).first()).toBeVisible();
  await context.close();
});
