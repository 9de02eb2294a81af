// The profile's "Your YouTube channel": a partner connects their channel through Google's consent (the fake
// Google the browser tests' server starts, scripts/e2e-server.ts), sees it live, disconnects it after a
// confirmation, and is offered to connect again; Google was asked to revoke the grant.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { outboxKey, signIn } from './helpers';
import { axeViolations } from './axe';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** A fresh account per run (a retry too): the demo partner's channels stay as other specs expect them. */
const EMAIL = `creator-${crypto.randomUUID().slice(0, 8)}@profile-youtube.example.com`;
const PASSWORD = 'profile-youtube-creator-1';
/** The account the fake consents with (tests/integration/sync/fake/consent.ts) and the channel it owns here. */
const GOOGLE_ACCOUNT = 'operator@example.com';
const CHANNEL = { id: 'UCprofileE2eChannel00001', title: 'E2E creator channel' };
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

test.beforeAll(async ({ request }) => {
  // A partner account through the admin API and its invite link: no network, so the channel is granted to it directly.
  const token = /^ADMIN_TOKEN=(.+)$/m.exec(readFileSync(path.join(ROOT, '.dev.vars'), 'utf8'))?.[1] ?? '';
  const invite = await request.post('/api/admin/users/invite', {
    headers: { Authorization: `Bearer ${token}` },
    data: { email: EMAIL, user_name: 'Creator' },
  });
  expect(invite.status()).toBe(201);
  const key = await outboxKey(request, EMAIL, '/invite/confirm');
  expect((await request.post('/api/invite/confirm', { data: { key, password1: PASSWORD, password2: PASSWORD } })).ok()).toBe(true);
});

const section = (page: Page) => page.getByRole('region', { name: 'Your YouTube channel' });
const connectionsList = (page: Page) => section(page).getByRole('list', { name: 'Your channel connections' });

async function expectNoBlockingViolations(page: Page): Promise<void> {
  const violations = await axeViolations(page, '.connect-channel');
  const blocking = violations.filter((v) => BLOCKING_IMPACTS.has(v.impact ?? ''));
  expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.failureSummary ?? n.html).join('; ')}`)).toEqual([]);
}

test('a partner connects their channel through Google, then disconnects it after confirming', async ({ page, request }) => {
  await signIn(page, EMAIL, PASSWORD);
  await page.goto('/profile');
  await expect(connectionsList(page)).toHaveCount(0);
  await section(page).getByRole('button', { name: 'Connect my YouTube channel' }).click();

  // The page links to the fake's consent; its namespace is told which channel the account owns.
  const consent = section(page).getByRole('link', { name: 'Continue to Google' });
  const consentUrl = (await consent.getAttribute('href')) ?? '';
  const fake = consentUrl.replace(/\/oauth\/authorize\?.*$/, '');
  expect(fake).not.toBe(consentUrl);
  const setup = await request.post(`${fake}/__setup`, { data: { ownedChannels: { [GOOGLE_ACCOUNT]: [CHANNEL] } } });
  expect(setup.ok()).toBe(true);
  await consent.click();

  await expect(page).toHaveURL(/\/profile\?notice=/);
  await expect(section(page).getByRole('status')).toHaveText(
    `Connected ${GOOGLE_ACCOUNT} as "My YouTube channel": ${CHANNEL.title} (granted to you).`,
  );
  const entry = connectionsList(page).getByRole('listitem');
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(`${CHANNEL.title} · ${GOOGLE_ACCOUNT} · Live`);

  // Disconnect asks first; Cancel leaves the connection live.
  await entry.getByRole('button', { name: `Disconnect ${CHANNEL.title}` }).click();
  const confirm = section(page).getByRole('group', { name: `Disconnect ${CHANNEL.title}?` });
  await expect(confirm).toContainText('The figures already loaded stay in your dashboard');
  await expectNoBlockingViolations(page);
  await confirm.getByRole('link', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(entry).toContainText('Live');

  const revokesBefore = await revokeCount(request, fake);
  await entry.getByRole('button', { name: `Disconnect ${CHANNEL.title}` }).click();
  await section(page).getByRole('button', { name: 'Yes, disconnect' }).click();

  await expect(page).toHaveURL(/\/profile\?notice=/);
  await expect(section(page).getByRole('status')).toHaveText(
    'Disconnected "My YouTube channel": Viewdeck no longer reads your channel, and its figures so far stay in your dashboard.',
  );
  await expect(entry).toContainText(`${CHANNEL.title} · ${GOOGLE_ACCOUNT} · Disconnected `);
  await expect(entry.getByRole('button')).toHaveCount(0);
  await expect(section(page).getByRole('button', { name: 'Connect my YouTube channel again' })).toBeVisible();
  expect(await revokeCount(request, fake)).toBe(revokesBefore + 1);
  await expectNoBlockingViolations(page);
});

/** The revoke calls the fake Google has answered in this namespace. */
async function revokeCount(request: APIRequestContext, fake: string): Promise<number> {
  const seen = (await (await request.get(`${fake}/__requests`)).json()) as { method: string; path: string }[];
  return seen.filter((r) => r.method === 'POST' && r.path === '/revoke').length;
}
