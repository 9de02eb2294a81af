// Broadcasts: the cards in the first HTML are the API's answer, Show more / Hide past the first four,
// and the list refreshed (without a reload) when the page becomes visible again, never while hidden.
import { expect, test, type Page } from '@playwright/test';
import type { StreamCard, StreamsAnswer } from '../../src/lib/api/streams';
import { demoUser, signIn } from './helpers';

const MINUTE_MS = 60_000;

async function answer(page: Page): Promise<StreamsAnswer> {
  const response = await page.request.get('/api/streams');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: StreamsAnswer }).data;
}

/** What a card shows of each field, read from the HTML the server sent. */
function cardsOfHtml(html: string): { name: string; channel: string; watching: string; started: string; duration: string }[] {
  return [...html.matchAll(/<li class="stream-card card"[\s\S]*?<\/li>/g)].map(([li]) => {
    const dd = [...li.matchAll(/<dd>([\s\S]*?)<\/dd>/g)].map(([, v]) => (v ?? '').replace(/<[^>]+>|<!--[\s\S]*?-->/g, ''));
    const name = /<a [^>]*>([\s\S]*?)<\/a>/.exec(li)?.[1] ?? '';
    const started = /<time dateTime="([^"]+)"|<time datetime="([^"]+)"/i.exec(li);
    return { name, channel: dd[0] ?? '', watching: dd[1] ?? '', started: started?.[1] ?? started?.[2] ?? '', duration: dd[3] ?? '' };
  });
}

const unescape = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

test('the cards of the first HTML are the answer of /api/streams', async ({ page }) => {
  const network = demoUser('network');
  await signIn(page, network.email, network.password);
  const before = await answer(page);
  const html = await (await page.request.get('/streams')).text();
  const after = await answer(page);
  // The demo seed puts streams on air "now": the page is not empty on a fresh start.
  expect(before.broadcasts.length).toBeGreaterThan(0);
  expect(html).toContain(`Online: <strong>${before.online}</strong>`);
  const cards = cardsOfHtml(html);
  expect(cards).toHaveLength(Math.min(4, before.broadcasts.length));
  cards.forEach((card, i) => {
    const [b, a] = [before.broadcasts[i], after.broadcasts[i]];
    if (!b || !a) throw new Error('answers differ in length');
    expect({ ...card, name: unescape(card.name), channel: unescape(card.channel) }).toMatchObject({
      name: b.name,
      channel: b.channel,
      watching: b.watching.toLocaleString('en-US'),
      started: b.started,
    });
    // A minute may turn between the three requests: the page's minutes lie between the two answers'.
    const minutes = Number(card.duration.replace(/\D/g, ''));
    expect(minutes).toBeGreaterThanOrEqual(b.duration);
    expect(minutes).toBeLessThanOrEqual(a.duration);
  });
});

/** Six made-up cards for the refreshed list: more than the four shown first. */
function sixCards(): StreamsAnswer {
  const broadcasts: StreamCard[] = Array.from({ length: 6 }, (_, i) => ({
    video_id: `refreshed0${i}`,
    preview: '',
    name: `Refreshed stream ${i + 1}`,
    channel: 'Refreshed channel',
    channel_id: 'UCrefreshedrefreshedrefr',
    watching: 1000 + i,
    started: '2026-03-03T21:14:09Z',
    duration: 10 * (i + 1),
  }));
  return { online: 6, broadcasts };
}

async function setVisibility(page: Page, state: 'hidden' | 'visible'): Promise<void> {
  await page.evaluate((s) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => s });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => s === 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
}

test('the list refreshes each minute while visible, not while hidden, at once when visible again; Show more and Hide', async ({ page }) => {
  const network = demoUser('network');
  await signIn(page, network.email, network.password);
  await page.clock.install();
  let asked = 0;
  await page.route('**/api/streams', async (route) => {
    asked += 1;
    await route.fulfill({ json: { data: sixCards() } });
  });
  await page.goto('/streams');
  const list = page.getByRole('region', { name: 'Live broadcasts' });
  await expect(list).toHaveAttribute('data-hydrated', 'true');
  await page.evaluate(() => Object.assign(window, { samePage: true }));

  await setVisibility(page, 'hidden');
  await page.clock.runFor(3 * MINUTE_MS);
  expect(asked).toBe(0);

  await setVisibility(page, 'visible');
  await expect(list.getByRole('listitem')).toHaveCount(4);
  expect(asked).toBe(1);
  await expect(page.getByTestId('streams-online')).toHaveText('Online: 6');
  await expect(list.getByRole('listitem').first()).toContainText('Refreshed stream 1');
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);

  await page.clock.runFor(MINUTE_MS);
  await expect.poll(() => asked).toBe(2);

  await list.getByRole('button', { name: 'Show more' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(6);
  await expect(list.getByRole('button', { name: 'Hide' })).toHaveAttribute('aria-expanded', 'true');
  await list.getByRole('button', { name: 'Hide' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(4);
  await expect(list.getByRole('button', { name: 'Show more' })).toBeVisible();
});

test("the demo's own streams on air fill more than the first four cards, and Show more opens the rest", async ({ page }) => {
  const network = demoUser('network');
  await signIn(page, network.email, network.password);
  const live = await answer(page);
  expect(live.broadcasts.length).toBeGreaterThan(4);
  await page.goto('/streams');
  const list = page.getByRole('region', { name: 'Live broadcasts' });
  await expect(list).toHaveAttribute('data-hydrated', 'true');
  await expect(list.getByRole('listitem')).toHaveCount(4);
  await list.getByRole('button', { name: 'Show more' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(live.broadcasts.length);
  await expect(list.getByRole('listitem').last()).toContainText((live.broadcasts.at(-1) as StreamCard).name);
});
