// The details pages grouped by format: chosen in the filters, the rows and Total as the details call answers
// them (written here, expected-text.ts), engaged views beside the Shorts row's views with their note, the
// grouping kept in the address across a reload, given way to Channel under a countries filter, and its download.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { readSheet } from 'read-excel-file/node';
import type { DetailsAnswer } from '../../src/lib/api/details';
import { bodyRows, loaded, names, post, range, table } from './details-helpers';
import { count, dollars } from './expected-text';
import { signInByApi } from './helpers';

test('choosing Format groups the Views table by format, with engaged views beside the Shorts row', async ({ page }) => {
  await signInByApi(page.request, 'network');
  const { from, to, search } = await range(page.request, 28);
  const body = { date_from: from, date_to: to, top_field: 'views' };
  const [answer, ungrouped] = await Promise.all([
    post<DetailsAnswer>(page.request, 'details', { ...body, group: 'formats' }),
    post<DetailsAnswer>(page.request, 'details', { ...body, group: 'channels' }),
  ]);
  expect(answer.rows.map((r) => r.key)).toContain('short');
  expect(answer.totals.views).toBe(ungrouped.totals.views);

  await page.goto(`/details/views?${search}`);
  await loaded(page);
  await page.getByRole('group', { name: 'Group by' }).getByRole('radio', { name: 'Format' }).click();
  await expect(page).toHaveURL(/group_by=formats/);
  await loaded(page);
  await expect(page.getByRole('columnheader', { name: 'Format' })).toBeVisible();
  await expect.poll(() => names(page)).toEqual(answer.rows.map((r) => r.name));
  expect(await bodyRows(page).locator('td[data-column="views"]').allInnerTexts()).toEqual(answer.rows.map((r) => count(r.views)));
  expect(await bodyRows(page).locator('td[data-column="partner_revenue"]').allInnerTexts()).toEqual(
    answer.rows.map((r) => dollars(r.partner_revenue)),
  );
  const engaged = answer.rows.map((r) => (r.video_type === 'short' ? count(r.engaged_views ?? 0) : ''));
  expect(await bodyRows(page).locator('td[data-column="engaged_views"]').allInnerTexts()).toEqual(engaged);
  await expect(table(page).locator('tfoot td[data-column="views"]')).toHaveText(count(ungrouped.totals.views));
  await expect(page.getByText('engaged views keep the earlier count')).toBeVisible();

  // The grouping is in the address: a reload (or a shared link) shows it again.
  await page.reload();
  await loaded(page);
  await expect(page.getByRole('group', { name: 'Group by' }).getByRole('radio', { name: 'Format' })).toBeChecked();
  await expect.poll(() => names(page)).toEqual(answer.rows.map((r) => r.name));
});

test('a countries filter gives Format way to Channel, and the Format choice says why', async ({ page }) => {
  await signInByApi(page.request, 'network');
  const { search } = await range(page.request, 28);
  await page.goto(`/details/partner_revenue?${search}&group_by=formats&countries=US`);
  await loaded(page);
  const groupBy = page.getByRole('group', { name: 'Group by' });
  await expect(groupBy.getByRole('radio', { name: 'Channel' })).toBeChecked();
  await expect(groupBy.getByRole('radio', { name: 'Format' })).toBeDisabled();
  await expect(groupBy.getByText('Formats are not split under a titles or countries filter.')).toBeVisible();
  await expect(page).not.toHaveURL(/group_by=formats/);
});

test('Download XLS of the Earnings table by format holds its rows and the Total', async ({ page }) => {
  await signInByApi(page.request, 'network');
  const { from, to, search } = await range(page.request, 28);
  const answer = await post<DetailsAnswer>(page.request, 'details', {
    date_from: from,
    date_to: to,
    top_field: 'partner_revenue',
    group: 'formats',
  });
  await page.goto(`/details/partner_revenue?${search}&group_by=formats`);
  await loaded(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download XLS' }).click()]);
  expect(download.suggestedFilename()).toBe(`viewdeck-partner_revenue-formats-${from}-${to}.xlsx`);
  const file = await download.path();
  if (!file) throw new Error('the download was not saved');
  const sheet = await readSheet(await readFile(file), { trim: false });
  expect(sheet[0]?.[0]).toBe('Earnings by format');
  const header = sheet.findIndex((row) => row[0] === 'Format');
  const earnings = sheet[header]?.indexOf('Earnings') ?? -1;
  expect(earnings).toBeGreaterThan(0);
  const rows = sheet.slice(header + 1, header + 1 + answer.rows.length);
  expect(rows.map((r) => [r[0], r[earnings]])).toEqual(answer.rows.map((r) => [r.name, r.partner_revenue]));
  expect(sheet[header + 1 + answer.rows.length]?.[earnings]).toBe(answer.totals.partner_revenue);
});
