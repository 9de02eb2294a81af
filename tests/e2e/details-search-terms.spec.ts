// The Views details page's top YouTube search terms: one row per term with the figures of the call, written
// here (expected-text.ts), "Other terms", the totals row, the note, and a CSV download of the same rows.
import { expect, test } from '@playwright/test';
import type { SearchTermsAnswer } from '../../src/lib/api/search-terms';
import { axeViolations, seriousIds } from './axe';
import { downloadCsv } from './csv-download';
import { post, range } from './details-helpers';
import { count, hours, percent } from './expected-text';
import { signInByApi, wakeIslands } from './helpers';

test('the Views page lists the top search terms of its range, other terms and the totals, and downloads them', async ({ page }) => {
  await signInByApi(page.request, 'network');
  const { from, to, search } = await range(page.request, 28);
  const answer = await post<SearchTermsAnswer>(page.request, 'details/search-terms', {
    date_from: from,
    date_to: to,
    top_field: 'views',
    group: 'channels',
  });
  expect(answer.terms.length).toBeGreaterThan(10);
  await page.goto(`/details/views?${search}`);
  const table = page.getByRole('table', { name: 'Search terms table' });
  const rows = table.locator('tbody tr');
  const other = answer.other.views > 0 ? 1 : 0;
  await expect(rows).toHaveCount(answer.terms.length + other);
  for (const [i, term] of answer.terms.entries()) {
    const row = rows.nth(i);
    await expect(row.locator('th')).toHaveText(term.term);
    await expect(row.locator('[data-column="views"]')).toHaveText(count(term.views));
    await expect(row.locator('[data-column="share"]')).toHaveText(percent(term.share));
    await expect(row.locator('[data-column="watch_time"]')).toHaveText(hours(term.watch_time_minutes));
  }
  if (other) {
    const last = rows.last();
    await expect(last.locator('th')).toHaveText('Other terms');
    await expect(last.locator('[data-column="views"]')).toHaveText(count(answer.other.views));
    await expect(last.locator('[data-column="share"]')).toHaveText(percent(answer.other.share));
  }
  await expect(table.locator('tfoot [data-column="views"]')).toHaveText(count(answer.views));
  await expect(page.getByText(`Terms outside each day's top ${answer.terms_per_day} of a channel`)).toBeVisible();
  // The scroll box takes focus, named, so the table scrolls by keyboard; nothing in the block blocks a person.
  const region = page.getByRole('region', { name: 'Search terms, scrollable' });
  await region.focus();
  await expect(region).toBeFocused();
  expect(seriousIds(await axeViolations(page, '.search-terms-block'))).toEqual([]);

  const expected = `date_from=${from}&date_to=${to}&top_field=views&group=channels`;
  await expect(page.getByRole('link', { name: 'Download search terms XLS' })).toHaveAttribute(
    'href',
    `/api/stat/details/search-terms/xlsx?${expected}`,
  );
  await wakeIslands(page);
  const csv = await downloadCsv(page, 'Download search terms CSV');
  expect(csv.fileName).toBe(`viewdeck-views-search-terms-${from}-${to}.csv`);
  expect(csv.head).toEqual(['Search term', 'Views', 'Share', 'Watch time (hours)']);
  const listed = new Set([...answer.terms.map((t) => t.term), 'Other terms']);
  const body = csv.rows.filter((r) => listed.has(r[0] ?? ''));
  expect(body.map((r) => [r[0], Number(r[1])])).toEqual([
    ...answer.terms.map((t) => [t.term, t.views]),
    ...(other ? [['Other terms', answer.other.views]] : []),
  ]);
});
