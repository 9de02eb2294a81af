// Signed-in pages write figures and dates in the reader's locale (Accept-Language), the first HTML
// included, and money stays US dollars. Pages the edge cache keeps for every visitor stay in en-US.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { signInByApi } from './helpers';
import type { BaseAnswer, DatesAnswer } from '../../src/lib/api/stats';

const MS_PER_DAY = 86_400_000;
const GERMAN_MONTHS = ['Jan.', 'Feb.', 'März', 'Apr.', 'Mai', 'Juni', 'Juli', 'Aug.', 'Sept.', 'Okt.', 'Nov.', 'Dez.'];

/** Written out by hand, German style: '.' groups thousands. */
const germanCount = (n: number): string => {
  const digits = String(Math.abs(Math.round(n))).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return n < 0 ? `\u2212${digits}` : digits;
};
/** German day: '1. Aug. 2026'. */
const germanDay = (day: string): string => `${Number(day.slice(8, 10))}. ${GERMAN_MONTHS[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;
/** US dollars as a German reader writes them: '1.234,50 $'. */
const germanDollars = (dollars: number): string => {
  const cents = Math.round(Math.abs(dollars) * 100);
  const text = `${germanCount(Math.floor(cents / 100))},${String(cents % 100).padStart(2, '0')}\u00a0$`;
  return dollars < 0 ? `\u2212${text}` : text;
};

async function lastFortnight(request: APIRequestContext): Promise<{ from: string; to: string; base: BaseAnswer }> {
  const dates = await request.post('/api/stat/dates', { data: {} });
  const { max_date: to } = ((await dates.json()) as { data: DatesAnswer }).data;
  if (!to) throw new Error('the demo data has no latest day');
  const from = new Date(Date.parse(to) - 13 * MS_PER_DAY).toISOString().slice(0, 10);
  const response = await request.post('/api/stat/base', { data: { date_from: from, date_to: to, chart_period: 'days' } });
  expect(response.ok()).toBe(true);
  return { from, to, base: ((await response.json()) as { data: BaseAnswer }).data };
}

test.describe('a German reader', () => {
  test.use({ locale: 'de-DE' });

  test('sees German figures and days in the first HTML and after hydration', async ({ page }) => {
    await signInByApi(page.request, 'network');
    const { from, to, base } = await lastFortnight(page.request);
    expect(base.sum_views).toBeGreaterThan(999);
    const url = `/dashboard?period=custom&from=${from}&to=${to}&by=days`;

    const html = await (await page.request.get(url, { headers: { 'Accept-Language': 'de-DE,de;q=0.9' } })).text();
    expect(html).toContain('<html lang="de-DE"');
    expect(html).toContain(germanCount(base.sum_views));

    await page.goto(url);
    const views = page.getByRole('region', { name: 'Views', exact: true }).locator('.dash-figure [data-figure]');
    const earnings = page.getByRole('region', { name: 'Earnings', exact: true }).locator('.dash-figure [data-figure]');
    await expect(views).toHaveText(germanCount(base.sum_views));
    await expect(earnings).toHaveText(germanDollars(base.sum_partner_revenue));
    await expect(page.locator('[data-range]').first()).toHaveText(`${germanDay(from)} – ${germanDay(to)}`);
    // Hydrated: a chart drew, and the figures read the same.
    await expect(page.getByRole('region', { name: 'Views', exact: true }).locator('canvas')).toBeVisible();
    await expect(views).toHaveText(germanCount(base.sum_views));
  });
});

test('pages rendered at once for readers of different locales each keep their own', async ({ request }) => {
  await signInByApi(request, 'network');
  const { from, to, base } = await lastFortnight(request);
  const url = `/dashboard?period=custom&from=${from}&to=${to}&by=days`;
  const english = base.sum_views.toLocaleString('en-US');
  const readers = ['de-DE', 'en-US', 'de-DE', 'en-US', 'de-DE', 'en-US'];
  const pages = await Promise.all(
    readers.map(async (locale) => (await request.get(url, { headers: { 'Accept-Language': locale } })).text()),
  );
  pages.forEach((html, i) => {
    const german = readers[i] === 'de-DE';
    expect(html, readers[i]).toContain(`<html lang="${readers[i]}"`);
    expect(html, readers[i]).toContain(german ? germanCount(base.sum_views) : english);
    expect(html, readers[i]).not.toContain(german ? english : germanCount(base.sum_views));
  });
});

test('a header that names no known locale gets en-US', async ({ request }) => {
  await signInByApi(request, 'network');
  const odd = await request.get('/dashboard', { headers: { 'Accept-Language': 'x-@@;q=abc, *' } });
  expect(odd.status()).toBe(200);
  expect(await odd.text()).toContain('<html lang="en-US"');
});

test('pages the edge cache keeps for every visitor stay en-US', async ({ browser }) => {
  const visitor = await browser.newContext({ locale: 'de-DE' });
  for (const path of ['/global', '/']) {
    const page = await visitor.request.get(path, { headers: { 'Accept-Language': 'de-DE' } });
    expect(page.status(), path).toBe(200);
    expect(await page.text(), path).toContain('<html lang="en-US"');
  }
  await visitor.close();
});
