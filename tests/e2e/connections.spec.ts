// A staff account connects a content owner through Google's consent (the fake Google the browser tests'
// server starts, scripts/e2e-server.ts) and sees the connection listed.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { outboxKey, signIn } from './helpers';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The test database's folder (E2E_STATE, as the server was started with). */
const STATE_DIR = process.env.E2E_STATE ?? (process.env.PARTNER_STORE === 'objects' ? '.wrangler/e2e-objects' : '.wrangler/e2e');
const EMAIL = 'operator@connections.example.com';
const PASSWORD = 'connections-operator-1';

test.beforeAll(async ({ request }) => {
  // An account through the admin API and its invite link, then flagged staff in the test database.
  const token = /^ADMIN_TOKEN=(.+)$/m.exec(readFileSync(path.join(ROOT, '.dev.vars'), 'utf8'))?.[1] ?? '';
  const invite = await request.post('/api/admin/users/invite', {
    headers: { Authorization: `Bearer ${token}` },
    data: { email: EMAIL, user_name: 'Operator' },
  });
  expect(invite.status()).toBe(201);
  const key = await outboxKey(request, EMAIL, '/invite/confirm');
  expect((await request.post('/api/invite/confirm', { data: { key, password1: PASSWORD, password2: PASSWORD } })).ok()).toBe(true);
  execFileSync(
    'npx',
    [
      'wrangler',
      'd1',
      'execute',
      'DB',
      '--local',
      '--persist-to',
      STATE_DIR,
      '--command',
      `UPDATE users SET staff = 1 WHERE email = '${EMAIL}'`,
    ],
    { cwd: ROOT, env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true' }, stdio: 'ignore' },
  );
});

test('a staff account connects a content owner through Google and sees it listed', async ({ page }) => {
  await signIn(page, EMAIL, PASSWORD);
  await page.goto('/admin/connections');
  await expect(page.getByRole('heading', { name: 'YouTube connections' })).toBeVisible();
  await page.getByLabel('Name').fill('E2E CMS');
  await page.getByLabel('Content owner ids').fill('CO-e2e');
  await page.getByRole('button', { name: 'Connect with Google' }).click();
  await page.getByRole('link', { name: 'Continue to Google' }).click();

  // The fake consents at once and sends the browser back through /api/google/callback.
  await expect(page).toHaveURL(/\/admin\/connections\?notice=/);
  await expect(page.getByRole('status')).toContainText('Connected operator@example.com as "E2E CMS": content owner CO-e2e.');
  const entry = page.getByRole('article', { name: 'E2E CMS' });
  await expect(entry).toContainText('account operator@example.com');
  await expect(entry).toContainText('Reaches: content owner CO-e2e');
  await expect(entry).toContainText('Live');
  await expect(entry).toContainText(`connected by ${EMAIL}`);
});

test('the connections page is for staff only', async ({ page }) => {
  await page.goto('/admin/connections');
  await expect(page).toHaveURL('/');
});
