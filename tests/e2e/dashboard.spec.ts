// Dashboard: each demo user's layout, tabs, the subscribers toggle, and period and channel filters that
// rewrite the URL and the figures. Expected figures come from the stats API's own answers.
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { demoUser, signIn } from './helpers';
import type { DemoRole } from '../../scripts/demo/users';
import { shownDay } from './expected-text';
import type {
  BaseAnswer as Base,
  BreakdownAnswer,
  ChannelBreakdownRow,
  ChannelOption,
  DatesAnswer,
  SubscribersTotalAnswer,
} from '../../src/lib/api/stats';

// Narrowings of the shared answers, not copies: what this test knows of the demo data on top of them.
/** The demo data always has a latest day. */
type Dates = DatesAnswer & { max_date: string };
/** Breakdowns by channel answer channel rows. */
type ChannelBreakdown = BreakdownAnswer & { rows: ChannelBreakdownRow[] };

const count = (n: number) => Math.round(n).toLocaleString('en-US');
const dollars = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function stat<T>(request: APIRequestContext, path: string, body: Record<string, unknown>): Promise<T> {
  const response = await request.post(`/api/stat/${path}`, { data: body });
  expect(response.ok(), `POST /api/stat/${path}`).toBe(true);
  return (await response.json()).data as T;
}

/** The filter body for a range as the page sends it (the comparison dates do not change the sums). */
function bodyFor(from: string, to: string, extra: Record<string, unknown> = {}) {
  return { date_from: from, date_to: to, chart_period: 'days', ...extra };
}

async function loaded(page: Page): Promise<void> {
  await expect(page.getByRole('progressbar')).toHaveCount(0);
}

function card(page: Page, name: string): Locator {
  return page.getByRole('region', { name, exact: true });
}

const LAYOUTS: { role: DemoRole; titles: boolean; subscribers: boolean }[] = [
  { role: 'partner', titles: true, subscribers: true },
  { role: 'network', titles: true, subscribers: true },
  { role: 'analytics', titles: true, subscribers: true },
  { role: 'inhouse', titles: false, subscribers: false },
];

for (const layout of LAYOUTS) {
  test(`${layout.role}: cards, tabs and tiles follow the user's flags`, async ({ page }) => {
    const user = demoUser(layout.role);
    await signIn(page, user.email, user.password);
    await loaded(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    for (const name of ['Earnings', 'Views', 'Engagement', 'Watch time', 'Geography', 'Demography']) {
      await expect(card(page, name)).toBeVisible();
    }
    await expect(card(page, 'Subscribers')).toHaveCount(layout.subscribers ? 1 : 0);
    await expect(card(page, 'Views').getByRole('tab', { name: 'Titles' })).toHaveCount(layout.titles ? 1 : 0);
    await expect(page.getByRole('button', { name: /^Titles/ })).toHaveCount(layout.titles ? 1 : 0);

    const tiles = page.getByRole('region', { name: 'CONTENT STATISTICS' }).getByRole('link');
    await expect(tiles).toHaveCount(layout.subscribers ? 4 : 3);
    await expect(tiles.filter({ hasText: 'Subscribers' })).toHaveCount(layout.subscribers ? 1 : 0);
    // Three per row for in-house-only users, four otherwise: all tiles share the first row's top.
    const tops = await tiles.evaluateAll((links) => links.map((link) => link.getBoundingClientRect().top));
    expect(new Set(tops).size).toBe(1);
  });
}

test('a shared URL sets the period and channels, and the figures match the API', async ({ page }) => {
  const partner = demoUser('partner');
  await signIn(page, partner.email, partner.password);
  const dates = await stat<Dates>(page.request, 'dates', {});
  const channels = (await (await page.request.get('/api/profile/channels')).json()).data as ChannelOption[];
  const chosen = channels[0] as ChannelOption;
  const to = dates.max_date;
  const from = `${to.slice(0, 7)}-01`;

  await page.goto(`/dashboard?period=custom&from=${from}&to=${to}&channels=${chosen.channel_id}`);
  await loaded(page);
  await expect(page.getByRole('button', { name: `Channels ${chosen.channel_title}` })).toBeVisible();
  const base = await stat<Base>(page.request, 'base', bodyFor(from, to, { channels: [chosen.channel_id] }));
  await expect(card(page, 'Views').getByText(count(base.sum_views), { exact: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`period=custom&from=${from}&to=${to}&by=days&channels=${chosen.channel_id}$`));

  // Clearing the channel filter reloads every card for all channels.
  await page.getByRole('button', { name: `Channels ${chosen.channel_title}` }).click();
  await page.getByRole('dialog', { name: 'Channels' }).getByRole('button', { name: 'All' }).click();
  await page.getByRole('dialog', { name: 'Channels' }).getByRole('button', { name: 'Ok' }).click();
  await expect(page).toHaveURL(new RegExp(`period=custom&from=${from}&to=${to}&by=days$`));
  await loaded(page);
  const all = await stat<Base>(page.request, 'base', bodyFor(from, to));
  expect(all.sum_views).toBeGreaterThan(base.sum_views);
  await expect(card(page, 'Views').getByText(count(all.sum_views), { exact: true })).toBeVisible();
  // The headline is the earnings by one rule (statement per channel and month, else estimate), summed by the API.
  const expectedEarnings = all.sum_partner_revenue;
  await expect(card(page, 'Earnings').getByText(dollars(expectedEarnings), { exact: true })).toBeVisible();

  await page.reload();
  await loaded(page);
  await expect(card(page, 'Views').getByText(count(all.sum_views), { exact: true })).toBeVisible();
});

test('choosing a preset rewrites the URL and the header, and tabs and the toggle load their data', async ({ page }) => {
  const partner = demoUser('partner');
  await signIn(page, partner.email, partner.password);
  await loaded(page);
  await page.getByLabel('Period', { exact: true }).selectOption({ label: 'Last 28 days' });
  await expect(page).toHaveURL(/period=27&by=days$/);
  await loaded(page);
  // Last 28 days ends on the latest day with data (or today, if the data is that fresh).
  const { max_date: maxDate } = await stat<Dates>(page.request, 'dates', {});
  const range = await page.evaluate((latest) => {
    const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    const today = iso(new Date());
    const end = latest < today ? new Date(`${latest}T00:00:00`) : new Date();
    const start = new Date(end);
    start.setDate(start.getDate() - 27);
    return { from: iso(start), to: iso(end) };
  }, maxDate);
  await expect(page.getByText(`${shownDay(range.from)} – ${shownDay(range.to)}`, { exact: true })).toBeVisible();
  const base = await stat<Base>(page.request, 'base', bodyFor(range.from, range.to));
  const views = card(page, 'Views');
  await expect(views.getByText(count(base.sum_views), { exact: true })).toBeVisible();

  await views.getByRole('tab', { name: 'Channels' }).click();
  await expect(views.getByRole('tab', { name: 'Channels' })).toHaveAttribute('aria-selected', 'true');
  const top = await stat<ChannelBreakdown>(page.request, 'views', {
    ...bodyFor(range.from, range.to),
    group: 'channels',
  });
  const rows = views.getByRole('list', { name: 'Views by channel' }).getByRole('listitem');
  await expect(rows).toHaveCount(top.rows.length);
  const first = top.rows[0] as ChannelBreakdownRow;
  await expect(rows.first()).toHaveText(`${first.channel_title}${count(first.value)}`);

  const subscribers = card(page, 'Subscribers');
  await expect(subscribers.getByText(count(base.sum_subscribers), { exact: true })).toBeVisible();
  await subscribers.getByRole('radio', { name: 'Total subscribers' }).click();
  const total = await stat<SubscribersTotalAnswer>(page.request, 'base/subscribers/total', bodyFor(range.from, range.to));
  await expect(subscribers.getByText(count(total.sum_subscribers), { exact: true })).toBeVisible();
  await expect(subscribers.getByRole('radio', { name: 'Total subscribers' })).toHaveAttribute('aria-checked', 'true');
});

test('earnings: a closed month reads the same rule in the headline, the legend and the Channels tab', async ({ page }) => {
  const network = demoUser('network');
  await signIn(page, network.email, network.password);
  const { max_date: maxDate } = await stat<Dates>(page.request, 'dates', {});
  // Two months before the latest data: closed, with statements for the channels that had figures all month.
  const start = new Date(`${maxDate.slice(0, 7)}-01T00:00:00Z`);
  start.setUTCMonth(start.getUTCMonth() - 2);
  const end = new Date(start);
  end.setUTCMonth(end.getUTCMonth() + 1, 0);
  const [from, to] = [start, end].map((d) => d.toISOString().slice(0, 10)) as [string, string];
  await page.goto(`/dashboard?period=custom&from=${from}&to=${to}`);
  await loaded(page);
  const base = await stat<Base>(page.request, 'base', bodyFor(from, to));
  expect(base.earnings.finance).toBeGreaterThan(0);
  expect(Math.round((base.earnings.finance + base.earnings.estimate) * 100)).toBe(Math.round(base.sum_partner_revenue * 100));
  const earnings = card(page, 'Earnings');
  await expect(earnings.getByText(dollars(base.sum_partner_revenue), { exact: true })).toBeVisible();
  const legend = earnings.getByRole('list', { name: 'Earnings basis' });
  await expect(legend).toContainText(`Finance ${dollars(base.earnings.finance)}`);
  if (base.earnings.estimate !== 0) await expect(legend).toContainText(`Estimate ${dollars(base.earnings.estimate)}`);
  if (base.earnings.months.some((m) => m.basis === 'mixed')) await expect(legend).toContainText('Mixed');

  await earnings.getByRole('tab', { name: 'Channels' }).click();
  const top = await stat<ChannelBreakdown>(page.request, 'partner_revenue', { ...bodyFor(from, to), group: 'channels' });
  const rows = earnings.getByRole('list', { name: 'Earnings by channel' }).getByRole('listitem');
  await expect(rows).toHaveCount(top.rows.length);
  const first = top.rows[0] as ChannelBreakdownRow;
  await expect(rows.first()).toHaveText(`${first.channel_title}${dollars(first.value)}`);
});

test("Details links and content tiles carry the dashboard's period and filters, and follow their changes", async ({ page }) => {
  const partner = demoUser('partner');
  await signIn(page, partner.email, partner.password);
  const channels = (await (await page.request.get('/api/profile/channels')).json()).data as ChannelOption[];
  const chosen = channels[0] as ChannelOption;
  await page.goto(`/dashboard?period=27&channels=${chosen.channel_id}`);
  await loaded(page);
  const query = `period=27&by=days&channels=${chosen.channel_id}`;
  await expect(card(page, 'Views').getByRole('link', { name: 'Views details' })).toHaveAttribute('href', `/details/views?${query}`);
  // Geography keeps its own grouping; Demography opens the audience.
  await expect(card(page, 'Geography').getByRole('link', { name: 'Geography details' })).toHaveAttribute(
    'href',
    `/details/views?group_by=countries&${query}`,
  );
  await expect(card(page, 'Demography').getByRole('link', { name: 'Demography details' })).toHaveAttribute(
    'href',
    `/details/audience?${query}`,
  );
  const tiles = page.getByRole('region', { name: 'CONTENT STATISTICS' });
  await expect(tiles.getByRole('link', { name: /^Earnings/ })).toHaveAttribute('href', `/details/partner_revenue?${query}`);

  await page.getByLabel('Period', { exact: true }).selectOption({ label: 'Last 7 days' });
  await expect(page).toHaveURL(/period=6&by=days&channels=/);
  await expect(tiles.getByRole('link', { name: /^Audience/ })).toHaveAttribute(
    'href',
    `/details/audience?period=6&by=days&channels=${chosen.channel_id}`,
  );
  await expect(card(page, 'Earnings').getByRole('link', { name: 'Earnings details' })).toHaveAttribute(
    'href',
    `/details/partner_revenue?period=6&by=days&channels=${chosen.channel_id}`,
  );
});
