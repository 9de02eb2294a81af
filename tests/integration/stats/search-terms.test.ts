// POST /api/stat/search-terms: the session's top YouTube search terms, their share of its search views and
// "other terms", adding up to the traffic call's YouTube search views; the details page's table and downloads.
import Papa from 'papaparse';
import { beforeEach, describe, expect, it } from 'vitest';
import { call } from '../http';
import { insertPartnerRows, refreshPartnerRollups } from '../partner-facts';
import { daysBetween, type Row } from '../rollup/factory';
import { buildWorld, sum, within, type World } from './world';

let w: World;
let terms: Row[];

// Whole February (monthly rollup) plus edge days on either side (daily rows).
const RANGE = { date_from: '2026-01-20', date_to: '2026-03-05' };
/** More distinct terms than the answer lists (50), so the period's list is cut. */
const VOCABULARY = Array.from({ length: 70 }, (_, i) => `term ${String(i).padStart(2, '0')}`);
const TOP = 50;
const SEARCH = 5;

beforeEach(async () => {
  w = await buildWorld();
  terms = [];
  const search: Row[] = [];
  let seed = 1;
  for (const ch of [w.ch1, w.ch2, w.inhouse, w.ugc, w.chB]) {
    for (const day of daysBetween('2025-12-01', '2026-03-10')) {
      // A channel-day's terms as the importer keeps them: a few named ones and the '' row of the rest.
      const named = [0, 1, 2, 3, 4, 5].map((k) => VOCABULARY[(seed * 13 + k * k * 7 + k) % VOCABULARY.length] ?? '');
      const dayRows = [...new Set(named), ''].map((term) => {
        seed++;
        const views = 1 + ((seed * 7919) % 997);
        return { channel_id: ch.id, day, term, views, watch_time_minutes: views * 3 + (seed % 11) };
      });
      terms.push(...dayRows);
      search.push({
        channel_id: ch.id,
        day,
        source_type: SEARCH,
        views: dayRows.reduce((s, r) => s + r.views, 0),
        engaged_views: 0,
        watch_time_minutes: dayRows.reduce((s, r) => s + r.watch_time_minutes, 0),
      });
    }
  }
  await insertPartnerRows('channel_search_term_daily', terms);
  await insertPartnerRows('channel_traffic_daily', search);
  await refreshPartnerRollups({ channelDays: search.map((r) => ({ channelId: Number(r.channel_id), day: String(r.day) })) });
});

interface Totals {
  views: number;
  watch_time_minutes: number;
}
interface Answer extends Totals {
  terms: Array<Totals & { term: string; share: number }>;
  other: Totals & { share: number };
  terms_per_day: number;
  not_filtered_by: string[];
}

async function searchTerms(session: string, body: Record<string, unknown>, path = '/api/stat/search-terms'): Promise<Answer> {
  const res = await call(path, { session, body });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { data: Answer }).data;
}

const share = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 100 : 0);

/** The answer computed here from the inserted rows: named terms by views, watch time, term; the top 50, the rest as other. */
function expected(channels: number[], from = RANGE.date_from, to = RANGE.date_to) {
  const rows = terms.filter(within(channels, from, to));
  const views = sum(rows, 'views', () => true);
  const watch = sum(rows, 'watch_time_minutes', () => true);
  const byTerm = new Map<string, Totals>();
  for (const r of rows.filter((row) => row.term !== '')) {
    const t = byTerm.get(String(r.term)) ?? { views: 0, watch_time_minutes: 0 };
    byTerm.set(String(r.term), {
      views: t.views + Number(r.views),
      watch_time_minutes: t.watch_time_minutes + Number(r.watch_time_minutes),
    });
  }
  const top = [...byTerm]
    .map(([term, t]) => ({ term, ...t, share: share(t.views, views) }))
    .sort((a, b) => b.views - a.views || b.watch_time_minutes - a.watch_time_minutes || (a.term < b.term ? -1 : 1))
    .slice(0, TOP);
  const otherViews = views - top.reduce((s, t) => s + t.views, 0);
  const otherWatch = watch - top.reduce((s, t) => s + t.watch_time_minutes, 0);
  return {
    terms: top,
    other: { views: otherViews, watch_time_minutes: otherWatch, share: share(otherViews, views) },
    views,
    watch_time_minutes: watch,
  };
}

const A = () => [w.ch1.id, w.ch2.id, w.inhouse.id, w.ugc.id];

describe('top YouTube search terms', () => {
  it("lists the top 50 terms of the user's channels and the rest as other terms, adding up to the YouTube search views", async () => {
    const got = await searchTerms(w.a.session, RANGE);
    const want = expected(A());
    expect(got).toEqual({ ...want, terms_per_day: 50, not_filtered_by: [] });
    expect(got.terms).toHaveLength(TOP);
    // More terms than the list holds: the rest, and each day's '' row, are "other terms".
    expect(got.other.views).toBeGreaterThan(sum(terms, 'views', (r) => within(A(), RANGE.date_from, RANGE.date_to)(r) && r.term === ''));
    const traffic = await call('/api/stat/traffic', { session: w.a.session, body: RANGE });
    const searchSource = ((await traffic.json()) as { data: { sources: Array<Totals & { source_type: number }> } }).data.sources.find(
      (s) => s.source_type === SEARCH,
    );
    expect(got.terms.reduce((s, t) => s + t.views, 0) + got.other.views).toBe(searchSource?.views);
    expect(got.terms.reduce((s, t) => s + t.watch_time_minutes, 0) + got.other.watch_time_minutes).toBe(searchSource?.watch_time_minutes);
  });

  it('answers another user their own channels only, and a lifetime from every day', async () => {
    expect(await searchTerms(w.b.session, RANGE)).toMatchObject(expected([w.chB.id, w.ch2.id]));
    expect(await searchTerms(w.a.session, {})).toMatchObject(expected(A(), '2000-01-01', '2100-01-01'));
  });

  it('is not narrowed by titles, video type or countries, and says so', async () => {
    const want = expected(A());
    expect(await searchTerms(w.a.session, { ...RANGE, titles: [w.titles[0]] })).toMatchObject({ ...want, not_filtered_by: ['titles'] });
    expect(await searchTerms(w.a.session, { ...RANGE, type_video: 'short' })).toMatchObject({ ...want, not_filtered_by: ['type_video'] });
    expect(await searchTerms(w.a.session, { ...RANGE, countries: ['US'] })).toMatchObject({ ...want, not_filtered_by: ['countries'] });
  });

  it('refuses a bad body with a message, and a signed-out call', async () => {
    const res = await call('/api/stat/search-terms', { session: w.a.session, body: { date_from: '2026-03-05', date_to: '2026-01-20' } });
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/date_to/);
    const typed = await call('/api/stat/search-terms', { session: w.a.session, body: { ...RANGE, channels: 'all' } });
    expect(typed.status).toBe(400);
    expect((await call('/api/stat/search-terms', { body: RANGE })).status).toBe(401);
    expect((await call('/api/stat/details/search-terms', { body: { ...RANGE, top_field: 'views', group: 'channels' } })).status).toBe(401);
  });
});

describe('the Views details page by search term', () => {
  const DETAILS = { ...RANGE, top_field: 'views', group: 'channels' };

  it('answers the same terms for the details filters', async () => {
    expect(await searchTerms(w.a.session, DETAILS, '/api/stat/details/search-terms')).toMatchObject(expected(A()));
  });

  it('downloads every term, other terms and the totals as CSV and XLS', async () => {
    const params = new URLSearchParams(DETAILS).toString();
    const res = await call(`/api/stat/details/search-terms/csv?${params}`, { session: w.a.session });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/csv/);
    const [header, ...records] = Papa.parse<string[]>((await res.text()).slice(1), { skipEmptyLines: true }).data;
    expect(header).toEqual(['Search term', 'Views', 'Share', 'Watch time (hours)']);
    const want = expected(A());
    const body = records.filter((r) => VOCABULARY.includes(r[0] ?? '') || r[0] === 'Other terms');
    expect(body.map((r) => [r[0], Number(r[1]), Number(r[3])])).toEqual([
      ...want.terms.map((t) => [t.term, t.views, Math.round(t.watch_time_minutes / 60)]),
      ['Other terms', want.other.views, Math.round(want.other.watch_time_minutes / 60)],
    ]);
    const last = records.at(-1) ?? [];
    expect([Number(last[1]), Number(last[3])]).toEqual([want.views, Math.round(want.watch_time_minutes / 60)]);
    const xlsx = await call(`/api/stat/details/search-terms/xlsx?${params}`, { session: w.a.session });
    expect(xlsx.status).toBe(200);
    const bad = await call('/api/stat/details/search-terms/csv?date_from=2026-13-01&date_to=2026-02-01', { session: w.a.session });
    expect(bad.status).toBe(400);
  });
});
