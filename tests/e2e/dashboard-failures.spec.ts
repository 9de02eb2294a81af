// Dashboard failures (docs/partner-area.md, "Failures"): stats errors raise the red toast titled Dashboard, which a
// click hides; demographics, geography and engagement failures leave their cards silently empty.
// The Demography card also lists its top channels from the same answer.
import { expect, test, type Page } from '@playwright/test';
import { demoUser, signIn } from './helpers';

const FAILURE = {
  status: 503,
  contentType: 'application/json',
  body: JSON.stringify({ error: 'Statistics are being rebuilt. Try again in a minute.' }),
};

async function signInAs(page: Page): Promise<void> {
  const user = demoUser('network');
  await signIn(page, user.email, user.password);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
}

test('a failed base stats call shows the Dashboard toast with the server message; a click hides it', async ({ page }) => {
  await signInAs(page);
  await page.route('**/api/stat/base', (route) => route.fulfill(FAILURE));
  await page.getByLabel('Period', { exact: true }).selectOption({ label: 'Last 7 days' });
  const toast = page.getByRole('alert').getByRole('button');
  await expect(toast).toContainText('Dashboard');
  await expect(toast).toContainText('Statistics are being rebuilt. Try again in a minute.');
  await toast.click();
  await expect(page.getByRole('alert').getByRole('button')).toHaveCount(0);
});

test('failed demographics, geography and engagement calls leave their cards empty without a toast', async ({ page }) => {
  await signInAs(page);
  for (const path of ['demographics', 'location', 'engagement']) {
    await page.route(`**/api/stat/${path}`, (route) => route.fulfill(FAILURE));
  }
  await page.getByLabel('Period', { exact: true }).selectOption({ label: 'Last 7 days' });
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Demography', exact: true })).toContainText('No data available');
  await expect(page.getByRole('region', { name: 'Geography', exact: true })).toContainText('No data available');
  await expect(page.getByRole('region', { name: 'Engagement', exact: true }).locator('[data-figure="likes"]')).toHaveText('—');
  await expect(page.getByRole('alert').getByRole('button')).toHaveCount(0);
  // The cards that did load still show their figures.
  await expect(page.getByRole('region', { name: 'Views', exact: true })).not.toContainText('No data available');
});

test('the Demography card lists the top channels of the demographics answer', async ({ page }) => {
  const user = demoUser('network');
  await signIn(page, user.email, user.password);
  // The first period's answer is in the page; a period the person picks is asked for: Last 3 months,
  // since the page opens on Last 28 days (choosing the period shown asks for nothing).
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/stat/demographics') && r.ok());
  await page.getByLabel('Period', { exact: true }).selectOption({ label: 'Last 3 months' });
  const body = (await (await answer).json()) as { data: { details: { channel_title: string }[] }[] };
  const expected = body.data[0]?.details.map((d) => d.channel_title) ?? [];
  expect(expected.length).toBeGreaterThan(0);
  expect(expected.length).toBeLessThanOrEqual(4);
  const rows = page.getByRole('region', { name: 'Demography', exact: true }).getByRole('table').getByRole('rowheader');
  await expect(rows).toHaveText(expected);
});
