// /global with the demo data: server-rendered numbers match the API, filters rewrite the URL and the
// figures and survive a reload, category rows lead to /channels, trend videos preview on hover, the world
// map loads when scrolled to.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { CountryOption, DiffReport } from '../../src/lib/api/public-global';
import { downloadCsv, firstCell } from './csv-download';

const count = (n: number) => Math.round(n).toLocaleString('en-US');
const hours = (minutes: number) => `${Math.round(minutes / 60).toLocaleString('en-US')} h`;

async function body<T>(request: APIRequestContext, path: string, query: Record<string, string> = {}): Promise<T> {
  const response = await request.get(`/api/analytics?${new URLSearchParams({ path: `/youtube/api${path}`, ...query })}`);
  expect(response.ok(), path).toBe(true);
  return ((await response.json()) as { data: { body: T } }).data.body;
}

function filter(page: Page, name: string) {
  return page.getByRole('combobox', { name, exact: true });
}

/** Waits until the island holding a locator has hydrated (Astro drops the ssr attribute then). */
async function hydrated(page: Page, selector: string): Promise<void> {
  await expect(page.locator(`astro-island:has(${selector})`)).not.toHaveAttribute('ssr', /.*/);
}

function card(page: Page, name: string | RegExp) {
  return page.getByRole('article', { name });
}

async function expectCards(page: Page, diff: DiffReport): Promise<void> {
  await expect(card(page, 'Monthly views').locator('.stat-value')).toHaveText(count(diff.monthly_views));
  await expect(card(page, 'Monthly subs').locator('.stat-value')).toHaveText(count(diff.estimaited_monthly_subs));
  await expect(card(page, 'Total videos').locator('.stat-value')).toHaveText(count(diff.video_count));
  await expect(card(page, /Watchtime/).locator('.stat-value')).toHaveText(hours(diff.watchtime));
}

test.describe('global statistics', () => {
  test('renders every block with the API figures, without JavaScript too', async ({ browser, request }) => {
    const diff = await body<DiffReport>(request, '/stat/get_diff_report');
    expect(diff.monthly_views).toBeGreaterThan(0);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/global');
    await expect(page.getByRole('heading', { name: 'Global statistics', level: 1 })).toBeVisible();
    await expectCards(page, diff);
    if (diff.percent_monthly_views !== null) {
      const pct = Math.abs(diff.percent_monthly_views).toFixed(2);
      await expect(card(page, 'Monthly views').locator('.stat-change')).toContainText(`${pct}%`);
    }
    const countries = await body<{ country_name: string; monthly_views: number }[]>(request, '/stat/get_country_reports');
    const firstCountry = page.getByRole('table', { name: 'Countries' }).getByRole('row').nth(1);
    await expect(firstCountry).toContainText(countries[0]!.country_name);
    await expect(firstCountry).toContainText(count(countries[0]!.monthly_views));
    const top = await body<{ channel_title: string }[]>(request, '/stat/get_global_top_channels');
    await expect(page.getByRole('table', { name: 'Top channels by monthly views' }).getByRole('row')).toHaveCount(top.length + 1);
    await expect(
      page.getByRole('table', { name: 'Top networks by monthly views' }).getByRole('row').nth(1).getByRole('link'),
    ).toHaveAttribute('href', /^\/network\/[a-z0-9-]+$/);
    await expect(page.getByRole('table', { name: 'Top languages' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'See all popular videos' })).toHaveAttribute('href', '/trends');
    await expect(page.locator('iframe')).toHaveCount(0);
    await context.close();
  });

  test('a filter rewrites the URL and the figures, and a reload keeps it', async ({ page, request }) => {
    const countries = await body<CountryOption[]>(request, '/tools/get_countries');
    const reports = await body<{ country_code2: string }[]>(request, '/stat/get_country_reports');
    // The country with the second most views: its figures differ from the whole world's.
    const code = reports.map((r) => r.country_code2).filter((c) => c !== 'ZZ')[1]!;
    const country = countries.find((c) => c.code2 === code)!;
    await page.goto('/global');
    const all = await body<DiffReport>(request, '/stat/get_diff_report');
    await expectCards(page, all);

    await filter(page, 'Country').selectOption(code);
    await expect(page).toHaveURL(new RegExp(`/global\\?.*country=${code}`));
    expect(new URL(page.url()).searchParams.get('lang')).toBeNull();
    const filtered = await body<DiffReport>(request, '/stat/get_diff_report', { country: code });
    expect(filtered.monthly_views).not.toBe(all.monthly_views);
    await expectCards(page, filtered);

    const periods = await body<{ period: string }[]>(request, '/tools/get_periods');
    const month = periods[1]!.period.slice(0, 7);
    await filter(page, 'Period').selectOption(month);
    await expect(page).toHaveURL(new RegExp(`period=${month}`));
    const both = await body<DiffReport>(request, '/stat/get_diff_report', { country: code, period: month });
    await expectCards(page, both);

    await page.reload();
    await expect(filter(page, 'Country')).toHaveValue(code);
    await expect(filter(page, 'Period')).toHaveValue(month);
    await expectCards(page, both);
    await expect(filter(page, 'Country').locator('option:checked')).toHaveText(country.country_name);
  });

  test('bad filter values fall back to the defaults instead of failing the page', async ({ page, request }) => {
    const diff = await body<DiffReport>(request, '/stat/get_diff_report');
    const response = await page.goto('/global?period=2026-13&country=USA&category=music&lang=%3Cb%3E');
    expect(response?.status()).toBe(200);
    await expect(filter(page, 'Period')).toHaveValue('now');
    await expect(filter(page, 'Country')).toHaveValue('');
    await expectCards(page, diff);
  });

  test('a category row leads to the channels ranking of that category', async ({ page, request }) => {
    const categories = await body<{ id: number; category_name: string }[]>(request, '/stat/get_category_reports');
    const first = categories.find((c) => c.id !== 0)!;
    await page.goto('/global');
    const link = page.getByRole('table', { name: 'Top categories' }).getByRole('link', { name: first.category_name, exact: true });
    await expect(link).toHaveAttribute('href', `/channels?category=${first.id}`);
    await link.click();
    await expect(page).toHaveURL(`/channels?category=${first.id}`);
  });

  test('hovering a trend video creates its preview, leaving removes it', async ({ page }) => {
    // The preview's player is not needed: only that the page asks for it on hover and not before.
    await page.route(/youtube-nocookie\.com/, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<p>preview</p>' }));
    await page.goto('/global');
    const video = page.locator('[data-preview-video]').first();
    await expect(video).toBeVisible();
    const id = await video.getAttribute('data-preview-video');
    await expect(page.locator('iframe')).toHaveCount(0);
    await video.hover();
    await expect(video.locator('iframe')).toHaveAttribute('src', new RegExp(`^https://www\\.youtube-nocookie\\.com/embed/${id}\\?`));
    await page.getByRole('heading', { name: 'Global statistics', level: 1 }).hover();
    await expect(page.locator('iframe')).toHaveCount(0);
    await expect(video.getByRole('link').first()).toHaveAttribute('href', `/trend/video/${id}`);
    await expect(video.locator('a[href^="/trend/channel/UC"]')).toHaveCount(1);
  });

  test('the pie switches metric and dimension, and the carousel pages', async ({ page }) => {
    await page.setViewportSize({ width: 1300, height: 900 });
    await page.goto('/global');
    const legend = page.getByRole('list', { name: 'Top 5 countries by Monthly Views' });
    await legend.scrollIntoViewIfNeeded();
    await hydrated(page, '.share');
    await page.getByLabel('Pie metric').selectOption('subscribers');
    await expect(page.getByRole('list', { name: 'Top 5 countries by Subscribers' })).toBeVisible();
    await page.getByRole('button', { name: 'Categories' }).click();
    await expect(page.getByRole('list', { name: 'Top 5 categories by Subscribers' })).toBeVisible();
    const slides = page.locator('.carousel-slide');
    await slides.first().scrollIntoViewIfNeeded();
    await hydrated(page, '.carousel');
    await expect(slides).toHaveCount(4);
    const firstTitle = await slides.first().textContent();
    await page.getByRole('button', { name: 'Next channels' }).click();
    await expect(slides.first()).not.toHaveText(firstTitle ?? '');
    await page.setViewportSize({ width: 1150, height: 900 });
    await expect(slides).toHaveCount(3);
  });

  test('the world map loads only once scrolled to, and switches metric', async ({ page }) => {
    await page.setViewportSize({ width: 1300, height: 900 });
    await page.goto('/global');
    const island = page.locator('astro-island:has(.country-map)');
    // Below the fold: not hydrated and no map (the server's markup holds only its empty box) until the
    // visitor gets there.
    await expect(island).toHaveAttribute('ssr', /.*/);
    await expect(page.locator('.country-map canvas')).toHaveCount(0);
    await page.getByRole('heading', { name: 'Countries on the map' }).scrollIntoViewIfNeeded();
    await hydrated(page, '.country-map');
    const map = page.getByRole('img', { name: 'World map of monthly views by country, logarithmic scale' });
    await expect(map).toHaveAttribute('data-drawn', /.+/);
    await page.getByRole('combobox', { name: 'Map of', exact: true }).selectOption('subscribers');
    await expect(page.getByRole('img', { name: 'World map of subscribers by country, logarithmic scale' })).toHaveAttribute(
      'data-drawn',
      /.+/,
    );
  });
});

test('/global downloads its Countries and Top channels tables as CSV, first rows as on the page', async ({ page }) => {
  await page.goto('/global');
  const countries = await downloadCsv(page, 'Download the Countries table as CSV');
  expect(countries.fileName).toBe('viewdeck-global-countries-now.csv');
  const firstCountry = page.getByRole('table', { name: 'Countries' }).locator('tbody tr').first();
  await expect(firstCountry.getByRole('rowheader')).toHaveText(firstCell(countries, 'Country'));
  const top = await downloadCsv(page, 'Download the Top channels table as CSV');
  const firstChannel = page.getByRole('table', { name: 'Top channels by monthly views' }).locator('tbody tr').first();
  await expect(firstChannel.getByRole('link')).toHaveAttribute('href', `/channel/${firstCell(top, 'Channel id')}`);
});
