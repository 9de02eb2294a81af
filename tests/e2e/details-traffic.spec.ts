// The Views details page's traffic sources: one row per source with the figures of the call, worked out and
// written here (expected-text.ts), the totals row, and downloads carrying the page's filters.
import { expect, test } from '@playwright/test';
import type { TrafficAnswer } from '../../src/lib/api/traffic';
import { post, range } from './details-helpers';
import { count, hours, percent } from './expected-text';
import { signInByApi } from './helpers';

/** m:ss, or h:mm:ss past an hour, of a duration in seconds, rounded to the second. */
function duration(seconds: number): string {
  const total = Math.round(seconds);
  const [h, m, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

test('the Views page lists the traffic sources of its range, with their downloads', async ({ page }) => {
  await signInByApi(page.request, 'network');
  const { from, to, search } = await range(page.request, 28);
  const answer = await post<TrafficAnswer>(page.request, 'details/traffic', {
    date_from: from,
    date_to: to,
    top_field: 'views',
    group: 'channels',
  });
  const sources = answer.sources.filter((s) => s.views > 0);
  expect(sources.length).toBeGreaterThan(1);
  await page.goto(`/details/views?${search}`);
  const table = page.getByRole('table', { name: 'Traffic sources table' });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(sources.length);
  for (const [i, source] of sources.entries()) {
    const row = rows.nth(i);
    await expect(row.locator('th')).toHaveText(source.name);
    await expect(row.locator('[data-column="views"]')).toHaveText(count(source.views));
    await expect(row.locator('[data-column="share"]')).toHaveText(percent(source.share));
    await expect(row.locator('[data-column="watch_time"]')).toHaveText(hours(source.watch_time_minutes));
    await expect(row.locator('[data-column="average_view_duration"]')).toHaveText(
      duration((source.watch_time_minutes * 60) / source.views),
    );
  }
  await expect(table.locator('tfoot [data-column="views"]')).toHaveText(count(answer.views));
  const expected = `date_from=${from}&date_to=${to}&top_field=views&group=channels`;
  await expect(page.getByRole('link', { name: 'Download traffic sources CSV' })).toHaveAttribute(
    'href',
    `/api/stat/details/traffic/csv?${expected}`,
  );
  await expect(page.getByRole('link', { name: 'Download traffic sources XLS' })).toHaveAttribute(
    'href',
    `/api/stat/details/traffic/xlsx?${expected}`,
  );
  // Not on another metric's page, nor on the chart tab.
  await page.goto(`/details/partner_revenue?${search}`);
  await expect(page.getByRole('table', { name: 'Traffic sources table' })).toHaveCount(0);
});
