// Each demo user sees the side menu for their flags, with names on hover and a working header.
import { expect, test } from '@playwright/test';
import type { DemoRole } from '../../scripts/demo/users';
import { demoUser, sideMenu, signIn } from './helpers';

const BASE_ITEMS = ['Dashboard', 'Details'];
const PUBLIC_STATS_ITEMS = ['Global', 'Channels', 'Networks', 'Trends', 'Search for a channel'];

// From the demo accounts' flags: partner and network have show_analytics, inhouse does not, and
// analytics also has the analytics dashboard and the support inbox; operator is a staff account.
const EXPECTED_MENU: Record<DemoRole, string[]> = {
  partner: [...BASE_ITEMS, ...PUBLIC_STATS_ITEMS, 'Statements', 'Support'],
  network: [...BASE_ITEMS, ...PUBLIC_STATS_ITEMS, 'Statements', 'Support'],
  inhouse: [...BASE_ITEMS, 'Statements', 'Support'],
  analytics: [...BASE_ITEMS, 'Analytics', ...PUBLIC_STATS_ITEMS, 'Statements', 'Support', 'Support inbox'],
  operator: [...BASE_ITEMS, 'Statements', 'Support', 'Operator console'],
};

const HREFS: Record<string, string> = {
  Dashboard: '/dashboard',
  Details: '/details/partner_revenue',
  Analytics: '/analytics',
  Global: '/global',
  Channels: '/channels',
  Networks: '/networks',
  Trends: '/trends',
  'Search for a channel': '/find',
  Statements: '/statements',
  Support: '/support',
  'Support inbox': '/support/inbox',
  'Operator console': '/admin',
};

for (const role of Object.keys(EXPECTED_MENU) as DemoRole[]) {
  test(`the ${role} user sees exactly their menu items`, async ({ page }) => {
    const user = demoUser(role);
    await signIn(page, user.email, user.password);
    const links = sideMenu(page).getByRole('link');
    const expected = EXPECTED_MENU[role];
    await expect(links).toHaveText(expected);
    for (const [index, name] of expected.entries()) {
      await expect(links.nth(index)).toHaveAttribute('href', HREFS[name] ?? '');
      await expect(links.nth(index)).toHaveAttribute('title', name);
    }
    const hasRankings = expected.includes('Channels');
    await expect(sideMenu(page).getByText('Top rankings')).toHaveCount(hasRankings ? 1 : 0);
    // The search trigger leads to channel search, which only show_analytics users may open.
    await expect(page.getByRole('button', { name: 'Search' })).toHaveCount(hasRankings ? 1 : 0);
    await expect(sideMenu(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });
}

test('the header search trigger opens the search overlay; the menu opens channel search, titled', async ({ page }) => {
  const partner = demoUser('partner');
  await signIn(page, partner.email, partner.password);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('dialog', { name: 'Search' })).toBeVisible();
  await page.getByRole('dialog', { name: 'Search' }).getByRole('button', { name: 'Back' }).click();
  await sideMenu(page).getByRole('link', { name: 'Search for a channel' }).click();
  await expect(page).toHaveURL('/find');
  await expect(page).toHaveTitle('Search for a channel · Viewdeck');
  await expect(sideMenu(page).getByRole('link', { name: 'Search for a channel' })).toHaveAttribute('aria-current', 'page');
  await sideMenu(page).getByRole('link', { name: 'Details' }).click();
  await expect(page).toHaveURL('/details/partner_revenue');
  await expect(page.getByRole('heading', { level: 1, name: 'Earnings' })).toBeVisible();
  await page.getByRole('link', { name: `Profile: ${partner.userName}` }).click();
  await expect(page).toHaveURL('/profile');
  await expect(page).toHaveTitle('Profile · Viewdeck');
});
