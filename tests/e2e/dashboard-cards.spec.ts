// Dashboard cards honour every filter or say they cannot: Geography and Demography under a titles
// filter, net vs total subscribers, the Demography table against the card, the UGC note, and the
// messages for a period without data and for a user without channels. Expected figures come from
// the stats API's own answers for the same filters.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { change, count, percent, shownDay } from './expected-text';
import type { ChannelOption as Channel, Demographics as Audience, LocationAnswer as Location } from '../../src/lib/api/stats';
import type { TrafficAnswer as Traffic } from '../../src/lib/api/traffic';
import { demoUser, outboxKey, signIn } from './helpers';

async function stat<T>(request: APIRequestContext, name: string, body: Record<string, unknown>): Promise<T> {
  const response = await request.post(`/api/stat/${name}`, { data: body });
  expect(response.ok(), `POST /api/stat/${name}: ${response.status()}`).toBe(true);
  return (await response.json()).data as T;
}

/**
 * Every island hydrated (Astro drops `ssr` then; a click on a card's radio or tab before is lost: the
 * Channels tab then listed net subscribers) and no card still loading.
 */
async function loaded(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
}

const card = (page: Page, name: string): Locator => page.getByRole('region', { name, exact: true });

/** The network owner on one calendar month ending at the latest data day. */
async function networkMonth(page: Page): Promise<{ from: string; to: string }> {
  const user = demoUser('network');
  await signIn(page, user.email, user.password);
  const { max_date: to } = await stat<{ max_date: string }>(page.request, 'dates', {});
  return { from: `${to.slice(0, 7)}-01`, to };
}

test('Traffic sources: each source with its share, views and change against the period before', async ({ page }) => {
  const { from, to } = await networkMonth(page);
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/stat/traffic') && r.ok());
  // Last 3 months is not the page's default: choosing it asks every card again, this one included.
  await page.goto('/dashboard');
  await loaded(page);
  await page.getByLabel('Period', { exact: true }).selectOption({ label: 'Last 3 months' });
  const sent = (await answer).request().postDataJSON() as Record<string, unknown>;
  const traffic = await stat<Traffic>(page.request, 'traffic', sent);
  await loaded(page);
  expect(traffic.sources.length).toBeGreaterThan(1);
  expect(traffic.compare).not.toBeNull();
  const rows = card(page, 'Traffic sources').getByRole('list', { name: 'Views by traffic source' }).getByRole('listitem');
  const shown = traffic.sources.filter((s) => s.views > 0);
  await expect(rows).toHaveCount(shown.length);
  for (const [i, source] of shown.entries()) {
    const previous = source.compare_views ?? 0;
    const row = rows.nth(i);
    await expect(row.locator('.breakdown-name')).toHaveText(source.name);
    await expect(row.locator('[data-share]')).toHaveText(percent(source.share));
    await expect(row.locator('[data-views]')).toHaveText(count(source.views));
    // The change badge, worked out here (the badge then names the period it compares with, for screen readers);
    // none when the source had no views before.
    if (previous === 0) await expect(row.locator('.change')).toHaveCount(0);
    else {
      const badge = change(Math.round(((source.views - previous) / previous) * 10_000) / 100);
      await expect(row.locator('.change')).toHaveText(new RegExp(`^${badge.replace(/[+.]/g, '\\$&')} against `));
    }
  }
  // The shares are of the period's views from all sources.
  expect(shown.reduce((s, x) => s + x.views, 0)).toBe(traffic.views);
  // A countries filter (the details pages and the API have one; the dashboard does not) is not applied, and said so.
  const us = await stat<Traffic>(page.request, 'traffic', { date_from: from, date_to: to, countries: ['US'] });
  expect(us.not_filtered_by).toEqual(['countries']);
});

test('Geography and Demography follow a titles filter', async ({ page }) => {
  const { from, to } = await networkMonth(page);
  const titles = (await (await page.request.get('/api/profile/titles')).json()).data as { title_id: number }[];
  // Title audience comes from the weekly demographics rows, each on one title's video: the first title
  // with an audience in the month (which one depends on the calendar day the demo was generated on).
  let found: { title: number; audience: Audience } | null = null;
  for (const { title_id: title } of titles) {
    const [audience] = await stat<Audience[]>(page.request, 'demographics', { date_from: from, date_to: to, titles: [title] });
    if (audience) {
      found = { title, audience };
      break;
    }
  }
  expect(found, 'a title with an audience in the latest month').not.toBeNull();
  const { title, audience } = found ?? { title: 0, audience: null };
  const body = { date_from: from, date_to: to, titles: [title] };
  const geography = await stat<Location>(page.request, 'location', body);
  expect(geography.countries.length).toBeGreaterThan(0);

  await page.goto(`/dashboard?period=custom&from=${from}&to=${to}&titles=${title}`);
  await loaded(page);
  const list = card(page, 'Geography').getByRole('list', { name: 'Top countries by views' }).getByRole('listitem');
  await expect(list.first()).toHaveText(`${geography.countries[0]?.name}${percent(geography.countries[0]?.value ?? 0)}`);
  await expect(card(page, 'Demography').locator('.gender-split')).toContainText(`Male ${percent(audience?.male ?? 0)}`);
  // The demographics report covers a small part of the titles' views: the card says how much, and why.
  const covered = audience?.title_views_covered ?? null;
  expect(covered, "the demo's title audience covers part of the titles' views").toBeLessThan(100);
  const note = `Based on ${percent(covered ?? 0)} of these titles' views: YouTube's demographics report covers only some of the videos and days of its views report, and gives age and gender for signed-in viewers only.`;
  await expect(card(page, 'Demography').locator('[data-audience-covered]')).toHaveText(note);
  // The audience details under the same filter read the same cells and say the same.
  await page.goto(`/details/audience?period=custom&from=${from}&to=${to}&titles=${title}`);
  await expect(page.locator('[data-audience-covered]')).toHaveText(note);
});

test("Gained and lost plots both beside the net; Total subscribers lists each channel's total and says what it counts", async ({
  page,
}) => {
  const { from, to } = await networkMonth(page);
  await page.goto(`/dashboard?period=custom&from=${from}&to=${to}`);
  await loaded(page);
  const subscribers = card(page, 'Subscribers');
  await expect(subscribers.getByRole('radio', { name: 'Gained and lost' })).toHaveAttribute('aria-checked', 'true');
  const base = await stat<{ sum_subscribers: number; sum_subscribers_gained: number; sum_subscribers_lost: number }>(page.request, 'base', {
    date_from: from,
    date_to: to,
    chart_period: 'days',
  });
  expect(base.sum_subscribers_gained - base.sum_subscribers_lost).toBe(base.sum_subscribers);
  await expect(subscribers.locator('[data-figure]')).toHaveText(count(base.sum_subscribers));
  const legend = subscribers.getByRole('list', { name: 'Subscribers gained and lost' });
  await expect(legend.locator('[data-subscribers="gained"]')).toHaveText(count(base.sum_subscribers_gained));
  await expect(legend.locator('[data-subscribers="lost"]')).toHaveText(count(base.sum_subscribers_lost));
  await expect(subscribers.getByRole('img', { name: /gained \(bars up\), lost \(bars down\) and net \(line\)/ })).toBeVisible();

  await subscribers.getByRole('radio', { name: 'Total subscribers' }).click();
  await expect(subscribers.getByText("below YouTube's public count")).toBeVisible();
  await subscribers.getByRole('tab', { name: 'Channels' }).click();
  await loaded(page);
  const totals = await stat<{ rows: { channel_title: string; value: number }[] }>(page.request, 'base/subscribers/total/channels', {
    date_from: from,
    date_to: to,
    chart_period: 'days',
  });
  const rows = subscribers.getByRole('list', { name: 'Total subscribers by channel' }).getByRole('listitem');
  await expect(rows).toHaveText(totals.rows.map((r) => `${r.channel_title}${count(r.value)}`));
  // Back to gained and lost: the list is the channels' net subscribers of the period again.
  await subscribers.getByRole('radio', { name: 'Gained and lost' }).click();
  await loaded(page);
  const net = await stat<{ rows: { channel_title: string; value: number }[] }>(page.request, 'subscribers', {
    date_from: from,
    date_to: to,
    chart_period: 'days',
  });
  await expect(subscribers.getByRole('list', { name: 'Net subscribers by channel' }).getByRole('listitem')).toHaveText(
    net.rows.map((r) => `${r.channel_title}${count(r.value)}`),
  );
});

test("the Demography table shows each channel's shares as computed from its views", async ({ page }) => {
  const { from, to } = await networkMonth(page);
  const [audience] = await stat<Audience[]>(page.request, 'demographics', { date_from: from, date_to: to });
  await page.goto(`/dashboard?period=custom&from=${from}&to=${to}`);
  await loaded(page);
  const rows = card(page, 'Demography').getByRole('table', { name: 'Top channels by audience' }).getByRole('row');
  for (const [i, detail] of (audience?.details ?? []).entries()) {
    await expect(
      rows
        .nth(i + 1)
        .getByRole('cell')
        .nth(0),
    ).toHaveText(percent(detail.male));
    await expect(
      rows
        .nth(i + 1)
        .getByRole('cell')
        .nth(1),
    ).toHaveText(percent(detail.female));
  }
});

test('Earnings says UGC included only when UGC is in the selection', async ({ page }) => {
  await networkMonth(page);
  const channels = (await (await page.request.get('/api/profile/channels')).json()).data as Channel[];
  const ordinary = channels.find((c) => !c.is_ugc);
  expect(channels.some((c) => c.is_ugc)).toBe(true);
  await loaded(page);
  const heading = card(page, 'Earnings').getByRole('heading', { level: 2 });
  await expect(heading).toContainText('(UGC included)');
  await page.goto(`/dashboard?channels=${ordinary?.channel_id}`);
  await loaded(page);
  await expect(heading).toHaveText('Earnings');
  await page.goto('/dashboard?channels=ugc');
  await loaded(page);
  await expect(heading).toContainText('(UGC included)');
});

test('every chart card draws its chart, one after another, and draws it again for another period', async ({ page }) => {
  const { from, to } = await networkMonth(page);
  await page.goto(`/dashboard?period=custom&from=${from}&to=${to}`);
  await loaded(page);
  const charted = ['Earnings', 'Views', 'Subscribers', 'Watch time'];
  for (const name of charted) await expect(card(page, name).locator('canvas')).toHaveCount(1);
  const drawn = async () =>
    page.locator('section.dash-card canvas').evaluateAll((all) => all.filter((c) => (c as HTMLCanvasElement).width > 0).length);
  await expect.poll(drawn).toBeGreaterThanOrEqual(charted.length);

  await page.getByLabel('Period', { exact: true }).selectOption({ label: 'Lifetime' });
  await loaded(page);
  for (const name of charted) await expect(card(page, name).locator('canvas')).toHaveCount(1);
  await expect.poll(drawn).toBeGreaterThanOrEqual(charted.length);
});

test('a period without data says so on every card instead of $0.00', async ({ page }) => {
  await networkMonth(page);
  await page.goto('/dashboard?period=custom&from=2017-01-01&to=2017-01-31');
  await loaded(page);
  for (const name of ['Earnings', 'Views', 'Engagement', 'Subscribers', 'Watch time', 'Geography', 'Demography']) {
    await expect(card(page, name)).toContainText('No data for this period');
    await expect(card(page, name)).not.toContainText('$0.00');
  }
});

test('a user without channels is told so on the cards', async ({ page }) => {
  const token = /^ADMIN_TOKEN=(.+)$/m.exec(readFileSync(path.resolve(import.meta.dirname, '../../.dev.vars'), 'utf8'))?.[1] ?? '';
  // The database is fresh for each run, so the address only has to differ between tests.
  const email = 'no-channels@cards.example.com';
  const invite = await page.request.post('/api/admin/users/invite', {
    headers: { Authorization: `Bearer ${token}` },
    data: { email, user_name: 'No Channels' },
  });
  expect(invite.status()).toBe(201);
  const key = await outboxKey(page.request, email, '/invite/confirm');
  const password = 'no-channels-1';
  expect((await page.request.post('/api/invite/confirm', { data: { key, password1: password, password2: password } })).ok()).toBe(true);
  await page.goto('/dashboard');
  await loaded(page);
  for (const name of ['Earnings', 'Views', 'Geography', 'Demography']) {
    await expect(card(page, name)).toContainText('No channels are connected to your account yet');
  }
  await expect(card(page, 'Earnings')).not.toContainText('$0.00');
});

test('a bare /dashboard opens on the last 28 days, up to the latest day with data', async ({ page }) => {
  const user = demoUser('network');
  await signIn(page, user.email, user.password);
  const { max_date: latest, timestamp } = await stat<{ max_date: string; timestamp: number }>(page.request, 'dates', {});
  // The server's clock, in Unix seconds: its today decides whether the 28 days end on the latest day.
  const today = new Date(timestamp * 1000).toISOString().slice(0, 10);
  const to = latest < today ? latest : today;
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - 27 * 86_400_000).toISOString().slice(0, 10);
  await page.goto('/dashboard');
  await expect(page.locator('[data-range]').first()).toHaveText(`${shownDay(from)} – ${shownDay(to)}`);
  await expect(page.getByRole('combobox', { name: 'Period' })).toHaveValue('27');
});

test("each card's i opens what its figure means and the latest day it includes, by mouse or keyboard", async ({ page }) => {
  const user = demoUser('network');
  await signIn(page, user.email, user.password);
  const { max_date: latest } = await stat<{ max_date: string }>(page.request, 'dates', {});
  await page.goto('/dashboard');
  for (const name of ['Earnings', 'Views', 'Subscribers', 'Watch time', 'Engagement', 'Geography', 'Demography']) {
    await expect(card(page, name).getByRole('button', { name: `What ${name} means` })).toHaveCount(1);
  }
  const views = card(page, 'Views');
  await views.getByRole('button', { name: 'What Views means' }).click();
  const meaning = views.getByRole('note', { name: 'Views' });
  await expect(meaning).toBeVisible();
  await expect(meaning).toContainText('How many times the videos were watched.');
  await expect(meaning).toContainText(`Includes data up to ${shownDay(latest)}.`);
  await page.keyboard.press('Escape');
  await expect(meaning).toBeHidden();

  const subscribers = card(page, 'Subscribers');
  await subscribers.getByRole('button', { name: 'What Subscribers means' }).focus();
  await page.keyboard.press('Enter');
  await expect(subscribers.getByRole('note', { name: 'Subscribers' })).toContainText('Subscribers gained minus subscribers lost');
});

test('Engagement shows impressions and their CTR from the reach reports', async ({ page }) => {
  const { from, to } = await networkMonth(page);
  const engagement = await stat<{ impressions: number; impressions_ctr: number }>(page.request, 'engagement', {
    date_from: from,
    date_to: to,
  });
  expect(engagement.impressions).toBeGreaterThan(0);
  await page.goto(`/dashboard?period=custom&from=${from}&to=${to}`);
  const figures = card(page, 'Engagement');
  await expect(figures.locator('[data-figure="impressions"]')).toHaveText(count(engagement.impressions));
  await expect(figures.locator('[data-figure="impressions_ctr"]')).toHaveText(percent(engagement.impressions_ctr));
});
