// Channel search in the browser: /find filters in the URL, batches on scroll, table view; the shell's overlay.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { SearchPage } from '../../src/lib/search/types';
import { demoUser, signIn, wakeIslands } from './helpers';
import { downloadCsv, firstCell } from './csv-download';

const BATCH = 21;

/** The search API's answer for a form, to compare the page with. */
async function apiSearch(request: APIRequestContext, form: Record<string, string>): Promise<SearchPage> {
  const res = await request.post('/api/analytics?path=/youtube/api/stat/search', { form: { count: '100', ...form } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { body: SearchPage } }).data.body;
}

const cards = (page: Page) => page.getByRole('list', { name: 'Channels' }).getByRole('listitem');
const fmt = (n: number) => new Intl.NumberFormat('en-US').format(n);

test('the first batch is in the HTML, and scrolling loads the next 21', async ({ page, request }) => {
  const expected = await apiSearch(request, { form_monthly_views_min: '10000' });
  expect(expected.count, 'the demo data has more than two batches').toBeGreaterThan(BATCH * 2);
  // Without JavaScript: the server's HTML alone carries the first batch.
  const html = await (await request.get('/find')).text();
  expect(html).toContain(`${fmt(expected.count)} channels found`);
  expect(html).toContain(`href="/channel/${expected.data[0]!.channel_id}"`);

  await page.goto('/find');
  await expect(page.getByRole('heading', { level: 1, name: 'Search for a channel' })).toBeVisible();
  await expect(page.getByRole('heading', { name: `${fmt(expected.count)} channels found` })).toBeVisible();
  await expect(cards(page)).toHaveCount(BATCH);
  await expect(cards(page).first().getByRole('heading')).toHaveText(expected.data[0]!.channel_title);
  await cards(page).last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 5000);
  // At least the second batch: if the list's end is still in view when it lands, the next one follows
  // at once (as it should), so an exact count would race the scroll.
  await expect.poll(() => cards(page).count()).toBeGreaterThanOrEqual(BATCH * 2);
  await expect(cards(page).nth(BATCH).getByRole('heading')).toHaveText(expected.data[BATCH]!.channel_title);
  await expect(
    cards(page)
      .nth(BATCH)
      .getByRole('link', { name: `Details: ${expected.data[BATCH]!.channel_title}` }),
  ).toHaveAttribute('href', `/channel/${expected.data[BATCH]!.channel_id}`);
});

test('Search puts the filters in the URL and a reload keeps them and the results', async ({ page, request }) => {
  const all = await apiSearch(request, { form_monthly_views_min: '10000' });
  // A keyword from the most viewed channel's title, so the demo data decides what matches.
  const word = all.data[0]!.channel_title.split(/[^\p{L}\p{N}]+/u).find((w) => w.length >= 3) ?? 'the';
  const subsMin = 1000;
  const expected = await apiSearch(request, {
    form_str: word,
    form_monthly_views_min: '10000',
    form_subscriber_count_min: String(subsMin),
  });
  expect(expected.count).toBeGreaterThan(0);

  await page.goto('/find');
  // Text typed before the island hydrates is replaced by its state (empty) when it does; it wakes when the
  // pointer first moves over the page.
  await wakeIslands(page);
  const keywords = page.getByRole('combobox', { name: 'Keywords' });
  await keywords.fill(word);
  await keywords.press('Enter');
  await expect(page.getByRole('list', { name: 'Keywords' }).getByText(word, { exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Subscribers min' }).fill(String(subsMin));
  await page.getByRole('main').getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`form_str=${encodeURIComponent(word)}.*form_subscriber_count_min=${subsMin}`));
  const check = async () => {
    await expect(page.getByRole('heading', { name: `${fmt(expected.count)} channels found` })).toBeVisible();
    await expect(cards(page)).toHaveCount(Math.min(BATCH, expected.count));
    await expect(cards(page).first().getByRole('heading')).toHaveText(expected.data[0]!.channel_title);
    await expect(page.getByRole('list', { name: 'Keywords' }).getByText(word, { exact: true })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Subscribers min' })).toHaveValue(String(subsMin));
  };
  await check();
  await page.reload();
  await check();
});

test('Table view shows the columns and survives a reload', async ({ page, request }) => {
  const expected = await apiSearch(request, { form_monthly_views_min: '10000' });
  await page.goto('/find');
  await wakeIslands(page);
  await page.getByRole('checkbox', { name: 'Table view' }).check();
  const table = page.getByRole('table');
  for (const name of ['Monthly Views', 'Watchtime (hours, estimated)', 'Subscribers', 'Language', 'Category', 'Country']) {
    await expect(table.getByRole('columnheader', { name, exact: true })).toBeVisible();
  }
  await expect(page).toHaveURL(/view=table/);
  const first = table.getByRole('row').nth(1);
  await expect(first.getByRole('link')).toHaveAttribute('href', `/channel/${expected.data[0]!.channel_id}`);
  await expect(first.getByRole('cell').nth(1)).toHaveText(fmt(expected.data[0]!.monthly_views));
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Table view' })).toBeChecked();
  await expect(table.getByRole('row')).toHaveCount(BATCH + 1);
});

test('the overlay waits for 3 characters and 500 ms, links to channels and closes back to Channels', async ({ page, request }) => {
  const partner = demoUser('partner');
  await signIn(page, partner.email, partner.password);
  const top = (await apiSearch(request, { form_monthly_views_min: '10000' })).data[0]!;
  const word = top.channel_title.split(/[^\p{L}\p{N}]+/u).find((w) => w.length >= 3) ?? top.channel_title;
  const userSearches: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('user_search')) userSearches.push(req.url());
  });
  await page.clock.install();
  await page.goto('/dashboard');

  await page.getByRole('button', { name: 'Search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search' });
  const input = dialog.getByRole('searchbox', { name: 'YouTube link or Channel name' });
  await expect(input).toBeFocused();
  // From here only runFor moves time: with time flowing, the real delay between typing and runFor on a
  // loaded machine could run the 500 ms timer early. The jump first is because pauseAt needs a later time.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  await input.fill(word.slice(0, 2));
  await page.clock.runFor(2_000);
  expect(userSearches).toHaveLength(0);
  await input.fill(word);
  // "Searching…" means React has rendered the new text, so its 500 ms timer is set: the fake clock
  // must not run before that, or the timer starts late and the 100 ms below do not reach it.
  await expect(dialog.getByRole('status')).toHaveText('Searching…');
  await page.clock.runFor(450);
  expect(userSearches).toHaveLength(0);
  const answered = page.waitForResponse((res) => res.url().includes('user_search'));
  await page.clock.runFor(100);
  await answered;
  expect(userSearches).toHaveLength(1);
  expect(new URL(userSearches[0]!).searchParams.get('str')).toBe(word);
  const link = dialog.getByRole('link', { name: top.channel_title, exact: true });
  await expect(link).toHaveAttribute('href', `/channel/${top.channel_id}`);
  await expect(dialog.getByRole('columnheader', { name: 'Monthly views' })).toBeVisible();

  await dialog.getByRole('button', { name: 'Top videos' }).click();
  await expect(dialog.getByRole('searchbox', { name: 'Video ID' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(dialog.getByRole('button', { name: 'Channels' })).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.getByRole('searchbox', { name: 'YouTube link or Channel name' })).toHaveValue('');
  await dialog.getByRole('searchbox').fill('zzqqxxnothing');
  await expect(dialog.getByRole('status')).toHaveText('Searching…');
  await page.clock.runFor(600);
  await expect(dialog.getByText('No data available')).toBeVisible();
  expect(userSearches).toHaveLength(2);
});

test('one Escape closes the overlay, even with text in its search box', async ({ page }) => {
  const partner = demoUser('partner');
  await signIn(page, partner.email, partner.password);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search' });
  const input = dialog.getByRole('searchbox', { name: 'YouTube link or Channel name' });
  await input.fill('some channel');
  await expect(input).toBeFocused();
  // A search box takes Escape to clear its text first: the overlay must still close at once.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(dialog.getByRole('searchbox', { name: 'YouTube link or Channel name' })).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/find pages through every result with Next, page numbers and "Page N of M"', async ({ page, request }) => {
    // A search of about five pages: the monthly views of the 100th channel by monthly views as the minimum.
    const top = await apiSearch(request, { form_monthly_views_min: '10000' });
    const min = String(top.data[99]!.monthly_views);
    const first = await apiSearch(request, { form_monthly_views_min: min });
    const all = [...first.data];
    while (all.length < first.count) {
      all.push(...(await apiSearch(request, { form_monthly_views_min: min, last: String(all.length) })).data);
    }
    const pages = Math.ceil(first.count / BATCH);
    expect(pages, 'the search has several pages').toBeGreaterThan(2);

    await page.goto(`/find?form_monthly_views_min=${min}`);
    const pager = page.getByRole('navigation', { name: 'Pages' });
    await expect(pager).toContainText(`Page 1 of ${pages}`);
    await expect(pager.getByRole('link', { name: `Page ${pages}`, exact: true })).toBeVisible();
    const seen: string[] = [];
    for (let n = 1; n <= pages; n += 1) {
      await expect(pager).toContainText(`Page ${n} of ${pages}`);
      const titles = await cards(page).getByRole('heading').allInnerTexts();
      expect(titles).toEqual(all.slice((n - 1) * BATCH, n * BATCH).map((row) => row.channel_title));
      seen.push(...titles);
      if (n < pages) await pager.getByRole('link', { name: 'Next' }).click();
      else await expect(pager.getByRole('link', { name: 'Next' })).toHaveCount(0);
    }
    expect(seen).toHaveLength(first.count);

    // A page number keeps the filters and the view; past the last page the pager says so.
    await page.goto(`/find?form_monthly_views_min=${min}&view=table`);
    await pager.getByRole('link', { name: 'Page 2', exact: true }).click();
    await expect(page).toHaveURL(/view=table/);
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText(all[BATCH]!.channel_title);
    await page.goto(`/find?form_monthly_views_min=${min}&page=${pages + 1}`);
    await expect(pager).toContainText(`There is no page ${pages + 1}: the list has ${pages} pages.`);
    await pager.getByRole('link', { name: `Go to page ${pages}` }).click();
    await expect(pager).toContainText(`Page ${pages} of ${pages}`);
  });
});

test('with JavaScript a page link still opens that page, and scrolling goes on from it', async ({ page, request }) => {
  const expected = await apiSearch(request, { form_monthly_views_min: '10000' });
  await page.goto('/find');
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Page 2', exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(cards(page).first().getByRole('heading')).toHaveText(expected.data[BATCH]!.channel_title);
  await cards(page).last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 5000);
  await expect.poll(() => cards(page).count()).toBeGreaterThanOrEqual(BATCH * 2);
  await expect(cards(page).nth(BATCH).getByRole('heading')).toHaveText(expected.data[BATCH * 2]!.channel_title);
});

test('/find downloads its page of results as CSV, whose first row is the first result', async ({ page }) => {
  await page.goto('/find');
  const first = page.getByRole('list', { name: 'Channels' }).getByRole('listitem').first();
  const csv = await downloadCsv(page, 'Download this page of results as CSV');
  expect(csv.fileName).toBe('viewdeck-channel-search-page-1.csv');
  await expect(first.getByRole('heading')).toHaveText(firstCell(csv, 'Channel'));
  await expect(first.getByRole('link', { name: /^Details:/ })).toHaveAttribute('href', `/channel/${firstCell(csv, 'Channel id')}`);
});
