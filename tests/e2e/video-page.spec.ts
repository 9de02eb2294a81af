// The video page: reached from Profile → Property and from a title's row in the details table, its figures
// as GET /api/video/{id} gives them (written here: expected-text.ts), its breakdowns, and a 404 for a video
// outside the user's channels.
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { ProfileVideosAnswer } from '../../src/lib/api/property';
import type { VideoAnswer } from '../../src/lib/api/video';
import { axeViolations, seriousIds } from './axe';
import { count, dollars, percent } from './expected-text';
import { signInByApi } from './helpers';

/** The first 25 videos of Property's list, newest first; published between the dates when given. */
async function propertyVideos(
  request: APIRequestContext,
  published?: { date_from: string; date_to: string },
): Promise<ProfileVideosAnswer> {
  const res = await request.post('/api/profile/videos', { data: { page: 1, per_page: 25, ...published } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: ProfileVideosAnswer }).data;
}

async function videoAnswer(request: APIRequestContext, id: string, query = ''): Promise<VideoAnswer> {
  const res = await request.get(`/api/video/${id}${query}`);
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: VideoAnswer }).data;
}

/** Dollars with cents from micro-dollars, half away from zero from the integers. */
const fromMicros = (micros: number) => dollars((Math.sign(micros) * Math.floor((Math.abs(micros) + 5_000) / 10_000)) / 100);

for (const role of ['network', 'partner'] as const) {
  test(`${role}: a video of Property opens its page with the figures of the call`, async ({ page }) => {
    await signInByApi(page.request, role);
    // Videos published two to three months before the latest day: they have had time to gather views (the
    // newest may be published after the latest day with figures).
    const dates = (await (await page.request.post('/api/stat/dates', { data: {} })).json()) as { data: { max_date: string } };
    const latest = new Date(`${dates.data.max_date}T00:00:00Z`);
    const day = (monthsBack: number) =>
      new Date(Date.UTC(latest.getUTCFullYear(), latest.getUTCMonth() - monthsBack, 1)).toISOString().slice(0, 10);
    const published = { date_from: day(3), date_to: day(2) };
    const list = await propertyVideos(page.request, published);
    const videos = list.titles.flatMap((t) => t.videos);
    expect(videos.length).toBeGreaterThan(0);
    // The first video of the list with views in its lifetime (the newest may have been published after the
    // latest day with figures).
    let chosen: VideoAnswer | null = null;
    for (const v of videos) {
      const answer = await videoAnswer(page.request, v.video_id, '?period=life');
      if (answer.figures.views > 0) {
        chosen = answer;
        break;
      }
    }
    expect(chosen, 'a video with views on the first page').not.toBeNull();
    if (!chosen) return;
    const id = chosen.video.video_id;
    await page.goto(`/profile?tab=videos&period=custom&from=${published.date_from}&to=${published.date_to}&per_page=25`);
    await page.getByRole('link', { name: chosen.video.video_title, exact: true }).first().click();
    await expect(page).toHaveURL(`/video/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(chosen.video.video_title);

    await page.goto(`/video/${id}?period=life`);
    const figure = (key: string) => page.locator(`[data-figure="${key}"] .video-figure-value`);
    await expect(figure('views')).toHaveText(count(chosen.figures.views));
    await expect(figure('engaged_views')).toHaveText(count(chosen.figures.engaged_views));
    await expect(figure('earnings')).toHaveText(fromMicros(chosen.figures.earnings_micros));
    await expect(figure('subscribers_gained')).toHaveText(count(chosen.figures.subscribers_gained));
    const countries = page.getByRole('table', { name: 'Top countries' }).locator('tbody tr');
    await expect(countries).toHaveCount(chosen.countries.length + (chosen.other_countries_views > 0 ? 1 : 0));
    const top = chosen.countries[0];
    if (top) {
      await expect(countries.first().locator('th')).toHaveText(top.country_name);
      await expect(countries.first().locator('td').nth(1)).toHaveText(percent(top.share));
    }
    const sources = page.getByRole('table', { name: 'Traffic sources' }).locator('tbody tr');
    await expect(sources).toHaveCount(chosen.traffic.length);
    expect(seriousIds(await axeViolations(page))).toEqual([]);
  });
}

test('the default period is the last 28 days to the latest day, with changes against the 28 before', async ({ page }) => {
  await signInByApi(page.request, 'network');
  const [first] = (await propertyVideos(page.request)).titles.flatMap((t) => t.videos);
  expect(first).toBeDefined();
  if (!first) return;
  const answer = await videoAnswer(page.request, first.video_id);
  expect(answer.period.value).toBe('27');
  expect(answer.range?.to).toBe(answer.latest_day);
  expect(answer.series).toHaveLength(28);
  await page.goto(`/video/${first.video_id}`);
  await expect(page.locator('select[name="period"]')).toHaveValue('27');
  await expect(page.locator('[data-figure="views"] .video-figure-value')).toHaveText(count(answer.figures.views));
  // The period form: a preset in the address, kept by a reload.
  await page.locator('select[name="period"]').selectOption('89');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/period=89/);
  const months = await videoAnswer(page.request, first.video_id, '?period=89');
  await expect(page.locator('[data-figure="views"] .video-figure-value')).toHaveText(count(months.figures.views));
});

test("a title's row in the details table lists that title's videos, each opening its page", async ({ page }) => {
  await signInByApi(page.request, 'network');
  await page.goto('/details/views?group_by=titles');
  const link = page.locator('table.details-table tbody th a').first();
  await expect(link).toHaveAttribute('href', /^\/profile\?tab=videos&period=life&title=\d+$/);
  const title = (await link.textContent()) ?? '';
  await link.click();
  await expect(page.getByText(`Videos of one title: ${title}`)).toBeVisible();
  await page.locator('.property-table tbody a[href^="/video/"]').first().click();
  await expect(page).toHaveURL(/\/video\/[A-Za-z0-9_-]{11}$/);
  await expect(page.locator('.video-head')).toContainText(title);
});

test('a video outside the user channels is not found, for the page and the call alike', async ({ page }) => {
  await signInByApi(page.request, 'network');
  const networkVideos = (await propertyVideos(page.request)).titles.flatMap((t) => t.videos);
  // The in-house user sees only the in-house channel: a network video of another channel is outside it.
  await signInByApi(page.request, 'inhouse');
  const channels = (await (await page.request.get('/api/profile/channels')).json()) as { data: Array<{ channel_id: string }> };
  const own = new Set(channels.data.map((c) => c.channel_id));
  const outside = networkVideos.find((v) => !own.has(v.channel_id))?.video_id;
  expect(outside, 'a network video the in-house user does not see').toBeDefined();
  for (const id of [outside ?? '', 'zzzzzzzzzzz']) {
    const response = await page.goto(`/video/${id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Video not found' })).toBeVisible();
    expect((await page.request.get(`/api/video/${id}`)).status()).toBe(404);
  }
});
