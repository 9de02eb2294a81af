// /find on a phone: with scripts on, the filter panel starts closed behind its Filters button before
// the island wakes, so nothing on the page moves; without scripts the panel is open and the button gone.
import { expect, test, type Page } from '@playwright/test';
import { wakeIslands } from './helpers';

const PHONE = { width: 390, height: 844 };

/** Sums the page's layout shifts (those not caused by input) from its first paint on. */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShift: number };
    w.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) w.layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

test.describe('with scripts', () => {
  test.use({ viewport: PHONE });

  test('the panel is closed behind Filters before the island loads', async ({ page }) => {
    // No island code at all: what shows is the server's HTML and the CSS alone.
    await page.route('**/_astro/*.js', (route) => route.abort());
    await page.goto('/find');
    await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Keywords' })).toBeHidden();
    await expect(page.getByRole('heading', { name: /channels found$/ })).toBeVisible();
  });

  test('nothing moves while the island wakes, and Filters opens the panel', async ({ page }) => {
    await recordLayoutShifts(page);
    await page.goto('/find');
    await wakeIslands(page);
    await expect(page.getByRole('heading', { name: /channels found$/ })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift)).toBe(0);
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await expect(page.getByRole('combobox', { name: 'Keywords' })).toBeVisible();
  });
});

test.describe('without scripts', () => {
  test.use({ viewport: PHONE, javaScriptEnabled: false });

  test('the panel is open and no button that needs scripts shows', async ({ page }) => {
    await page.goto('/find');
    await expect(page.getByRole('combobox', { name: 'Keywords' })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Search filters' }).getByRole('button', { name: 'Search', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeHidden();
  });
});
