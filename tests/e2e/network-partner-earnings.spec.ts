// A network's partner-earnings choice in the console: the demo staff account switches the demo network's
// partners to their share, the page says so after a reload, and back to YouTube's gross; each change in
// the audit log. The test leaves the choice at YouTube's gross, as the seed has it.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { auditOf, demoUser, postIdempotent, signIn } from './helpers';

const operator = demoUser('operator');
const owner = demoUser('network');

/** The owner's network in the console's list, found by its owner's address. */
const networkRow = (page: Page): Locator => page.locator('tr[data-network]').filter({ hasText: owner.email });
const choice = (page: Page): Locator => networkRow(page).locator('[data-partner-earnings]');

/** The audit log's partner-earnings rows for the operator, newest first. */
const auditRows = (page: Page) => auditOf(page, 'network.partner_earnings', operator.email);

test.beforeEach(async ({ page }) => {
  await signIn(page, operator.email, operator.password);
});

// Other specs (the partner's dashboard) read the same database after this one: the choice goes back to
// YouTube's gross even when a step failed.
test.afterEach(async ({ page }) => {
  await page.goto('/admin/networks');
  if ((await choice(page).innerText()) === "Partners see: YouTube's gross") return;
  const api = await networkRow(page).locator('form[data-api$="/partner-earnings"]').getAttribute('data-api');
  const back = await postIdempotent(page.request, api ?? '', { partner_earnings: 'gross' });
  expect(back.ok(), `setting partner earnings back to gross answered ${back.status()}`).toBe(true);
});

test("a network's partners are switched to their share and back to YouTube's gross, each change in the audit log", async ({ page }) => {
  await page.goto('/admin/networks');
  await expect(networkRow(page)).toHaveCount(1);
  const slug = (await networkRow(page).getAttribute('data-network')) ?? '';
  const name = (await networkRow(page).getByRole('cell').first().innerText()).split('\n')[0]!.trim();
  const before = await auditRows(page);

  await page.goto('/admin/networks');
  await expect(choice(page)).toHaveText("Partners see: YouTube's gross");
  await networkRow(page)
    .getByRole('button', { name: `${name}: show partners their share` })
    .click();
  await expect(page.getByRole('status').filter({ hasText: name })).toHaveText(`${name}: partners now see their share first.`);
  await expect(choice(page)).toHaveText('Partners see: their share');
  await page.reload();
  await expect(choice(page)).toHaveText('Partners see: their share');

  await networkRow(page)
    .getByRole('button', { name: `${name}: show partners YouTube's gross` })
    .click();
  await expect(page.getByRole('status').filter({ hasText: name })).toHaveText(`${name}: partners now see YouTube's gross first.`);
  await expect(choice(page)).toHaveText("Partners see: YouTube's gross");

  const after = await auditRows(page);
  expect(after.length).toBe(before.length + 2);
  expect(after.slice(0, 2)).toEqual([`network.partner_earnings ${slug}`, `network.partner_earnings ${slug}`]);
});
