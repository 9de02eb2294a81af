// With JavaScript off: chart pages say the chart needs it and still give the figures as a table, and
// controls that need scripts are not shown.
import { expect, test, type Page } from '@playwright/test';
import { readPublicIds } from './a11y-pages';

// Playwright's text and role locators skip what is inside <noscript>: the notes are found by class.
const notes = (page: Page) => page.locator('.chart-noscript');
const noscriptTable = (page: Page, name: string) => page.locator(`.chart-noscript-table[aria-label="${name}"] table`);

test.use({ javaScriptEnabled: false });

test('the channel page says its charts need JavaScript and lists the monthly history as a table', async ({ page, request }) => {
  const ids = await readPublicIds(request);
  await page.goto(`/channel/${ids.channel}`);
  await expect(notes(page)).toHaveText([
    'The daily views and subscribers chart needs JavaScript. Its figures are in the Daily statistics table above.',
    'The monthly history chart needs JavaScript. Its figures are in the Monthly history table below.',
  ]);
  await expect(notes(page).first()).toBeVisible();
  // The Monthly history table needs no script: its older months open from a <details>.
  const history = page.getByRole('region', { name: 'Monthly history', exact: true });
  await expect(history.locator('table').first().locator('thead th')).toHaveText([
    'Month',
    'Subscribers',
    'Monthly subs',
    'Total views',
    'Monthly views',
  ]);
  await expect(history.locator('tbody tr').first().locator('td').first()).toHaveText(/^[\d,]+$/);
  const summary = history.locator('summary');
  await expect(summary).toHaveText(/^All \d+ months \(\d+ more\)$/);
  await summary.click();
  await expect(history.locator('tbody tr').last()).toBeVisible();
  // Every daily row is shown, and neither Show more nor the carousel arrows (they need scripts) are.
  await expect(page.locator('.daily tbody tr').last()).toBeVisible();
  for (const control of [page.locator('.daily .show-more'), page.locator('.similar .arrows')]) {
    await expect(control).toHaveCount(1);
    await expect(control).toBeHidden();
  }
});

test('the global page gives the monthly views as a table and the trend chart points to its table', async ({ page, request }) => {
  await page.goto('/global');
  await expect(notes(page).first()).toHaveText('The monthly views chart needs JavaScript. Its figures:');
  await expect(notes(page).first()).toBeVisible();
  await expect(noscriptTable(page, 'Monthly views').locator('tbody td').first()).toHaveText(/^[\d,]+$/);
  await expect(notes(page).filter({ hasText: 'The map needs JavaScript' })).toHaveText(
    'The map needs JavaScript. Its figures are in the Countries table below.',
  );
  await expect(page.getByRole('table', { name: 'Countries' })).toBeVisible();
  const ids = await readPublicIds(request);
  await page.goto(`/trend/channel/${ids.trendChannel}`);
  await expect(notes(page)).toHaveText(['The position chart needs JavaScript. Its figures are in the table below.']);
  await expect(notes(page)).toBeVisible();
  await expect(page.locator('table.trend-table tbody tr').first()).toBeVisible();
  await expect(page.locator('.chart-nav button')).toHaveCount(2);
  await expect(page.locator('.chart-nav')).toBeHidden();
});

test('the sign-in page says signing in needs JavaScript', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('.noscript-note')).toHaveText('Signing in needs JavaScript. Please turn it on for this site.');
  await expect(page.locator('.noscript-note')).toBeVisible();
});
