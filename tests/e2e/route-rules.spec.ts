// The shell's route rules, enforced by the server: each kind of route for each kind of visitor.
import { expect, test } from '@playwright/test';
import { demoUser, landingOf, logOut, sideMenu, signIn } from './helpers';

test.describe('signed out', () => {
  for (const path of ['/dashboard', '/profile', '/details/views', '/password/change', '/support', '/analytics']) {
    test(`${path} (signed-in only) goes to the login screen`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL('/');
      await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    });
  }

  test('an unknown path goes to the root', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL('/');
  });

  test('public stats pages open in the public layout', async ({ page }) => {
    await page.goto('/channels');
    await expect(page.getByRole('heading', { level: 1, name: 'Top channels' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/');
    await expect(sideMenu(page)).toHaveCount(0);
  });

  test('the account-link pages open', async ({ page }) => {
    await page.goto('/password/reset');
    await expect(page.getByRole('heading', { level: 1, name: 'Reset password' })).toBeVisible();
    await page.goto('/invite/confirm?key=abc');
    await expect(page.getByRole('heading', { level: 1, name: 'Create password' })).toBeVisible();
    await page.goto('/reset-password/confirm');
    await expect(page.getByRole('alert')).toContainText('This link is incomplete.');
  });
});

test.describe('signed in', () => {
  test('signed-out-only pages send a signed-in user to the dashboard', async ({ page }) => {
    const partner = demoUser('partner');
    await signIn(page, partner.email, partner.password);
    await page.goto('/password/reset');
    await expect(page).toHaveURL('/dashboard');
    for (const path of ['/reset-password/confirm?key=abc', '/invite/confirm?key=abc']) {
      expect(await landingOf(page, path), path).toBe('/dashboard');
    }
  });

  test('the e-mail confirmation link opens while signed in', async ({ page }) => {
    const partner = demoUser('partner');
    await signIn(page, partner.email, partner.password);
    await page.goto('/email/confirm?key=abc');
    await expect(page).toHaveURL('/email/confirm?key=abc');
    await expect(page.getByRole('button', { name: 'Confirm' })).toBeVisible();
  });

  test('unknown paths and short forms go to the right page', async ({ page }) => {
    const partner = demoUser('partner');
    await signIn(page, partner.email, partner.password);
    await page.goto('/details');
    await expect(page).toHaveURL('/details/partner_revenue');
    expect(await landingOf(page, '/no/such/page')).toBe('/dashboard');
    expect(await landingOf(page, '/details/likes')).toBe('/dashboard');
  });

  test('show_analytics pages open in the shell for a user with the flag', async ({ page }) => {
    const network = demoUser('network');
    await signIn(page, network.email, network.password);
    await page.goto('/channel/UC_x5XG1OV2P6uZZ5FSM9Ttw');
    await expect(page.getByRole('heading', { level: 1, name: 'Channel' })).toBeVisible();
    await expect(sideMenu(page).getByRole('link', { name: 'Channels' })).toHaveAttribute('aria-current', 'page');
  });

  test('show_analytics pages send a user without the flag to the dashboard', async ({ page }) => {
    const inhouse = demoUser('inhouse');
    await signIn(page, inhouse.email, inhouse.password);
    await page.goto('/global');
    await expect(page).toHaveURL('/dashboard');
    for (const path of ['/channels', '/network/7', '/trend/video/abc', '/find']) {
      expect(await landingOf(page, path), path).toBe('/dashboard');
    }
  });

  test('the Subscribers pages and calls are closed to a user limited to in-house channels', async ({ page }) => {
    const inhouse = demoUser('inhouse');
    await signIn(page, inhouse.email, inhouse.password);
    // Typed into the address bar: sent to the dashboard, as any page the account may not open.
    await page.goto('/details/subs');
    await expect(page).toHaveURL('/dashboard');
    for (const path of ['/details/subs/', '/analytics/subs', '/analytics/subs/table', '/analytics/subs/chart']) {
      expect(await landingOf(page, path), path).toBe('/dashboard');
    }
    expect(await landingOf(page, '/details/views')).toBe('/details/views');
    const refused = await page.request.post('/api/stat/details', { data: { top_field: 'subscribers', group: 'channels' } });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toBe('Subscribers are not shown to accounts limited to in-house channels.');
    const views = await page.request.post('/api/stat/details', { data: { top_field: 'views', group: 'channels' } });
    expect(views.status()).toBe(200);
  });

  test('the Subscribers pages and calls open for a user with all the network channels', async ({ page }) => {
    const network = demoUser('network');
    await signIn(page, network.email, network.password);
    for (const path of ['/details/subs', '/analytics/subs/table', '/analytics/subs/chart']) {
      expect(await landingOf(page, path), path).toBe(path);
    }
    const answered = await page.request.post('/api/stat/details', { data: { top_field: 'subscribers', group: 'channels' } });
    expect(answered.status()).toBe(200);
  });

  test('/analytics opens only for the analytics-dashboard user', async ({ page }) => {
    const analytics = demoUser('analytics');
    await signIn(page, analytics.email, analytics.password);
    await page.goto('/analytics');
    await expect(page).toHaveURL('/analytics');
    await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
    await logOut(page);

    const partner = demoUser('partner');
    await signIn(page, partner.email, partner.password);
    await page.goto('/analytics');
    await expect(page).toHaveURL('/dashboard');
  });
});
