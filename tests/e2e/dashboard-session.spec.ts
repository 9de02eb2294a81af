// Dashboard around its figures: an ended session leads to sign-in and back, a shared link naming
// channels or titles the account cannot see says so once and applies the rest, and a browser whose
// date differs from the server's hydrates without an error.
import { expect, test, type Page } from '@playwright/test';
import type { ChannelOption } from '../../src/lib/api/stats';
import { demoUser, signIn, submitSignIn } from './helpers';

const DAY_MS = 86_400_000;

async function loaded(page: Page): Promise<void> {
  await expect(page.getByRole('progressbar')).toHaveCount(0);
}

test('a session ended elsewhere: the next filter change goes to sign-in and back to the same dashboard URL', async ({ page }) => {
  const partner = demoUser('partner');
  await signIn(page, partner.email, partner.password);
  await page.goto('/dashboard?period=27&by=days');
  await loaded(page);

  // Signed out from another page of the same browser: the session is gone on the server.
  const other = await page.context().newPage();
  expect((await other.request.post('/api/auth/logout')).ok()).toBe(true);
  await other.close();

  await page.getByLabel('Period', { exact: true }).selectOption({ label: 'Last 7 days' });
  await expect(page).toHaveURL(/\/\?next=%2Fdashboard%3Fperiod%3D6%26by%3Ddays$/);
  await submitSignIn(page, partner.email, partner.password);
  await expect(page).toHaveURL(/\/dashboard\?period=6&by=days$/);
  await loaded(page);
  await expect(page.getByLabel('Period', { exact: true })).toHaveValue('6');
});

test('a dashboard link opened signed out leads to sign-in and then to that view', async ({ page }) => {
  const partner = demoUser('partner');
  await page.goto('/dashboard?period=27&by=days');
  await expect(page).toHaveURL(/\/\?next=%2Fdashboard%3Fperiod%3D27%26by%3Ddays$/);
  await submitSignIn(page, partner.email, partner.password);
  await expect(page).toHaveURL(/\/dashboard\?period=27&by=days$/);
  await expect(page.getByLabel('Period', { exact: true })).toHaveValue('27');
});

test('the sign-in page ignores a return address on another site', async ({ page }) => {
  const partner = demoUser('partner');
  await page.goto(`/?next=${encodeURIComponent('//evil.example/dashboard')}`);
  await submitSignIn(page, partner.email, partner.password);
  await expect(page).toHaveURL('/dashboard');
});

test("a partner opening the owner's link: one plain message, only the partner's channel, the rest applied", async ({
  page,
  playwright,
}) => {
  const owner = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const network = demoUser('network');
  expect((await owner.post('/api/auth/login', { data: { login: network.email, password: network.password } })).ok()).toBe(true);
  const ownerChannels = (await (await owner.get('/api/profile/channels')).json()).data as ChannelOption[];
  await owner.dispose();

  const partner = demoUser('partner');
  await signIn(page, partner.email, partner.password);
  await loaded(page);
  const mine = (await (await page.request.get('/api/profile/channels')).json()).data as ChannelOption[];
  const shared = mine[0] as ChannelOption;
  const foreign = ownerChannels.find((c) => !mine.some((m) => m.channel_id === c.channel_id)) as ChannelOption;
  expect(foreign).toBeDefined();

  const toasts: string[] = [];
  await page.exposeFunction('recordToast', (text: string) => toasts.push(text));
  await page.addInitScript(() => {
    new MutationObserver(() => {
      for (const alert of document.querySelectorAll('[role="alert"]')) {
        const text = alert.textContent ?? '';
        if (text && alert.getAttribute('data-seen') !== text) {
          alert.setAttribute('data-seen', text);
          (window as unknown as { recordToast: (t: string) => void }).recordToast(text);
        }
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });

  await page.goto(`/dashboard?period=27&by=days&channels=${shared.channel_id},${foreign.channel_id},not-a-channel&titles=999999999`);
  await loaded(page);
  const message = 'This link names 2 channels and 1 title that are not available to you. They are left out; the rest of the link applies.';
  await expect(page.getByRole('alert')).toContainText(message);
  await expect(page.getByRole('button', { name: `Channels ${shared.channel_title}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Titles All titles' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`\\?period=27&by=days&channels=${shared.channel_id}$`));
  await expect(page.getByLabel('Period', { exact: true })).toHaveValue('27');
  expect(toasts.filter((t) => t.includes(message))).toHaveLength(1);
  expect(toasts.filter((t) => !t.includes(message))).toEqual([]);
});

for (const days of [-40, -20, 1]) {
  test(`no hydration error with the browser's clock ${days} days from the server's`, async ({ page }) => {
    const partner = demoUser('partner');
    await signIn(page, partner.email, partner.password);
    // The test server runs on this machine: its clock is this process's.
    const serverNow = Date.now();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.clock.install({ time: new Date(serverNow + days * DAY_MS) });
    await page.goto('/dashboard');
    await loaded(page);
    await expect(page.getByLabel('Period', { exact: true })).toBeEnabled();
    expect(errors.filter((e) => /hydrat|React error #4(18|19|23|25)/i.test(e))).toEqual([]);
  });
}
