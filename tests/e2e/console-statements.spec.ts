// The console's Statements page as the demo staff account uses it: terms added through its form (percent
// and dollars sent as basis points and micro-dollars), a bad share refused with the API's own words, a
// partner's statement with the API's figures, approved in bulk, then partly paid.
//
// The demo database is shared: the partner demo account's statements are read by statements.spec.ts, so
// this spec pays an account of its own (invited here, one per attempt) for one channel nobody is paid for,
// in the month of final finance before the current month's. Approvals cannot be undone: the account keeps
// its approved month and that channel; without an approval its terms and grant are removed again.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { ConsoleNetwork, ConsolePage } from '../../src/lib/api/console';
import type { Contract, Payables } from '../../src/lib/api/statements';
import type { ChannelOption } from '../../src/lib/api/stats';
import { STATEMENT_STATUS, statementDollars } from './expected-text';
import { demoUser, signIn, signInByApi } from './helpers';

const operator = demoUser('operator');
const owner = demoUser('network');
/** How far back the spec looks for a month whose finance is final. */
const MONTHS_BACK = 12;
const SHARES = { ads: '70.29', shorts: '60', claims: '50', adjustments: '70' };
const MIN_PAYOUT_DOLLARS = '1';

async function dataOf<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url);
  expect(response.ok(), `GET ${url}: ${response.status()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

function monthBefore(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + m - 1 - n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The demo partner network (its owner is the network demo account) and its last month of final finance. */
async function partnerMonth(request: APIRequestContext): Promise<{ network: ConsoleNetwork; month: string; payables: Payables }> {
  const networks = await dataOf<ConsolePage<ConsoleNetwork>>(request, '/api/console/networks');
  const network = networks.rows.find((n) => n.owner_email === owner.email);
  if (!network) throw new Error(`no network owned by ${owner.email}`);
  const current = new Date().toISOString().slice(0, 7);
  for (let n = 1; n <= MONTHS_BACK; n++) {
    const month = monthBefore(current, n);
    const payables = await dataOf<Payables>(request, `/api/console/money/networks/${network.id}/payables?month=${month}`);
    if (payables.final) return { network, month, payables };
  }
  throw new Error(`no month of final finance in the last ${MONTHS_BACK}`);
}

/** A channel nobody is paid for this month, with revenue, and its YouTube id as its network's owner lists it. */
async function unpaidChannel(request: APIRequestContext, payables: Payables): Promise<{ youtubeId: string; title: string }> {
  const channels = await dataOf<ChannelOption[]>(request, '/api/profile/channels');
  const candidates = payables.unassigned
    .filter((u) => u.reason === 'no_contract' && u.gross_micros > 0)
    .sort((a, b) => b.gross_micros - a.gross_micros);
  for (const u of candidates) {
    const named = channels.filter((c) => c.channel_title === u.channel_title && !c.is_ugc);
    if (named.length === 1) return { youtubeId: named[0]!.channel_id, title: u.channel_title };
  }
  throw new Error('no unassigned channel with revenue and a title of its own');
}

/** Fills the form adding terms; shares in percent, the minimum in dollars ('' leaves it out). */
async function fillTerms(page: Page, terms: { email: string; from: string; ads: string; minimum: string }): Promise<void> {
  await page.getByLabel("Partner's e-mail").fill(terms.email);
  await page.getByLabel('Effective from').fill(terms.from);
  await page.getByLabel('Ads (videos and live) (%)').fill(terms.ads);
  await page.getByLabel('Shorts (%)').fill(SHARES.shorts);
  await page.getByLabel('Claims on third-party uploads (%)').fill(SHARES.claims);
  await page.getByLabel('Adjustments (%)').fill(SHARES.adjustments);
  await page.getByLabel('Minimum payout ($, account terms only)').fill(terms.minimum);
}

const contractsUrl = (networkId: number) => `/api/console/money/networks/${networkId}/contracts`;
const row = (page: Page, email: string) => page.locator(`tr[data-partner="${email}"]`);

test('terms added, a bad share refused, the statement approved in bulk and partly paid, as the API computes it', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  await signIn(page, operator.email, operator.password);
  const api = page.request;
  const { network, month, payables: before } = await partnerMonth(api);
  const ownerApi = await playwright.request.newContext({ baseURL });
  await signInByApi(ownerApi, 'network');
  const channel = await unpaidChannel(ownerApi, before);
  await ownerApi.dispose();

  // An account of this attempt's own (a retry finds the first attempt's account paid for its channel).
  const email = `statements-console-${testInfo.retry}@demo.viewdeck.example`;
  expect((await api.post('/api/console/users/invite', { data: { email, user_name: 'Stella Statements' } })).ok()).toBe(true);
  expect((await api.post('/api/console/grants', { data: { email, target: channel.youtubeId } })).ok()).toBe(true);
  let approved = false;
  try {
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Operator console' }).getByRole('link', { name: 'Statements' }).click();
    await page.getByLabel('Network', { exact: true }).selectOption(String(network.id));
    await page.getByLabel('Month', { exact: true }).fill(month);
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page).toHaveURL(`/admin/statements?network=${network.id}&month=${month}`);

    // Terms through the form: percent and dollars in, basis points and micro-dollars stored.
    await fillTerms(page, { email, from: month, ads: SHARES.ads, minimum: MIN_PAYOUT_DOLLARS });
    await page.getByRole('button', { name: 'Add terms' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Terms added.' })).toBeVisible();
    const ours = (await dataOf<Contract[]>(api, contractsUrl(network.id))).filter((c) => c.email === email);
    expect(ours.map((c) => ({ from: c.effective_from, channel: c.channel_id, shares: c.shares, min: c.min_payout_micros }))).toEqual([
      { from: month, channel: null, shares: { ads: 7029, shorts: 6000, claims: 5000, adjustments: 7000 }, min: 1_000_000 },
    ]);
    const contractRow = page.locator(`tr[data-contract="${ours[0]!.id}"]`);
    await expect(contractRow.getByRole('cell')).toHaveText([
      email,
      'All granted channels',
      month,
      '70.29%',
      '60%',
      '50%',
      '70%',
      '$1.00',
      'Delete',
    ]);

    // 150 %: the browser's range check holds it back; sent anyway, the API refuses it in its own words.
    const count = (await dataOf<Contract[]>(api, contractsUrl(network.id))).length;
    const nextMonth = monthBefore(month, -1);
    await fillTerms(page, { email, from: nextMonth, ads: '150', minimum: '' });
    expect(await page.getByLabel('Ads (videos and live) (%)').evaluate((input) => (input as HTMLInputElement).validity.rangeOverflow)).toBe(
      true,
    );
    const bad = { email, effective_from: nextMonth, shares: { ads: 15_000, shorts: 6000, claims: 5000, adjustments: 7000 } };
    const refused = await api.post(contractsUrl(network.id), { data: bad });
    expect(refused.status()).toBe(400);
    const apiError = ((await refused.json()) as { error: string }).error;
    // As a browser without range checks would send it.
    await page.getByRole('form', { name: 'Add terms' }).evaluate((form) => ((form as HTMLFormElement).noValidate = true));
    await page.getByRole('button', { name: 'Add terms' }).click();
    await expect(page.getByRole('status')).toHaveText(apiError);
    expect(apiError).toContain('shares.ads');
    expect((await dataOf<Contract[]>(api, contractsUrl(network.id))).length).toBe(count);

    // The statement as the API computes it, figure by figure.
    const payablesUrl = `/api/console/money/networks/${network.id}/payables?month=${month}`;
    const payables = await dataOf<Payables>(api, payablesUrl);
    const statement = payables.statements.find((s) => s.user.email === email);
    if (!statement) throw new Error(`${email} has no statement for ${month}`);
    expect(statement.status).toBe('draft');
    await page.reload();
    const partner = row(page, email);
    await expect(partner.locator('[data-status]')).toHaveText('Draft');
    for (const figure of ['gross_micros', 'partner_micros', 'opening_micros', 'owed_micros', 'paid_micros', 'balance_micros'] as const) {
      await expect(partner.locator(`[data-figure="${figure}"]`), figure).toHaveText(statementDollars(statement[figure]));
    }
    expect(statement.payable, 'the channel earns its payee more than the $1 minimum').toBe(true);
    await expect(partner.locator('[data-payable]')).toHaveText('Yes');
    const summary = page.locator('[data-payables-summary]');
    await expect(summary.locator('[data-figure="youtube"]')).toHaveText(statementDollars(payables.youtube_micros));
    await expect(summary.locator('[data-figure="partners"]')).toHaveText(statementDollars(payables.partners_micros));
    await expect(summary.locator('[data-figure="retained"]')).toHaveText(statementDollars(payables.retained_micros));
    await expect(summary.locator('[data-figure="final"]')).toHaveText('Final');
    await expect(page.getByRole('link', { name: 'Payouts file (CSV) for the bank' })).toHaveAttribute(
      'href',
      `/api/console/money/networks/${network.id}/payouts.csv?month=${month}`,
    );
    // The channel is paid now: no longer among those nobody is paid for.
    await expect(
      page.getByRole('region', { name: 'Channels nobody is paid for' }).getByRole('cell', { name: channel.title, exact: true }),
    ).toHaveCount(0);

    // Bulk approval of the one draft selected.
    await partner.getByRole('checkbox', { name: `Select ${email} for approval` }).check();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Approve selected statements' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'approved' })).toHaveText(`Selected statements of ${month} approved.`);
    approved = true;
    await expect(partner.locator('[data-status]')).toHaveText(STATEMENT_STATUS.approved);
    const locked = (await dataOf<Payables>(api, payablesUrl)).statements.find((s) => s.user.email === email)!;
    expect(locked.status).toBe('approved');

    // A payout of half the balance (whole micro-dollars, typed as dollars with six decimals).
    const half = Math.floor(locked.balance_micros / 2);
    await partner.getByLabel(`Amount ($) paid to ${email}`).fill(`${Math.floor(half / 1e6)}.${String(half % 1e6).padStart(6, '0')}`);
    await partner.getByLabel(`Method (${email})`).selectOption('paypal');
    await partner.getByLabel(`Reference (${email})`).fill(`E2E-${month}`);
    await partner.getByRole('button', { name: `Record payout to ${email} for ${month}` }).click();
    await expect(page.getByRole('status').filter({ hasText: 'recorded' })).toHaveText(`Payout to ${email} for ${month} recorded.`);
    await expect(partner.locator('[data-status]')).toHaveText(STATEMENT_STATUS.partly_paid);
    const paid = (await dataOf<Payables>(api, payablesUrl)).statements.find((s) => s.user.email === email)!;
    expect({ status: paid.status, paid: paid.paid_micros, balance: paid.balance_micros }).toEqual({
      status: 'partly_paid',
      paid: half,
      balance: locked.balance_micros - half,
    });
    await expect(partner.locator('[data-figure="paid_micros"]')).toHaveText(statementDollars(half));
    await expect(partner.locator('[data-figure="balance_micros"]')).toHaveText(statementDollars(locked.balance_micros - half));
  } finally {
    // Without an approval nothing needs to stay: the terms go, then the grant.
    if (!approved) {
      for (const c of (await dataOf<Contract[]>(api, contractsUrl(network.id))).filter((c) => c.email === email)) {
        await api.post(`${contractsUrl(network.id)}/${c.id}/delete`);
      }
      await api.post('/api/console/grants/revoke', { data: { email, target: channel.youtubeId } });
    }
  }
});

test('a bad month or network shows a banner, not an error page', async ({ page }) => {
  await signIn(page, operator.email, operator.password);
  const badMonth = await page.goto('/admin/statements?month=2026-13');
  expect(badMonth?.status()).toBe(400);
  await expect(page.getByRole('alert')).toContainText('month');
  const noNetwork = await page.goto('/admin/statements?network=999999');
  expect(noNetwork?.status()).toBe(404);
  await expect(page.getByRole('alert')).toHaveText('No network 999999: reload the list.');
});

test('a network is found by part of its slug, and one nothing matches says so', async ({ page }) => {
  await signIn(page, operator.email, operator.password);
  const networks = ((await (await page.request.get('/api/console/networks')).json()) as { data: { rows: ConsoleNetwork[] } }).data.rows;
  const target = networks.find((n) => n.owner_email !== null)!;
  await page.goto('/admin/statements');
  await page.getByLabel('Find a network').fill(target.slug.slice(1, -1));
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  await expect(page).toHaveURL(/find=/);
  await expect(page.getByLabel('Network', { exact: true })).toHaveValue(String(target.id));
  await page.getByLabel('Find a network').fill('no-such-network-zz');
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  await expect(page.getByText('No partner network has "no-such-network-zz" in its name or slug.')).toBeVisible();
});
