// The operator console as the demo staff account uses it: find an account, deactivate it (its sign-in
// refused) and reactivate it; flip a network's public figures and back; upload a real report file with
// the progress bar and follow its load; each action then in the audit log.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { auditOf, demoUser, signIn } from './helpers';

const operator = demoUser('operator');
const inhouse = demoUser('inhouse');
const REPORT = 'tests/fixtures/youtube/reporting_csv/channel_basic_a2.from_fivetran_seed.csv';

const auditOfOperator = (page: Page, action: string) => auditOf(page, action, operator.email);

test.beforeEach(async ({ page }) => {
  await signIn(page, operator.email, operator.password);
});

test('a staff account finds an account, deactivates it (sign-in refused) and reactivates it', async ({ page, request }) => {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Operator console' }).click();
  await expect(page).toHaveURL('/admin');
  await page.getByRole('navigation', { name: 'Operator console' }).getByRole('link', { name: 'Users' }).click();
  await page.getByLabel('E-mail or name').fill('inhouse@demo');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL('/admin/users?q=inhouse%40demo');
  const row = page.locator(`tr[data-user="${inhouse.email}"]`);
  await expect(page.locator('tr[data-user]')).toHaveCount(1);
  await expect(row.getByRole('cell').nth(1)).toHaveText('Active');

  page.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: `Deactivate ${inhouse.email}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'deactivated' })).toHaveText(
    `${inhouse.email} deactivated; their sessions ended.`,
  );
  await expect(row.getByRole('cell').nth(1)).toHaveText('Deactivated');
  const refused = await request.post('/api/auth/login', { data: { login: inhouse.email, password: inhouse.password } });
  expect(refused.status()).toBe(401);

  await row.getByRole('button', { name: `Reactivate ${inhouse.email}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'reactivated' })).toHaveText(`${inhouse.email} reactivated.`);
  await expect(row.getByRole('cell').nth(1)).toHaveText('Active');
  const allowed = await request.post('/api/auth/login', { data: { login: inhouse.email, password: inhouse.password } });
  expect(allowed.status()).toBe(200);

  expect((await auditOfOperator(page, 'user')).slice(0, 2)).toEqual([
    `user.reactivate ${inhouse.email}`,
    `user.deactivate ${inhouse.email}`,
  ]);
});

test("a network's public figures are turned on and off again, each change in the audit log", async ({ page }) => {
  await page.goto('/admin/networks');
  const row = page.locator('tr[data-network]').first();
  const slug = (await row.getAttribute('data-network')) ?? '';
  const name = (await row.getByRole('cell').first().innerText()).split('\n')[0]!.trim();
  await expect(row.locator('[data-public-figures]')).toHaveText('Public data only');
  await row.getByRole('button', { name: `${name}: show partners' own figures` }).click();
  await expect(row.locator('[data-public-figures]')).toHaveText("Partners' own figures");
  await expect(page.getByRole('status').filter({ hasText: name })).toContainText("its partners' own figures");
  await row.getByRole('button', { name: `${name}: use public data only` }).click();
  await expect(row.locator('[data-public-figures]')).toHaveText('Public data only');
  expect((await auditOfOperator(page, 'network.public_figures')).slice(0, 2)).toEqual([
    `network.public_figures ${slug}`,
    `network.public_figures ${slug}`,
  ]);
});

test('a report file uploads with a progress bar to 100 %, its load is followed to the end and listed', async ({ page }) => {
  // The file's rows, counted from the fixture itself: every line but the header.
  const rows = readFileSync(REPORT, 'utf8').trim().split('\n').length - 1;
  const name = REPORT.split('/').pop()!;
  await page.goto('/admin/sync');
  await page.getByLabel('Report file (.csv)').setInputFiles(REPORT);
  await page.getByRole('button', { name: 'Upload and load' }).click();
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('value', '100');
  // A retry finds the file archived and loaded already: the load then says it changed nothing.
  const loaded = new RegExp(`^Loaded\\. ${name.replace(/\./g, '\\.')}: (loaded|unchanged), ${rows.toLocaleString('en-US')} rows$`);
  await expect(page.getByRole('status').filter({ hasText: 'Loaded.' })).toHaveText(loaded, { timeout: 60_000 });
  await page.reload();
  const upload = page.getByRole('region', { name: 'Recent uploads' }).getByRole('row').filter({ hasText: name }).first();
  await expect(upload).toContainText('archived');
  await expect(upload).toContainText(/loaded|unchanged/);
  expect((await auditOfOperator(page, 'upload')).slice(0, 2)).toEqual([`upload.load ${name}`, `upload.complete ${name}`]);
});
