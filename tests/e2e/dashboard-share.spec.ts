// The Earnings card as the partner's share under their terms: the toggle, the figure and the legend from
// the share call, and a finished month's bar equal to that month's statement lines (ads, Shorts,
// adjustments) as the statements call lists them.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { EarningsShareAnswer } from '../../src/lib/api/stats';
import type { Statement, StatementSummary } from '../../src/lib/api/statements';
import type { ConsoleNetwork } from '../../src/lib/api/console';
import { demoUser, postIdempotent, signIn } from './helpers';

const dollars = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const cents = (micros: number) => Math.round(micros / 10_000) / 100;

async function post<T>(request: APIRequestContext, path: string, body: Record<string, unknown>): Promise<T> {
  const response = await request.post(path, { data: body });
  expect(response.ok(), `POST ${path}: ${response.status()}`).toBe(true);
  return (await response.json()).data as T;
}

async function loaded(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
}

test("the partner switches the Earnings card to their share, and a draft month's bar is its statement lines", async ({ page }) => {
  const partner = demoUser('partner');
  await signIn(page, partner.email, partner.password);
  const statements = ((await (await page.request.get('/api/statements')).json()) as { data: StatementSummary[] }).data;
  const draft = statements.find((s) => s.status === 'draft');
  expect(draft, 'the demo has a draft month').toBeDefined();
  const month = draft!.month;
  const { max_date: to } = await post<{ max_date: string }>(page.request, '/api/stat/dates', {});
  const from = `${month}-01`;
  const share = await post<EarningsShareAnswer | null>(page.request, '/api/stat/share', {
    date_from: from,
    date_to: to,
    chart_period: 'month',
  });
  expect(share).not.toBeNull();

  // The month's own lines in every network's statement of it (claims are paid on the statement only).
  const [network] = ((await (await page.request.get(`/api/statements/${month}`)).json()) as { data: Statement[] }).data;
  const lines = network!.lines.filter((l) => l.source_month === month && l.kind !== 'claims');
  const bar = share!.share.find((p) => p.date.startsWith(month));
  expect(bar?.value).toBe(cents(lines.reduce((sum, l) => sum + l.partner_micros, 0)));

  await page.goto(`/dashboard?period=custom&from=${from}&to=${to}&by=month`);
  await loaded(page);
  const card = page.getByRole('region', { name: 'Earnings', exact: true });
  const view = card.getByRole('radiogroup', { name: 'Earnings view' });
  await expect(view.getByRole('radio', { name: "YouTube's gross" })).toHaveAttribute('aria-checked', 'true');
  await expect(card.getByRole('tab', { name: 'Channels' })).toBeVisible();
  await view.getByRole('radio', { name: 'Your share' }).click();
  await expect(card.locator('[data-figure]')).toHaveText(dollars(share!.sum_share));
  await expect(card.getByRole('list', { name: 'Earnings basis' })).toContainText(
    `Your share under your terms: finance ${dollars(share!.finance)} + estimate ${dollars(share!.estimate)}`,
  );
  // Breakdowns are of the gross: the share has none.
  await expect(card.getByRole('tab', { name: 'Channels' })).toHaveCount(0);
});

test("a network that shows its partners their share opens the partner's Earnings card on it", async ({ browser }) => {
  const staff = await browser.newPage();
  const operator = demoUser('operator');
  await signIn(staff, operator.email, operator.password);
  const networks = ((await (await staff.request.get('/api/console/networks')).json()) as { data: { rows: ConsoleNetwork[] } }).data.rows;
  const network = networks.find((n) => n.owner_email === demoUser('network').email)!;
  const setView = async (view: 'gross' | 'share') => {
    const res = await postIdempotent(staff.request, `/api/console/networks/${network.id}/partner-earnings`, { partner_earnings: view });
    expect(res.ok(), `partner-earnings ${view}: ${res.status()}`).toBe(true);
  };
  await setView('share');
  try {
    const page = await browser.newPage();
    const partner = demoUser('partner');
    await signIn(page, partner.email, partner.password);
    await loaded(page);
    const card = page.getByRole('region', { name: 'Earnings', exact: true });
    await expect(card.getByRole('radio', { name: 'Your share' })).toHaveAttribute('aria-checked', 'true');
    await expect(card.getByRole('list', { name: 'Earnings basis' })).toContainText('Your share under your terms');
  } finally {
    // Other specs read the partner's dashboard as the seed has it: YouTube's gross first.
    await setView('gross');
  }
});
