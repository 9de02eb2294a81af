// YouTube search terms of traffic source reports: a channel-day's top terms and the '' row of the rest,
// adding up to its YouTube search views in channel_traffic_daily; a re-issued day replaced whole.
import { env } from 'cloudflare:test';
import { expect, it } from 'vitest';
import { refreshPendingRollups } from '../../../src/server/ingest/rollup/index';
import { all, createNetwork, HOUR, load, NOW } from './support';

const CHANNEL = 'UCsearchTermsChannel0001';
const HEADER =
  'date,channel_id,video_id,live_or_on_demand,subscribed_status,country_code,traffic_source_type,traffic_source_detail,views,engaged_views,watch_time_minutes,average_view_duration_seconds,average_view_duration_percentage,red_views,red_watch_time_minutes';
const FILE = 'channel_traffic_source_a3_20261101.csv';
/** The table's bound per channel-day (search-terms.ts), restated: the fixture has more terms than this. */
const KEPT = 50;

interface ReportRow {
  date: string;
  country: string;
  source: number;
  detail: string;
  views: number;
  minutes: number;
}

const csvField = (text: string) => (/[",]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
const text = (rows: readonly ReportRow[]) =>
  [
    HEADER,
    ...rows.map(
      (r) =>
        `${r.date},${CHANNEL},vidSearch01,on_demand,not_subscribed,${r.country},${r.source},${csvField(r.detail)},${r.views},${r.views},${r.minutes},60,30.0,0,0`,
    ),
  ].join('\n');

/**
 * Day one: 64 named terms with distinct views (so the top list is unambiguous), one of them split over
 * two countries and one written with spaces around it, searches without a term, an overlong term, and
 * rows of other sources. Day two: three terms.
 */
function reportRows(): ReportRow[] {
  const rows: ReportRow[] = [];
  for (let i = 0; i < 64; i++)
    rows.push({ date: '20261101', country: 'US', source: 5, detail: `term ${i}`, views: 1000 - i * 7, minutes: 10.3 + i });
  rows.push({ date: '20261101', country: 'DE', source: 5, detail: 'term 3', views: 2, minutes: 0.4 });
  rows.push({ date: '20261101', country: 'GB', source: 5, detail: '  term 60 ', views: 500, minutes: 22.25 });
  rows.push({ date: '20261101', country: 'US', source: 5, detail: '', views: 77, minutes: 33.3 });
  rows.push({ date: '20261101', country: 'US', source: 5, detail: 'x'.repeat(201), views: 9, minutes: 1.6 });
  rows.push({ date: '20261101', country: 'US', source: 3, detail: '', views: 400, minutes: 800.5 });
  rows.push({ date: '20261101', country: 'US', source: 9, detail: 'www.google.com', views: 20, minutes: 4.4 });
  rows.push({ date: '20261102', country: 'US', source: 5, detail: 'cats, funny', views: 30, minutes: 12.5 });
  rows.push({ date: '20261102', country: 'US', source: 5, detail: 'dogs', views: 25, minutes: 8.5 });
  rows.push({ date: '20261102', country: 'FR', source: 5, detail: 'chats', views: 5, minutes: 1.2 });
  return rows;
}

type TermRow = { day: string; term: string; views: number; watch_time_minutes: number };

/** The report's YouTube search views per day and stored term (trimmed; '' for none or past 200 characters). */
function viewsByTerm(rows: readonly ReportRow[]): Map<string, Map<string, number>> {
  const days = new Map<string, Map<string, number>>();
  for (const r of rows.filter((row) => row.source === 5)) {
    const day = `${r.date.slice(0, 4)}-${r.date.slice(4, 6)}-${r.date.slice(6)}`;
    const term = r.detail.trim().length > 200 ? '' : r.detail.trim();
    const terms = days.get(day) ?? new Map<string, number>();
    terms.set(term, (terms.get(term) ?? 0) + r.views);
    days.set(day, terms);
  }
  return days;
}

/** Each day's KEPT named terms with the most views, and '' holding the rest. */
function expectedViews(rows: readonly ReportRow[]): Array<{ day: string; term: string; views: number }> {
  return [...viewsByTerm(rows)].flatMap(([day, terms]) => {
    const named = [...terms].filter(([term]) => term !== '').sort((a, b) => b[1] - a[1]);
    const kept = named.slice(0, KEPT);
    const rest = (terms.get('') ?? 0) + named.slice(KEPT).reduce((sum, [, views]) => sum + views, 0);
    // A day whose searches all have a kept term has no '' row.
    return [...kept, ['', rest] as const].map(([term, views]) => ({ day, term, views })).filter((r) => r.views > 0);
  });
}

const stored = () =>
  all<TermRow>(
    `SELECT s.day, s.term, s.views, s.watch_time_minutes FROM channel_search_term_daily s
     JOIN channels c ON c.id = s.channel_id WHERE c.youtube_id = ? ORDER BY s.day, s.term`,
    CHANNEL,
  );
const searchDays = () =>
  all<{ day: string; views: number; watch_time_minutes: number }>(
    `SELECT d.day, d.views, d.watch_time_minutes FROM channel_traffic_daily d JOIN channels c ON c.id = d.channel_id
     WHERE c.youtube_id = ? AND d.source_type = 5 ORDER BY d.day`,
    CHANNEL,
  );

const byKey = (rows: ReadonlyArray<{ day: string; term: string; views: number }>) =>
  [...rows]
    .map((r) => ({ day: r.day, term: r.term, views: r.views }))
    .sort((a, b) => a.day.localeCompare(b.day) || (a.term < b.term ? -1 : 1));

it('keeps a channel-day top terms and folds the rest into one row that adds up to its search views', async () => {
  await createNetwork();
  const rows = reportRows();
  const { files } = await load([[FILE, text(rows), NOW - 48 * HOUR]]);
  expect(files[0]).toMatchObject({ status: 'loaded' });
  const terms = await stored();
  expect(byKey(terms)).toEqual(byKey(expectedViews(rows)));
  // 64 named terms on day one: 50 kept and 1 row for the rest; its padded 'term 60' joined the plain one.
  expect(terms.filter((t) => t.day === '2026-11-01')).toHaveLength(KEPT + 1);
  expect(terms.find((t) => t.term === 'term 63')).toBeUndefined();
  expect(terms.find((t) => t.term === 'term 60')?.views).toBe(1000 - 60 * 7 + 500);
  // Views and watch time per day equal the channel's YouTube search row (watch time rounded once from the same rows).
  const totals = new Map<string, { views: number; watch_time_minutes: number }>();
  for (const t of terms) {
    const sum = totals.get(t.day) ?? { views: 0, watch_time_minutes: 0 };
    totals.set(t.day, { views: sum.views + t.views, watch_time_minutes: sum.watch_time_minutes + t.watch_time_minutes });
  }
  expect([...totals].map(([day, sum]) => ({ day, ...sum }))).toEqual(await searchDays());
  const reportViews = rows.filter((r) => r.source === 5).reduce((sum, r) => sum + r.views, 0);
  expect(terms.reduce((sum, t) => sum + t.views, 0)).toBe(reportViews);

  // The month: the sums of its days per term, the '' row the sum of the days' rests.
  await refreshPendingRollups(env.DB);
  const months = await all<{ term: string; views: number }>(`SELECT term, views FROM channel_search_term_monthly ORDER BY term`);
  const perTerm = new Map<string, number>();
  for (const t of terms) perTerm.set(t.term, (perTerm.get(t.term) ?? 0) + t.views);
  expect(months).toEqual([...perTerm].sort(([a], [b]) => (a < b ? -1 : 1)).map(([term, views]) => ({ term, views })));
});

it('a re-issued day replaces its terms whole, the other day stays', async () => {
  await createNetwork();
  const rows = reportRows();
  await load([[FILE, text(rows), NOW - 48 * HOUR]]);
  const reissue: ReportRow[] = [
    { date: '20261101', country: 'US', source: 5, detail: 'new term', views: 41, minutes: 10.5 },
    { date: '20261101', country: 'US', source: 5, detail: '', views: 3, minutes: 1 },
    { date: '20261101', country: 'US', source: 3, detail: '', views: 100, minutes: 20 },
  ];
  const { files } = await load([[`backfill/${FILE}`, text(reissue), NOW - 24 * HOUR]]);
  expect(files[0]).toMatchObject({ status: 'replaced' });
  const dayTwo = expectedViews(rows).filter((r) => r.day === '2026-11-02');
  expect(byKey(await stored())).toEqual(
    byKey([{ day: '2026-11-01', term: '', views: 3 }, { day: '2026-11-01', term: 'new term', views: 41 }, ...dayTwo]),
  );
});
