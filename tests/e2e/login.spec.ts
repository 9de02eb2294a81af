// The login screen at the root: fields, link, Enter, the failure toast, and where each side lands.
import { expect, test } from '@playwright/test';
import { demoUser, logOut, signIn, submitSignIn, wakeIslands } from './helpers';

test('the signed-out root is the login screen', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Log in · Viewdeck');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await expect(page.getByLabel('Login')).toHaveAttribute('type', 'email');
  await expect(page.getByLabel('Password')).toHaveAttribute('type', 'password');
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/password/reset');
  // The form hydrates on the visitor's first interaction (a test's pointer resting on the page may already
  // have been one: the test below holds the form's code back instead); then its button can send.
  await wakeIslands(page);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled();
});

test('what is typed before the form has hydrated is kept, and Enter sends it', async ({ page }) => {
  const partner = demoUser('partner');
  // The form's code is held back until the fields are filled, so they are typed into the server's HTML.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/LoginForm\.[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  await page.getByLabel('Login').pressSequentially(partner.email);
  await page.getByLabel('Password').pressSequentially(partner.password);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeDisabled();
  release();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled();
  await page.getByLabel('Password').press('Enter');
  await expect(page).toHaveURL('/dashboard');
});

test('a wrong password shows the toast, and a click hides it', async ({ page }) => {
  const partner = demoUser('partner');
  await page.goto('/');
  await page.getByLabel('Login').fill(partner.email);
  await page.getByLabel('Password').fill(`${partner.password}-wrong`);
  await page.getByRole('button', { name: 'Log in' }).click();
  const toast = page.getByRole('button', { name: 'Wrong login or password' });
  await expect(toast).toBeVisible();
  await expect(page).toHaveURL('/');
  await toast.click();
  await expect(toast).toHaveCount(0);
});

test('nothing is sent while a field is empty', async ({ page }) => {
  const partner = demoUser('partner');
  const logins: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/auth/login')) logins.push(request.postData() ?? '');
  });
  await page.goto('/');
  // A visitor's pointer wakes the form on its way to the button; a test's click goes straight there.
  await wakeIslands(page);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByLabel('Login')).toBeFocused();
  await expect(page.getByLabel('Login')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Login').fill(partner.email);
  await page.getByLabel('Login').press('Enter');
  await expect(page.getByLabel('Password')).toBeFocused();
  await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
  // Completing the form sends exactly one request: the two refused attempts sent nothing.
  await page.getByLabel('Password').fill(partner.password);
  await page.getByLabel('Password').press('Enter');
  await expect(page).toHaveURL('/dashboard');
  expect(logins.map((body) => JSON.parse(body).login)).toEqual([partner.email]);
});

test('Enter in the password field signs in and opens the dashboard in the shell', async ({ page }) => {
  const partner = demoUser('partner');
  await signIn(page, partner.email, partner.password);
  await expect(page).toHaveTitle('Dashboard · Viewdeck');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: `Profile: ${partner.userName}` })).toBeVisible();
});

test('a signed-out visitor asking for the dashboard gets the login screen', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
});

test('a signed-in user opening the root goes to the dashboard', async ({ page }) => {
  const network = demoUser('network');
  await signIn(page, network.email, network.password);
  await page.goto('/');
  await expect(page).toHaveURL('/dashboard');
  await page.goto('/home');
  await expect(page).toHaveURL('/dashboard');
});

test('log-out ends the session: Back and the dashboard lead to the login screen', async ({ page }) => {
  const partner = demoUser('partner');
  await signIn(page, partner.email, partner.password);
  await logOut(page);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/');
  const status = await page.request.get('/api/auth/status');
  expect((await status.json()).data.isauth).toBe(false);
});

test('a busy answer is retried by the page after Retry-After, without a second click, and signs in', async ({ page }) => {
  const partner = demoUser('partner');
  const sent: string[] = [];
  let busyAnswered = false;
  // The retry is held until the test has tried to send again, so that attempt happens mid-retry.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  // The first sign-in is answered 503 busy, as the hash gate does; the retry reaches the real server.
  await page.route('**/api/auth/login', async (route) => {
    sent.push(route.request().postData() ?? '');
    if (busyAnswered) {
      await released;
      return route.continue();
    }
    busyAnswered = true;
    await route.fulfill({
      status: 503,
      headers: { 'Retry-After': '1', 'Content-Type': 'application/json' },
      body: JSON.stringify({ error: 'The server is busy checking passwords. Try again in a second.' }),
    });
  });
  await page.goto('/');
  await submitSignIn(page, partner.email, partner.password);
  // Said in a polite status region, so a screen reader announces it without interrupting.
  await expect(page.getByRole('status').filter({ hasText: 'The server is busy, retrying…' })).toBeVisible();
  // While it waits, the button stays disabled: Enter or a click again sends nothing more.
  await expect(page.getByRole('button', { name: 'Log in' })).toBeDisabled();
  await page.getByLabel('Password').press('Enter');
  await page.getByRole('button', { name: 'Log in' }).click({ force: true });
  release();
  await expect(page).toHaveURL('/dashboard');
  expect(sent.map((body) => JSON.parse(body).login)).toEqual([partner.email, partner.email]);
});
