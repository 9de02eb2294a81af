// A network's public figures seen where the public sees them: turned on in the console, a partner
// channel's public page shows the network's own watch time and revenue, badged as reported by it;
// turned off, the public estimate with its method. The test leaves the choice off, as the seed has it.
import { expect, test, type APIRequestContext, type BrowserContext, type Locator, type Page } from '@playwright/test';
import type { ChannelInfo, ChannelInfoFigures, DailyData } from '../../src/lib/api/public-channels';
import type { BaseAnswer, ChannelOption } from '../../src/lib/api/stats';
import { compactDollars, hours, moneyRange } from './expected-text';
import { demoUser, postIdempotent, signIn, signInByApi } from './helpers';

const operator = demoUser('operator');
const owner = demoUser('network');
/** 'now' on a channel page: the 30 days that end on the channel's latest snapshot, whatever today is. */
const NOW_DAYS = 30;
const MS_PER_DAY = 86_400_000;
const REPORTED = 'reported by the channel’s network';
const ESTIMATE_NOTE = 'The same method for every channel; a partner network’s private figures never enter it.';

async function compat<T>(request: APIRequestContext, path: string, query: Record<string, string>): Promise<T> {
  const response = await request.get(`/api/analytics?${new URLSearchParams({ path: `/youtube/api${path}`, ...query })}`);
  expect(response.ok(), path).toBe(true);
  return ((await response.json()) as { data: { body: T } }).data.body;
}

/** The public API's 'now' figures of a channel, as any visitor gets them. */
async function publicNow(request: APIRequestContext, channelId: string): Promise<ChannelInfoFigures> {
  const info = await compat<ChannelInfo>(request, '/stat/channel_info', { channel_id: channelId, period: 'now' });
  expect(info.info_now, `channel_info of ${channelId}`).not.toBeNull();
  return info.info_now!;
}

/**
 * The watch time the network itself has for the channel over 'now''s days, from the partner area as
 * its owner sees it: the figure the public page must show once the network chooses so.
 */
async function ownWatchMinutes(request: APIRequestContext, channelId: string): Promise<number> {
  const daily = await compat<DailyData>(request, '/stat/get_daily_data', { channel_id: channelId, period: 'now' });
  const to = daily.rows[0]?.updated ?? '';
  expect(to).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const from = new Date(Date.parse(to) - (NOW_DAYS - 1) * MS_PER_DAY).toISOString().slice(0, 10);
  const response = await request.post('/api/stat/base', {
    data: { date_from: from, date_to: to, chart_period: 'days', channels: [channelId] },
  });
  expect(response.ok(), `POST /api/stat/base: ${response.status()}`).toBe(true);
  return ((await response.json()) as { data: BaseAnswer }).data.sum_watch_time;
}

/** The owner's network in the console's list, found by its owner's address. */
const networkRow = (page: Page): Locator => page.locator('tr[data-network]').filter({ hasText: owner.email });

async function networkName(page: Page): Promise<string> {
  await page.goto('/admin/networks');
  await expect(networkRow(page)).toHaveCount(1);
  return (await networkRow(page).getByRole('cell').first().innerText()).split('\n')[0]!.trim();
}

const card = (page: Page, name: string): Locator => page.getByRole('region', { name, exact: true });

test.beforeEach(async ({ page }) => {
  await signIn(page, operator.email, operator.password);
});

// Other specs read the same database after this one: the choice goes back off even when a step failed.
test.afterEach(async ({ page }) => {
  await page.goto('/admin/networks');
  const row = networkRow(page);
  if ((await row.locator('[data-public-figures]').innerText()) === 'Public data only') return;
  const api = await row.locator('form[data-api$="/public-figures"]').getAttribute('data-api');
  const off = await postIdempotent(page.request, api ?? '', { public_figures: false });
  expect(off.ok(), `turning public figures off answered ${off.status()}`).toBe(true);
});

test("a partner channel's public page shows the network's own figures while it chooses so, the estimate after", async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  // A channel of the network, as its owner lists them in the partner area.
  await signInByApi(request, 'network');
  const channels = ((await (await request.get('/api/profile/channels')).json()) as { data: ChannelOption[] }).data;
  const channel = channels.find((c) => !c.is_ugc && c.monthly_views_count > 0);
  if (!channel) throw new Error(`the demo network lists no channel with views: ${JSON.stringify(channels.map((c) => c.channel_id))}`);
  const { channel_id: id, channel_title: title } = channel;
  // The public page as visitors see it (signed-in accounts without analytics are kept to their own
  // area), each in a browser of their own: a browser may keep a public page for a minute by itself.
  const visitors: BrowserContext[] = [];
  async function visit(): Promise<{ channelPage: Page; watchCard: Locator; revenueCard: Locator }> {
    const visitor = await browser.newContext({ baseURL });
    visitors.push(visitor);
    const channelPage = await visitor.newPage();
    await channelPage.goto(`/channel/${id}`);
    await expect(channelPage.getByRole('heading', { level: 1 })).toHaveText(title);
    return { channelPage, watchCard: card(channelPage, 'Watchtime'), revenueCard: card(channelPage, 'Channel revenue') };
  }

  // Seen once before the change, so the change must also reach a page the server has cached.
  await expect(card((await visit()).channelPage, 'Watchtime').getByRole('heading')).toContainText('estimated');

  const name = await networkName(page);
  await expect(networkRow(page).locator('[data-public-figures]')).toHaveText('Public data only');
  await networkRow(page)
    .getByRole('button', { name: `${name}: show partners' own figures` })
    .click();
  await expect(networkRow(page).locator('[data-public-figures]')).toHaveText("Partners' own figures");

  const reported = await publicNow(request, id);
  expect(reported.figures_source).toBe('network');
  expect(reported.earnings.estimated).toBe(false);
  expect(reported.watchtime).toBe(await ownWatchMinutes(request, id));
  const { channelPage, watchCard, revenueCard } = await visit();
  await expect(watchCard.locator('[data-value]')).toHaveText(hours(reported.watchtime));
  await expect(watchCard.getByRole('heading')).toContainText(REPORTED);
  await expect(revenueCard.locator('[data-value]')).toHaveText(compactDollars(reported.earnings.low));
  await expect(revenueCard.getByRole('heading')).toContainText(REPORTED);
  await expect(channelPage.getByText('How watch time and revenue are estimated')).toHaveCount(0);
  await channelPage.getByText('Where watch time and revenue come from').click();
  await expect(channelPage.getByText(`This channel: ${reported.k_watchtime} minutes per view`)).toBeVisible();

  await networkName(page);
  // Said first, so a page showing another state fails here naming it, not after the test's whole time.
  await expect(networkRow(page).locator('[data-public-figures]')).toHaveText("Partners' own figures");
  await networkRow(page)
    .getByRole('button', { name: `${name}: use public data only` })
    .click();
  await expect(networkRow(page).locator('[data-public-figures]')).toHaveText('Public data only');

  const estimated = await publicNow(request, id);
  expect(estimated.figures_source).toBe('estimate');
  expect(estimated.earnings.estimated).toBe(true);
  const after = await visit();
  await expect(after.watchCard.locator('[data-value]')).toHaveText(hours(estimated.watchtime));
  for (const figure of [after.watchCard, after.revenueCard]) {
    await expect(figure.getByRole('heading')).toContainText('estimated');
    await expect(figure.getByRole('heading')).not.toContainText(REPORTED);
  }
  await expect(after.revenueCard.locator('[data-value]')).toHaveText(moneyRange(estimated.earnings));
  await expect(after.channelPage.getByText('Where watch time and revenue come from')).toHaveCount(0);
  await after.channelPage.getByText('How watch time and revenue are estimated').click();
  await expect(after.channelPage.getByText(ESTIMATE_NOTE, { exact: false })).toBeVisible();
  for (const visitor of visitors) await visitor.close();
});
