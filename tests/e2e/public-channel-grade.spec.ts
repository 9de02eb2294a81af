// Channel page on the demo data: the grade worked out again here from the rankings API, an "as of" line on
// every block equal to the data's own latest day, the Monthly history table with every month, and the
// ranking pages' "Figures as of" line. Expected values come from the compatibility API, not the page.
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { ArchiveRow, ChannelInfo, DailyData, SimilarChannel } from '../../src/lib/api/public-channels';
import { count, monthName, unfinishedMonth } from './expected-text';
import { compat, demoChannel } from './public-api';

const PAGE_ROWS = 200;
/** The channel's position in the whole 'now' ranking by a metric, and the ranking's size, read page by page. */
async function standing(request: APIRequestContext, metric: string, id: string): Promise<{ position: number | null; total: number }> {
  let position: number | null = null;
  let total = 0;
  for (let page = 1; ; page++) {
    const rows = await compat<{ channel_id: string; num: number }[]>(request, '/stat/get_top_channels', {
      metric,
      limit: String(PAGE_ROWS),
      page: String(page),
    });
    total += rows.length;
    position = rows.find((r) => r.channel_id === id)?.num ?? position;
    if (rows.length < PAGE_ROWS) return { position, total };
  }
}

/** The grade by the documented method (docs/public-stats.md, "Channel grade"), written out here. */
function expectedGrade(parts: { position: number | null; total: number; weight: number }[]): { score: number; letter: string } {
  const percentile = ({ position, total }: { position: number | null; total: number }) =>
    position === null ? 0 : total === 1 ? 100 : Math.round(((total - position) / (total - 1)) * 10_000) / 100;
  const score = Math.round(parts.reduce((sum, p) => sum + p.weight * percentile(p), 0));
  const bands: [number, string][] = [
    [99, 'A++'],
    [97, 'A+'],
    [93, 'A'],
    [88, 'A−'],
    [80, 'B+'],
    [70, 'B'],
    [60, 'B−'],
    [50, 'C+'],
    [40, 'C'],
    [25, 'C−'],
  ];
  return { score, letter: bands.find(([from]) => score >= from)?.[1] ?? 'D' };
}

/** The as-of line of a block: its <time> carries the day or month it is from. */
const asOf = (block: Locator | Page): Locator => block.locator('p.as-of time');
const region = (page: Page, name: string): Locator => page.getByRole('region', { name, exact: true });

test('the grade is the documented method over the whole rankings, explained without script', async ({ page, request }) => {
  const id = await demoChannel(request);
  const [subscribers, views, subs] = await Promise.all(
    ['subscriber_count', 'monthly_views', 'monthly_subs'].map((metric) => standing(request, metric, id)),
  );
  const expected = expectedGrade([
    { ...subscribers!, weight: 0.35 },
    { ...views!, weight: 0.4 },
    { ...subs!, weight: 0.25 },
  ]);
  await page.goto(`/channel/${id}`);
  const grade = region(page, 'Grade (last 30 days)');
  await expect(grade.locator('[data-grade]')).toHaveText(expected.letter);
  await expect(grade.locator('[data-score]')).toHaveText(String(expected.score));
  await grade.getByText('How the grade is worked out').click();
  await expect(grade.getByRole('listitem').first()).toContainText(`#${count(subscribers!.position!)} of ${count(subscribers!.total)}`);
  await expect(grade).toContainText('35% of the subscribers percentile');
  // The channel's JSON carries the same grade.
  const info = await compat<ChannelInfo>(request, '/stat/channel_info', { channel_id: id, period: 'now' });
  expect(info.grade).toMatchObject(expected);
});

test('every block says which day its figures are from, the data’s latest day', async ({ page, request }) => {
  const id = await demoChannel(request);
  const [daily, similar, archive, global] = await Promise.all([
    compat<DailyData>(request, '/stat/get_daily_data', { channel_id: id, period: 'now' }),
    compat<SimilarChannel[]>(request, '/stat/similar_channels', { channel_id: id }),
    compat<ArchiveRow[]>(request, '/stat/archive', { channel_id: id }),
    compat<{ arch_date: string }>(request, '/stat/get_diff_report', { period: 'now' }),
  ]);
  // The channel's latest snapshot: the newest day of its daily figures.
  const latest = daily.rows[0]!.updated;
  await page.goto(`/channel/${id}`);
  await expect(asOf(page.getByRole('region', { name: 'Grade (last 30 days)' }))).toHaveAttribute('datetime', latest);
  await expect(page.locator('p.as-of', { hasText: 'Figures as of' }).first().locator('time')).toHaveAttribute('datetime', latest);
  await expect(asOf(region(page, 'Daily statistics'))).toHaveAttribute('datetime', latest);
  await expect(asOf(region(page, 'Projections'))).toHaveAttribute('datetime', latest);
  await expect(asOf(region(page, 'Similar channels'))).toHaveAttribute(
    'datetime',
    similar
      .map((c) => c.day)
      .sort()
      .at(-1)!,
  );
  const lastMonth = archive.at(-1)!.month_date.slice(0, 7);
  await expect(asOf(region(page, 'Monthly history'))).toHaveAttribute('datetime', lastMonth);
  const partial = unfinishedMonth(global.arch_date);
  await expect(region(page, 'Monthly history').locator('p.as-of')).toContainText(
    partial?.month === lastMonth
      ? `Latest figures for ${partial.label}, to `
      : `Latest figures for ${monthName(lastMonth)}, a complete month`,
  );

  // A complete month: the cards name it so.
  const month = archive.at(-2)!.month_date.slice(0, 7);
  await page.goto(`/channel/${id}?period=${month}`);
  await expect(page.locator('p.as-of', { hasText: 'Figures for' }).first()).toHaveText(`Figures for ${monthName(month)}, a complete month`);

  // The ranking pages and /global: one line, the newest snapshot day of every channel.
  for (const path of ['/channels', '/networks', '/global']) {
    await page.goto(path);
    await expect(asOf(page), path).toHaveCount(1);
    await expect(asOf(page), path).toHaveAttribute('datetime', global.arch_date);
  }
  await page.goto('/networks');
  await page.locator('table a[href^="/network/"]').first().click();
  await expect(asOf(page)).toHaveAttribute('datetime', global.arch_date);
});

test('the Monthly history table holds every month, newest first, the rest behind All N months', async ({ page, request }) => {
  const id = await demoChannel(request);
  const [archive, global] = await Promise.all([
    compat<ArchiveRow[]>(request, '/stat/archive', { channel_id: id }),
    compat<{ arch_date: string }>(request, '/stat/get_diff_report', { period: 'now' }),
  ]);
  expect(archive.length).toBeGreaterThan(12);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/channel/${id}`);
  const history = region(page, 'Monthly history');
  await expect(history).toContainText(`History from ${monthName(archive[0]!.month_date)}: ${archive.length} months`);
  const rows = history.locator('tbody tr');
  await expect(rows).toHaveCount(archive.length);
  await expect(rows.filter({ visible: true })).toHaveCount(12);
  const newest = archive.at(-1)!;
  const partial = unfinishedMonth(global.arch_date);
  const newestLabel = partial?.month === newest.month_date.slice(0, 7) ? partial.label : monthName(newest.month_date);
  await expect(rows.first().getByRole('rowheader')).toHaveText(newestLabel);
  await expect(rows.first().getByRole('cell')).toHaveText([
    count(newest.subscriber_count),
    count(newest.monthly_subs),
    count(newest.view_count),
    count(newest.monthly_views),
  ]);
  await history.getByText(`All ${archive.length} months (${archive.length - 12} more)`).click();
  await expect(rows.filter({ visible: true })).toHaveCount(archive.length);
  await expect(rows.last().getByRole('rowheader')).toHaveText(monthName(archive[0]!.month_date));
  // Nothing on the page is wider than the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
