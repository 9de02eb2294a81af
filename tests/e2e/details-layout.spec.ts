// The details page's summary and layout: what the summary says on each metric and its audience shares
// against the table's Total row, the channel table's chosen columns, its fit at 1366 px and on a phone,
// and the audience chart's metrics per user. Expected figures come from the API's own answers.
import { expect, test } from '@playwright/test';
import { count } from './expected-text';
import { signInByApi } from './helpers';
import type { AudienceAnswer, DetailsSummary } from '../../src/lib/api/details';
import { loaded, post, range, table } from './details-helpers';

test('the summary speaks of statements and estimates on earnings only', async ({ page }) => {
  await signInByApi(page.request, 'network');
  const { from, to, search } = await range(page.request, 90);
  const summary = page.locator('.details-summary');
  for (const id of ['views', 'subs', 'audience']) {
    await page.goto(`/details/${id}?${search}`);
    await loaded(page);
    await expect(summary.locator('dd').first(), id).toBeVisible();
    await expect(summary, id).not.toContainText('finance statements');
    await expect(summary, id).not.toContainText('estimate');
    await expect(summary.locator('.summary-whole'), id).toHaveCount(0);
  }
  const earnings = await post<DetailsSummary>(page.request, 'details/total', {
    date_from: from,
    date_to: to,
    top_field: 'partner_revenue',
  });
  await page.goto(`/details/partner_revenue?${search}`);
  await loaded(page);
  await expect(summary.locator('[data-summary="finance-range"]')).toBeVisible();
  await expect(summary.locator('.summary-whole')).toHaveAttribute('data-whole', String(earnings.isWhole));
  await expect(summary.locator('.summary-whole')).toContainText(earnings.isWhole ? 'Whole period:' : 'Not whole: the earnings mix');
});

test("the audience summary's shares are the table's Total row's", async ({ page }) => {
  await signInByApi(page.request, 'network');
  const { from, to, search } = await range(page.request, 90);
  const body = { date_from: from, date_to: to, top_field: 'views' };
  const [answer, summary] = await Promise.all([
    post<AudienceAnswer>(page.request, 'details/audience', body),
    post<DetailsSummary>(page.request, 'details/total', body),
  ]);
  expect(summary.audience.male_views_percent).toBe(answer.total.male_views_percent);
  await page.goto(`/details/audience?${search}`);
  await loaded(page);
  const totalRow = table(page).locator('tfoot tr td');
  const share = (n: number | null) => `${(n ?? 0).toFixed(2)}%`;
  await expect(totalRow.nth(1)).toHaveText(share(answer.total.male_views_percent));
  await expect(page.locator('[data-summary="male"]')).toHaveText(
    `${count(summary.audience.total_male)} (${share(answer.total.male_views_percent)})`,
  );
  await expect(page.locator('[data-summary="female"]')).toHaveText(
    `${count(summary.audience.total_female)} (${share(answer.total.female_views_percent)})`,
  );
});

test('the channel table shows at most 4 chosen columns, and one on a narrow screen', async ({ page }) => {
  await signInByApi(page.request, 'network');
  const { search } = await range(page.request, 28);
  await page.goto(`/details/views?${search}`);
  await loaded(page);
  const chooser = page.getByRole('group', { name: /Columns/ });
  const boxes = chooser.getByRole('checkbox');
  await expect(boxes).toHaveCount(6);
  await expect(chooser.getByRole('checkbox', { checked: true })).toHaveCount(4);
  const svr = chooser.getByRole('checkbox', { name: 'SVR' });
  await expect(svr).toBeDisabled();
  await chooser.getByRole('checkbox', { name: 'Date' }).uncheck();
  await expect(page.getByRole('columnheader', { name: 'Date' })).toHaveCount(0);
  await svr.check();
  await expect(page.getByRole('columnheader', { name: 'SVR' })).toBeVisible();
  await expect(table(page).locator('thead th')).toHaveCount(1 + 4 + 2);

  await page.setViewportSize({ width: 600, height: 900 });
  await expect(table(page).locator('thead th')).toHaveCount(1 + 1 + 2);
  await expect(chooser.getByRole('checkbox', { checked: true })).toHaveCount(1);
});

test('at 1366×768 the channel table fits its block: the Share column is in the window without scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInByApi(page.request, 'network');
  await page.goto('/details/views?group_by=channels');
  await loaded(page);
  // The default four optional columns, the widest the table gets.
  await expect(table(page).locator('thead th')).toHaveCount(7);
  const share = table(page).getByRole('columnheader', { name: 'Share' });
  await share.scrollIntoViewIfNeeded();
  const box = await share.boundingBox();
  expect(box, 'the Share heading is laid out').not.toBeNull();
  if (!box) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(1366);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(768);
  const scroller = page.locator('.details-table-block .table-scroll');
  const { scrollWidth, clientWidth, right } = await scroller.evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
    right: element.getBoundingClientRect().right,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  expect(box.x + box.width).toBeLessThanOrEqual(right);
});

test('on a phone the table scrolls inside its own box, never the page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInByApi(page.request, 'network');
  await page.goto('/details/views?group_by=channels');
  await loaded(page);
  const scroller = page.locator('.details-table-block .table-scroll');
  await expect(scroller).toHaveCSS('overflow-x', 'auto');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('the audience chart offers Subscribers only to users not limited to in-house channels', async ({ page }) => {
  await signInByApi(page.request, 'inhouse');
  // A shared link asking for Subscribers opens on Views for them: the subscribers call refuses them.
  await page.goto('/details/audience?tab=chart&graph=subscribers');
  await loaded(page);
  const metric = page.getByRole('group', { name: 'Metric' });
  await expect(metric.getByRole('radio')).toHaveCount(2);
  await expect(metric.getByRole('radio', { name: 'Views' })).toBeChecked();
  await expect(metric.getByRole('radio', { name: 'Subscribers' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Metric' }).getByRole('link', { name: 'Subscribers' })).toHaveCount(0);

  await page.context().clearCookies();
  await signInByApi(page.request, 'network');
  await page.goto('/details/audience?tab=chart&graph=subscribers');
  await loaded(page);
  await expect(page.getByRole('group', { name: 'Metric' }).getByRole('radio', { name: 'Subscribers' })).toBeChecked();
});
