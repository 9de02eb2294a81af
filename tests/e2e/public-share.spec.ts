// Sharing the public stats, signed out: a channel page's link-preview tags and canonical URL, the
// embeddable card inside another site's frame (and a page that is not an embed refused there), and
// robots.txt and the sitemap open without signing in.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { ChannelInfo, DailyData } from '../../src/lib/api/public-channels';
import { publicPages, readPublicIds } from './a11y-pages';
import { change, count } from './expected-text';
import { axeViolations, seriousIds } from './axe';

async function channelInfo(request: APIRequestContext): Promise<ChannelInfo> {
  const top = await request.get(`/api/analytics?${new URLSearchParams({ path: '/youtube/api/stat/get_top_channels', limit: '1' })}`);
  const id = ((await top.json()) as { data: { body: { channel_id: string }[] } }).data.body[0]!.channel_id;
  const info = await request.get(
    `/api/analytics?${new URLSearchParams({ path: '/youtube/api/stat/channel_info', channel_id: id, period: 'now' })}`,
  );
  return ((await info.json()) as { data: { body: ChannelInfo } }).data.body;
}

/** Someone else's site: an empty page on a loopback address of its own, closed when the test ends. */
async function partnerSite(): Promise<{ url: string; close: () => void }> {
  const server = createServer((_request, response) => {
    response.setHeader('Content-Type', 'text/html');
    response.end('<!doctype html><title>A partner</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() };
}

const metaContent = (page: Page, key: string) => page.locator(`meta[property="${key}"], meta[name="${key}"]`).getAttribute('content');

test("a channel page carries its preview tags, and its card shows the same figures in any site's frame", async ({
  page,
  request,
  baseURL,
}) => {
  const info = await channelInfo(request);
  const now = info.info_now!;
  await page.goto(`/channel/${info.channel_id}?utm_source=mail&period=now`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(info.channel_title);

  expect(await metaContent(page, 'og:title')).toBe(info.channel_title);
  const description = await metaContent(page, 'og:description');
  expect(description).toContain(`${count(now.subscriber_count)} subscribers`);
  expect(description).toContain(`${count(now.monthly_views)} monthly views`);
  expect(await metaContent(page, 'description')).toBe(description);
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  // The canonical form: absolute, the channel's own path, no tracking key and no default period.
  expect(new URL(canonical!).pathname).toBe(`/channel/${info.channel_id}`);
  expect(new URL(canonical!).search).toBe('');
  expect(await metaContent(page, 'og:url')).toBe(canonical);
  // A preview image must be an http(s) address: the demo's drawn thumbnails (data: URLs) are left out.
  const image = page.locator('meta[property="og:image"]');
  if (/^https?:\/\//.test(info.thumbnail_url)) expect(await image.getAttribute('content')).toBe(info.thumbnail_url);
  else await expect(image).toHaveCount(0);

  // The Embed disclosure gives the snippet to copy.
  await page.getByText('Embed', { exact: true }).click();
  const snippet = await page.getByRole('textbox', { name: 'Embed code' }).inputValue();
  expect(snippet).toContain(`/embed/channel/${info.channel_id}"`);

  const embedUrl = `${baseURL}/embed/channel/${info.channel_id}`;
  const pageUrl = `${baseURL}/channel/${info.channel_id}`;
  const [embed, full] = await Promise.all([request.get(embedUrl), request.get(pageUrl)]);
  expect(embed.headers()['content-security-policy']).toContain('frame-ancestors *');
  expect(embed.headers()['x-frame-options']).toBeUndefined();
  expect(full.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(full.headers()['x-frame-options']).toBe('DENY');

  // Another site's page framing both: the card loads, the channel page is refused. The site is a real
  // server at another origin: content written into the channel page would live under that page's policy
  // (frame-src); about:blank has an opaque origin, which no frame-ancestors source matches (`*` included);
  // and a page Playwright makes up counts as public, which Chromium's local network checks keep from
  // framing localhost at all.
  const partner = await partnerSite();
  try {
    await framedByPartner(page, partner.url, info);
  } finally {
    partner.close();
  }
});

/** The partner's page frames the card and the channel page; the card shows the figures, the page is refused. */
async function framedByPartner(page: Page, partnerUrl: string, info: ChannelInfo): Promise<void> {
  const now = info.info_now!;
  const embedUrl = new URL(`/embed/channel/${info.channel_id}`, page.url()).href;
  const pageUrl = new URL(`/channel/${info.channel_id}`, page.url()).href;
  const site = await page.context().newPage();
  await site.goto(partnerUrl);
  await site.setContent(`<h1>A partner's site</h1><iframe id="card" title="Channel card" src="${embedUrl}" width="360" height="220"></iframe>
    <iframe id="page" title="Channel page" src="${pageUrl}"></iframe>`);
  const card = site.frameLocator('#card');
  await expect(card.getByRole('heading', { level: 1 })).toHaveText(info.channel_title);
  await expect(card.getByTestId('embed-subscribers')).toHaveText(count(now.subscriber_count));
  await expect(card.getByTestId('embed-views')).toHaveText(count(now.view_count));
  await expect(card.getByTestId('embed-monthly-views')).toHaveText(count(now.monthly_views));
  const monthly = info.changes.monthly_views;
  await expect(card.getByTestId('embed-change')).toHaveText(
    monthly === null ? 'No change to show' : `Monthly views ${change(monthly)} vs previous 30 days`,
  );
  // As of the channel's latest snapshot: the newest row of its daily table.
  const daily = await page.request.get(
    `/api/analytics?${new URLSearchParams({ path: '/youtube/api/stat/get_daily_data', channel_id: info.channel_id, period: 'now' })}`,
  );
  const latest = ((await daily.json()) as { data: { body: DailyData } }).data.body.rows[0]!.updated;
  const [year, month, day] = latest.split('-');
  const monthName = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(month) - 1];
  await expect(card.getByTestId('embed-as-of')).toHaveText(`As of ${Number(day)} ${monthName} ${year}`);
  const back = card.getByRole('link', { name: /Full statistics on Viewdeck/ });
  await expect(back).toHaveAttribute('target', '_blank');
  expect(new URL((await back.getAttribute('href'))!).pathname).toBe(`/channel/${info.channel_id}`);
  // A refused frame is left on the browser's error page: the channel page never renders in it.
  await expect.poll(() => site.frames().map((f) => f.url())).toContain('chrome-error://chromewebdata/');
  await expect(site.frameLocator('#page').getByRole('heading', { name: info.channel_title })).toHaveCount(0);
}

test('the embed has no serious accessibility violation; an unknown channel is a 404 card', async ({ page, request }) => {
  const info = await channelInfo(request);
  for (const [path, status, heading] of [
    [`/embed/channel/${info.channel_id}`, 200, info.channel_title],
    ['/embed/channel/UC0000000000000000000000', 404, 'Channel not found'],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(status);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    expect(seriousIds(await axeViolations(page)), path).toEqual([]);
  }
});

test('the card is kept at the edge like the public pages', async ({ request }) => {
  const info = await channelInfo(request);
  // A query key of its own: a first visit renders it, whatever earlier runs asked for.
  const path = `/embed/channel/${info.channel_id}?visit=${randomUUID()}`;
  const first = await request.get(path);
  const second = await request.get(path);
  expect(first.headers()['x-cache']).toBe('MISS');
  expect(second.headers()['x-cache']).toBe('HIT');
  expect(second.headers()['cache-control']).toContain('public');
  expect(await second.text()).toBe(await first.text());
});

test('robots.txt and the sitemap are open without signing in', async ({ request }) => {
  const robots = await request.get('/robots.txt', { maxRedirects: 0 });
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toMatch(/^Sitemap: http.+\/sitemap\.xml$/m);
  const index = await request.get('/sitemap.xml', { maxRedirects: 0 });
  expect(index.status()).toBe(200);
  const first = /<loc>([^<]*\/sitemap\/channels-1\.xml)<\/loc>/.exec(await index.text());
  expect(first).not.toBeNull();
  const part = await request.get(new URL(first![1]!).pathname, { maxRedirects: 0 });
  expect(part.status()).toBe(200);
  expect(await part.text()).toContain('/channel/UC');
  const bad = await request.get('/sitemap/channels-0.xml', { maxRedirects: 0 });
  expect(bad.status()).toBe(404);
});

test('every public page has a description, its canonical URL and preview tags', async ({ page, request }) => {
  const ids = await readPublicIds(request);
  const expected: Record<string, string> = {
    '/channels?country=XX&metric=monthly_views': '/channels?metric=monthly_views',
    '/find?view=table': '/find',
    '/find?form_subscriber_count_min=5000&form_subscriber_count_max=100&form_avg_views_min=abc': '/find',
  };
  // The embed's canonical URL is the channel page it summarises.
  expected[`/embed/channel/${ids.channel}`] = `/channel/${ids.channel}`;
  for (const target of publicPages(ids)) {
    await page.goto(target.path);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    const url = new URL(canonical!);
    const own = expected[target.path] ?? target.path;
    expect(`${url.pathname}${url.search}`, target.path).toBe(own);
    for (const key of ['description', 'og:title', 'og:description', 'og:url', 'twitter:card', 'twitter:title']) {
      expect((await metaContent(page, key))?.length ?? 0, `${target.path} ${key}`).toBeGreaterThan(0);
    }
  }
});
