// A partner's statements in the browser: the list and a month as the API computes them, the money rules,
// and the downloads a partner files (a real PDF, an xlsx).
import { expect, test } from '@playwright/test';
import type { Statement, StatementSummary } from '../../src/lib/api/statements';
import { STATEMENT_STATUS, statementDollars } from './expected-text';
import { demoUser, signIn } from './helpers';

test('the list shows every statement the API computes, with its status and amounts', async ({ page }) => {
  const partner = demoUser('partner');
  await signIn(page, partner.email, partner.password);
  const list = ((await (await page.request.get('/api/statements')).json()) as { data: StatementSummary[] }).data;
  // The demo seed gives the partner terms, approved and paid months, a draft and this month's estimate.
  expect(list.map((s) => s.status)).toEqual(expect.arrayContaining(['estimate', 'draft']));
  expect(list.some((s) => s.status === 'paid' || s.status === 'partly_paid')).toBe(true);
  await page.goto('/statements');
  await expect(page.getByRole('heading', { level: 1, name: 'Statements' })).toBeVisible();
  for (const s of list) {
    const row = page.locator(`tr[data-month="${s.month}"][data-network="${s.network.slug}"]`);
    await expect(row.locator('td').nth(1)).toHaveText(STATEMENT_STATUS[s.status]);
    await expect(row.locator('td').nth(5)).toHaveText(statementDollars(s.owed_micros));
    await expect(row.locator('td').nth(7)).toHaveText(statementDollars(s.balance_micros));
  }
  await page.getByText('How your statement is made').click();
  await expect(page.getByText('rounded down to the millionth of a dollar')).toBeVisible();
});

test('a paid month shows its lines, payouts and downloads', async ({ page }) => {
  const partner = demoUser('partner');
  await signIn(page, partner.email, partner.password);
  const list = ((await (await page.request.get('/api/statements')).json()) as { data: StatementSummary[] }).data;
  const paid = list.find((s) => s.status === 'paid' || s.status === 'partly_paid')!;
  const [statement] = (
    (await (await page.request.get(`/api/statements/${paid.month}?network=${paid.network.slug}`)).json()) as { data: Statement[] }
  ).data;
  expect(statement!.lines.reduce((sum, l) => sum + l.partner_micros, 0)).toBe(statement!.partner_micros);
  await page.goto('/statements');
  await page.locator(`tr[data-month="${paid.month}"] a`).click();
  await expect(page).toHaveURL(new RegExp(`/statements/${paid.month}`));
  const section = page.locator(`[data-statement="${paid.network.slug}"]`);
  await expect(section.locator('[data-figure="partner"]')).toHaveText(statementDollars(statement!.partner_micros));
  await expect(section.locator('[data-figure="balance"]')).toHaveText(statementDollars(statement!.balance_micros));
  await expect(section.locator('tbody').first().locator('tr')).toHaveCount(statement!.lines.length);
  await expect(section.getByRole('heading', { name: 'Payouts' })).toBeVisible();
  for (const [format, type] of [
    ['pdf', 'application/pdf'],
    ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ] as const) {
    const href = await section.getByRole('link', { name: `Download ${format.toUpperCase()}`, exact: false }).getAttribute('href');
    const res = await page.request.get(href!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe(type);
    const body = await res.body();
    expect(body.subarray(0, format === 'pdf' ? 5 : 2).toString('latin1')).toBe(format === 'pdf' ? '%PDF-' : 'PK');
  }
});

test('a month without a statement says so with a 404, and another network is not reachable', async ({ page }) => {
  const partner = demoUser('partner');
  await signIn(page, partner.email, partner.password);
  const res = await page.goto('/statements/2006-01');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('alert')).toContainText('No statement for 2006-01');
  const other = await page.request.get('/api/statements/2006-01?network=nobody-else');
  expect(other.status()).toBe(404);
});
