// The Views and Earnings cards' Formats tab: Shorts, long-form, live and the channel page as the formats call
// answers them, engaged views beside Shorts and the note on YouTube's 2025 change; the parts add up to the
// cards' figures. Expected text is written here from the API's answers (expected-text.ts).
import { expect, test, type Locator, type Page } from '@playwright/test';
import { change, count, dollars } from './expected-text';
import type { BaseAnswer } from '../../src/lib/api/stats';
import type { FormatFigures, FormatsAnswer } from '../../src/lib/api/formats';
import { demoUser, signIn } from './helpers';

const NAMES: Record<string, string> = { short: 'Shorts', full: 'Long-form', live: 'Live', channel: 'Channel page' };

const card = (page: Page, name: string): Locator => page.getByRole('region', { name, exact: true });

async function stat<T>(page: Page, name: string, body: Record<string, unknown>): Promise<T> {
  const response = await page.request.post(`/api/stat/${name}`, { data: body });
  expect(response.ok(), `POST /api/stat/${name}: ${response.status()}`).toBe(true);
  return (await response.json()).data as T;
}

async function loaded(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
}

const changeOf = (row: FormatFigures, compare: FormatFigures[] | null, figure: 'views' | 'earnings'): string => {
  const before = compare?.find((c) => c.video_type === row.video_type)?.[figure];
  if (before === undefined || before === 0) return change(null);
  return change(Math.round(((row[figure] - before) / Math.abs(before)) * 10_000) / 100);
};

test('the Formats tabs list each format of the period with its change, engaged views beside Shorts', async ({ page }) => {
  const user = demoUser('network');
  await signIn(page, user.email, user.password);
  const { max_date: to } = await stat<{ max_date: string }>(page, 'dates', {});
  // The last three whole months and the days of the current one: whole months read their statements.
  const start = new Date(`${to.slice(0, 7)}-01T00:00:00Z`);
  start.setUTCMonth(start.getUTCMonth() - 3);
  const from = start.toISOString().slice(0, 10);
  await page.goto(`/dashboard?period=custom&from=${from}&to=${to}`);
  await loaded(page);
  // The body the page sends for the formats, as the page sends it (its comparison included).
  const request = page.waitForRequest((r) => r.url().endsWith('/api/stat/formats'));
  await card(page, 'Views').getByRole('tab', { name: 'Formats' }).click();
  const sent = (await request).postDataJSON() as Record<string, unknown>;
  await loaded(page);
  const answer = await stat<FormatsAnswer>(page, 'formats', sent);
  const base = await stat<BaseAnswer>(page, 'base', sent);
  const formats = answer.formats ?? [];
  expect(formats.map((r) => r.video_type)).toContain('short');
  const shorts = formats.find((r) => r.video_type === 'short');
  // The demo's Shorts since 31 March 2025 have fewer engaged views than views.
  expect(shorts?.engaged_views ?? 0).toBeLessThan(shorts?.views ?? 0);

  const views = card(page, 'Views').locator('table[data-formats="views"]');
  for (const row of formats) {
    const cells = [
      NAMES[row.video_type] ?? '',
      count(row.views),
      row.video_type === 'short' ? count(row.engaged_views) : '',
      changeOf(row, answer.compare, 'views'),
    ];
    await expect(views.locator(`tr[data-format="${row.video_type}"]`).locator('th, td')).toHaveText(cells);
  }
  await expect(card(page, 'Views').locator('.formats-note')).toContainText(
    'Since 31 March 2025 YouTube counts every start or replay of a Short',
  );
  expect(formats.reduce((s, r) => s + r.views, 0)).toBe(base.sum_views);

  // The split is of YouTube's gross (an account with terms may see its share first: no tabs there).
  const gross = card(page, 'Earnings').getByRole('radio', { name: "YouTube's gross" });
  if ((await gross.count()) > 0) await gross.click();
  await card(page, 'Earnings').getByRole('tab', { name: 'Formats' }).click();
  await loaded(page);
  const earnings = card(page, 'Earnings').locator('table[data-formats="earnings"]');
  for (const row of formats) {
    await expect(earnings.locator(`tr[data-format="${row.video_type}"]`).locator('th, td')).toHaveText([
      NAMES[row.video_type] ?? '',
      dollars(row.earnings),
      changeOf(row, answer.compare, 'earnings'),
    ]);
  }
  // The parts add up to the Earnings card's figure to the cent.
  expect(formats.reduce((s, r) => s + Math.round(r.earnings * 100), 0)).toBe(Math.round(base.sum_partner_revenue * 100));
  await expect(card(page, 'Earnings').locator('[data-figure]')).toHaveText(dollars(base.sum_partner_revenue));
});
