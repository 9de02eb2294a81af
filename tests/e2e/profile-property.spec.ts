// The profile's PROPERTY block: the Videos and Channels tabs, paging and page size, the period changing
// the list, the state kept in the URL across a reload, and undated videos highlighted. Expected figures
// come from the API for periods the test works out itself from the latest data day.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { ChannelOption } from '../../src/lib/api/stats';
import type { ProfileVideo, ProfileVideosAnswer } from '../../src/lib/api/property';
import { demoUser, signIn } from './helpers';

const DAY_MS = 86_400_000;

/** day minus n days, as YYYY-MM-DD. */
function daysBefore(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - n * DAY_MS).toISOString().slice(0, 10);
}

async function latestDay(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/stat/dates', { data: {} });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { max_date: string } }).data.max_date;
}

async function videos(request: APIRequestContext, body: Record<string, unknown>): Promise<ProfileVideosAnswer> {
  const res = await request.post('/api/profile/videos', { data: body });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: ProfileVideosAnswer }).data;
}

const flat = (answer: ProfileVideosAnswer): ProfileVideo[] => answer.titles.flatMap((t) => t.videos);
const rows = (page: Page) => page.getByRole('region', { name: 'Videos' }).locator('tbody tr');
const total = (page: Page) => page.getByTestId('property-total');

test('videos: the period, the page size and the page change the list and stay in the URL', async ({ page }) => {
  const partner = demoUser('partner');
  await signIn(page, partner.email, partner.password);
  const maxDate = await latestDay(page.request);
  const week = await videos(page.request, { date_from: daysBefore(maxDate, 6), date_to: maxDate });

  await page.goto('/profile');
  await expect(page.getByRole('tab', { name: 'Videos' })).toHaveAttribute('aria-selected', 'true');
  await expect(total(page)).toHaveText(String(week.total));
  await expect(rows(page)).toHaveCount(Math.min(week.total, 50));
  await expect(page.locator('tr.property-undated')).toHaveCount(flat(week).filter((v) => v.video_published === null).length);

  // Lifetime: every video, more than a page of 15.
  const life = await videos(page.request, { per_page: 15 });
  expect(life.total).toBeGreaterThan(30);
  await expect(page.getByRole('tab', { name: 'Channels' })).toBeEnabled();
  await page.getByLabel('Period').selectOption('life');
  await expect(total(page)).toHaveText(String(life.total));
  await page.getByLabel('Rows per page').selectOption('15');
  await expect(rows(page)).toHaveCount(15);
  await expect(page).toHaveURL(/[?&]period=life&page=1&per_page=15$/);
  const undated = flat(life).filter((v) => v.video_published === null).length;
  await expect(page.locator('tr.property-undated')).toHaveCount(undated);

  const second = flat(await videos(page.request, { per_page: 15, page: 2 }));
  await page.getByRole('button', { name: 'Page 2', exact: true }).click();
  await expect(page).toHaveURL(/[?&]page=2&per_page=15$/);
  await expect(rows(page).first()).toContainText(second[0]!.video_title);

  await page.reload();
  await expect(page.getByLabel('Rows per page')).toHaveValue('15');
  await expect(page.getByLabel('Period')).toHaveValue('life');
  await expect(page.getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(rows(page)).toHaveCount(Math.min(15, life.total - 15));
  await expect(rows(page).first()).toContainText(second[0]!.video_title);

  // Last 28 days, back on the first page.
  const month = await videos(page.request, { date_from: daysBefore(maxDate, 27), date_to: maxDate, per_page: 15 });
  await expect(page.getByRole('tab', { name: 'Channels' })).toBeEnabled();
  await page.getByLabel('Period').selectOption('27');
  await expect(total(page)).toHaveText(String(month.total));
  await expect(page).toHaveURL(/[?&]period=27&page=1&per_page=15$/);
  await expect(rows(page)).toHaveCount(Math.min(month.total, 15));
});

test('rows without a publish date are highlighted and say so', async ({ page }) => {
  const partner = demoUser('partner');
  await signIn(page, partner.email, partner.password);
  const life = await videos(page.request, { per_page: 100 });
  const undated = flat(life).filter((v) => v.video_published === null);
  expect(undated.length).toBeGreaterThan(0);
  await page.goto('/profile?tab=videos&period=life&page=1&per_page=100');
  const highlighted = page.locator('tr.property-undated');
  await expect(highlighted).toHaveCount(undated.length);
  await expect(highlighted.first()).toContainText(undated[0]!.video_title);
  await expect(highlighted.first()).toContainText('Not published yet');
  const background = (row: string) =>
    page
      .locator(row)
      .first()
      .locator('td')
      .first()
      .evaluate((td) => getComputedStyle(td).backgroundColor);
  expect(await background('tr.property-undated')).not.toBe(await background('tbody tr:not(.property-undated)'));
});

test('channels: the tab lists the channels and stays selected after a reload', async ({ page }) => {
  const partner = demoUser('partner');
  await signIn(page, partner.email, partner.password);
  const res = await page.request.get('/api/profile/channels');
  const channels = ((await res.json()) as { data: ChannelOption[] }).data;
  await page.goto('/profile');
  await expect(page.getByRole('tab', { name: 'Channels' })).toBeEnabled();
  await page.getByRole('tab', { name: 'Channels' }).click();
  await expect(page).toHaveURL(/[?&]tab=channels/);
  const table = page.getByRole('region', { name: 'Channels' });
  await expect(table.locator('tbody tr')).toHaveCount(channels.length);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Channels' })).toHaveAttribute('aria-selected', 'true');
  const linked = channels.find((c) => !c.is_inhouse && !c.is_ugc)!;
  // The partner may open public channel pages, so a network channel's name links to its page.
  await expect(table.getByRole('link', { name: linked.channel_title, exact: true })).toHaveAttribute(
    'href',
    `/channel/${linked.channel_id}`,
  );
  const inhouse = channels.find((c) => c.is_inhouse);
  if (inhouse) await expect(table.getByRole('link', { name: inhouse.channel_title, exact: true })).toHaveCount(0);
});
