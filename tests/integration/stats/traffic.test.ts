// POST /api/stat/traffic: views, engaged views and watch time by source for the session's scope, with the comparison.
import Papa from 'papaparse';
import { beforeEach, describe, expect, it } from 'vitest';
import { call } from '../http';
import { insertPartnerRows, refreshPartnerRollups } from '../partner-facts';
import { daysBetween, type Row } from '../rollup/factory';
import { buildWorld, sum, within, type World } from './world';

let w: World;
let days: Row[];
let titleDays: Row[];

// Whole February (monthly rollup) plus edge days on either side (daily rows); the comparison before it.
const RANGE = { date_from: '2026-01-20', date_to: '2026-03-05' };
const COMPARE = { compare_from: '2025-12-06', compare_to: '2026-01-19' };
const SOURCES = [3, 5, 7, 24];

beforeEach(async () => {
  w = await buildWorld();
  days = [];
  titleDays = [];
  let seed = 1;
  for (const ch of [w.ch1, w.ch2, w.inhouse, w.ugc, w.chB]) {
    for (const day of daysBetween('2025-12-01', '2026-03-10')) {
      for (const source of SOURCES) {
        // Not every source every day, so sources come and go between the periods.
        if ((seed + source) % 5 === 0) {
          seed++;
          continue;
        }
        const views = 10 + ((seed * 7919) % 301);
        days.push({
          channel_id: ch.id,
          day,
          source_type: source,
          views,
          engaged_views: views - (seed % 7),
          watch_time_minutes: views * 2 + (seed % 3),
        });
        if (ch !== w.chB && source !== 5) {
          titleDays.push({
            channel_id: ch.id,
            day,
            title_id: w.titles[seed % 2] ?? 0,
            video_type: source === 24 ? 'short' : 'full',
            source_type: source,
            views: Math.floor(views / 2),
            engaged_views: Math.floor(views / 3),
            watch_time_minutes: views,
          });
        }
        seed++;
      }
    }
  }
  await insertPartnerRows('channel_traffic_daily', days);
  await insertPartnerRows('channel_title_traffic_daily', titleDays);
  await refreshPartnerRollups({ channelDays: days.map((r) => ({ channelId: Number(r.channel_id), day: String(r.day) })) });
});

interface Answer {
  views: number;
  engaged_views: number;
  watch_time_minutes: number;
  sources: Array<{
    source_type: number;
    name: string;
    views: number;
    engaged_views: number;
    watch_time_minutes: number;
    share: number;
    compare_views: number | null;
  }>;
  compare: { views: number } | null;
  not_filtered_by: string[];
}

async function traffic(session: string, body: Record<string, unknown>): Promise<Answer> {
  const res = await call('/api/stat/traffic', { session, body });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { data: Answer }).data;
}

/** The answer's sources computed here from the inserted rows: by views, then code. */
function expected(rows: Row[], channels: number[], where: (r: Row) => boolean = () => true) {
  const inRange = (from: string, to: string) => (r: Row) => within(channels, from, to)(r) && where(r);
  const now = inRange(RANGE.date_from, RANGE.date_to);
  const then = inRange(COMPARE.compare_from, COMPARE.compare_to);
  const total = sum(rows, 'views', now);
  return SOURCES.map((source) => {
    const views = sum(rows, 'views', (r) => now(r) && r.source_type === source);
    return {
      source_type: source,
      views,
      engaged_views: sum(rows, 'engaged_views', (r) => now(r) && r.source_type === source),
      watch_time_minutes: sum(rows, 'watch_time_minutes', (r) => now(r) && r.source_type === source),
      share: Math.round((views / total) * 10_000) / 100,
      compare_views: sum(rows, 'views', (r) => then(r) && r.source_type === source),
    };
  }).sort((a, b) => b.views - a.views || a.source_type - b.source_type);
}

const strip = (a: Answer) => a.sources.map(({ name: _name, ...rest }) => rest);

describe('traffic sources', () => {
  it("sums each source over the user's channels, with the comparison period", async () => {
    const a = [w.ch1.id, w.ch2.id, w.inhouse.id, w.ugc.id];
    const got = await traffic(w.a.session, { ...RANGE, ...COMPARE });
    expect(strip(got)).toEqual(expected(days, a));
    expect(got.views).toBe(sum(days, 'views', within(a, RANGE.date_from, RANGE.date_to)));
    expect(got.engaged_views).toBe(sum(days, 'engaged_views', within(a, RANGE.date_from, RANGE.date_to)));
    expect(got.compare?.views).toBe(sum(days, 'views', within(a, COMPARE.compare_from, COMPARE.compare_to)));
    expect(got.sources.find((s) => s.source_type === 24)?.name).toBe('Shorts feed');
    expect(got.sources.find((s) => s.source_type === 5)?.name).toBe('YouTube search');
    expect(got.not_filtered_by).toEqual([]);
  });

  it('answers another user their own channels only', async () => {
    const got = await traffic(w.b.session, { ...RANGE, ...COMPARE });
    expect(strip(got)).toEqual(expected(days, [w.chB.id, w.ch2.id]));
  });

  it('reads the title grain under a titles or video type filter', async () => {
    const a = [w.ch1.id, w.ch2.id, w.inhouse.id, w.ugc.id];
    const got = await traffic(w.a.session, { ...RANGE, ...COMPARE, titles: [w.titles[1]] });
    const titled = expected(titleDays, a, (r) => r.title_id === w.titles[1]).filter((s) => s.views > 0 || s.compare_views > 0);
    expect(strip(got)).toEqual(titled);
    const shorts = await traffic(w.a.session, { ...RANGE, type_video: 'short' });
    expect(shorts.sources.map((s) => s.source_type)).toEqual([24]);
    expect(shorts.views).toBe(sum(titleDays, 'views', (r) => within(a, RANGE.date_from, RANGE.date_to)(r) && r.video_type === 'short'));
  });

  it('is not filtered by countries, and says so', async () => {
    const got = await traffic(w.a.session, { ...RANGE, countries: ['US'] });
    expect(got.not_filtered_by).toEqual(['countries']);
    expect(got.views).toBe(sum(days, 'views', within([w.ch1.id, w.ch2.id, w.inhouse.id, w.ugc.id], RANGE.date_from, RANGE.date_to)));
  });

  it('answers a lifetime from every day', async () => {
    const got = await traffic(w.a.session, {});
    expect(got.views).toBe(sum(days, 'views', within([w.ch1.id, w.ch2.id, w.inhouse.id, w.ugc.id], '2000-01-01', '2100-01-01')));
    expect(got.compare).toBeNull();
  });

  it('refuses a bad body with a message, and a signed-out call', async () => {
    const res = await call('/api/stat/traffic', { session: w.a.session, body: { date_from: '2026-03-05', date_to: '2026-01-20' } });
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/date_to/);
    expect((await call('/api/stat/traffic', { body: RANGE })).status).toBe(401);
  });
});

describe('the Views details page by traffic source', () => {
  const A = () => [w.ch1.id, w.ch2.id, w.inhouse.id, w.ugc.id];

  it("answers the card's sums for the details filters, without a comparison", async () => {
    const res = await call('/api/stat/details/traffic', {
      session: w.a.session,
      body: { ...RANGE, top_field: 'views', group: 'channels' },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const got = ((await res.json()) as { data: Answer }).data;
    const expectedRows = expected(days, A()).map(({ compare_views: _compare, ...rest }) => ({ ...rest, compare_views: null }));
    expect(strip(got)).toEqual(expectedRows);
    expect(got.compare).toBeNull();
  });

  it('downloads every source with its figures and the totals as CSV', async () => {
    const params = new URLSearchParams({ ...RANGE, top_field: 'views', group: 'channels' }).toString();
    const res = await call(`/api/stat/details/traffic/csv?${params}`, { session: w.a.session });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/csv/);
    const text = await res.text();
    const [header, ...records] = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data;
    expect(header).toEqual(['Traffic source', 'Views', 'Share', 'Watch time (hours)', 'AVD (seconds)', 'Engaged views']);
    const rows = expected(days, A()).filter((s) => s.views > 0);
    const names: Record<number, string> = { 3: 'Browse features', 5: 'YouTube search', 7: 'Suggested videos', 24: 'Shorts feed' };
    const total = rows.reduce((s, r) => s + r.views, 0);
    const minutes = rows.reduce((s, r) => s + r.watch_time_minutes, 0);
    // The source rows: those the CSV names by a source (filter lines and the totals row come apart).
    const body = records.filter((r) => Object.values(names).includes(r[0] ?? ''));
    expect(body.map((r) => [r[0], Number(r[1]), Number(r[3]), Number(r[4]), Number(r[5])])).toEqual(
      rows.map((r) => [
        names[r.source_type],
        r.views,
        Math.round(r.watch_time_minutes / 60),
        Math.round((r.watch_time_minutes * 60) / r.views),
        r.engaged_views,
      ]),
    );
    const last = records.at(-1) ?? [];
    expect([Number(last[1]), Number(last[3])]).toEqual([total, Math.round(minutes / 60)]);
    const xlsx = await call(`/api/stat/details/traffic/xlsx?${params}`, { session: w.a.session });
    expect(xlsx.status).toBe(200);
    const bad = await call('/api/stat/details/traffic/csv?date_from=2026-13-01&date_to=2026-02-01', { session: w.a.session });
    expect(bad.status).toBe(400);
  });
});
