// Engagement, location, demographics, dates, forecast and the countries list against the inserted rows.
import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { scopeFor } from '../../../src/server/stats/filters';
import { getForecast } from '../../../src/server/stats/forecast';
import { addDays, weekday } from '../../../src/lib/dates/time';
import type { SessionUser } from '../../../src/server/auth/session-user';
import { call } from '../http';
import { insertRows } from '../rollup/factory';
import { buildWorld, dollars, LAST_DAY, sum, within, type World } from './world';
import { oneDatabase } from '../../../src/server/stats/stores';

let w: World;
beforeEach(async () => {
  w = await buildWorld();
});

const RANGE = { date_from: '2026-01-15', date_to: '2026-03-05' };
const inRange = (ids: number[]) => within(ids, RANGE.date_from, RANGE.date_to);

async function data<T>(session: string, path: string, body?: Record<string, unknown>): Promise<T> {
  const res = await call(path, { session, body });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

describe('engagement', () => {
  it('sums the interactions and counts videos published in the range', async () => {
    // B's videos: vid00000004 (chB, 2026-02-05) is in the range, vid00000003 (ch2, 2026-01-05) is not.
    const b = [w.ch2.id, w.chB.id];
    const got = await data<Record<string, number>>(w.b.session, '/api/stat/engagement', RANGE);
    const views = sum(w.daily, 'views', inRange(b));
    const minutes = sum(w.daily, 'watch_time_minutes', inRange(b));
    const impressions = sum(w.daily, 'impressions', inRange(b));
    const clicks = sum(w.daily, 'impression_clicks', inRange(b));
    expect(impressions).toBeGreaterThan(0);
    expect(got).toEqual({
      comments: sum(w.daily, 'comments', inRange(b)),
      likes: sum(w.daily, 'likes', inRange(b)),
      dislikes: sum(w.daily, 'dislikes', inRange(b)),
      watch_time_minutes: minutes,
      average_view_duration_seconds: Math.round((minutes * 60) / views),
      video_count: 1,
      impressions,
      impressions_ctr: Math.round((clicks / impressions) * 10_000) / 100,
      compare: null,
    });
  });

  it('leaves impressions and CTR out under a countries filter, and reads them by title under a titles filter', async () => {
    const a = [w.ch1.id, w.ch2.id, w.inhouse.id, w.ugc.id];
    const byCountry = await data<{ impressions: number | null; impressions_ctr: number | null; likes: number }>(
      w.a.session,
      '/api/stat/engagement',
      { ...RANGE, countries: ['US'] },
    );
    expect(byCountry).toMatchObject({ impressions: null, impressions_ctr: null });
    expect(byCountry.likes).toBe(sum(w.country, 'likes', (r) => inRange(a)(r) && r.country_code === 'US'));
    const title = w.titles[1];
    const byTitle = await data<{ impressions: number; impressions_ctr: number }>(w.a.session, '/api/stat/engagement', {
      ...RANGE,
      titles: [title],
    });
    const ofTitle = (r: Parameters<ReturnType<typeof inRange>>[0]) => inRange(a)(r) && r.title_id === title;
    const impressions = sum(w.title, 'impressions', ofTitle);
    expect(byTitle.impressions).toBe(impressions);
    expect(byTitle.impressions_ctr).toBe(Math.round((sum(w.title, 'impression_clicks', ofTitle) / impressions) * 10_000) / 100);
  });
});

describe('location', () => {
  it('shares views by country and continent', async () => {
    const a = [w.ch1.id, w.ch2.id, w.inhouse.id, w.ugc.id];
    const got = await data<{
      total_views: number;
      rows: Array<{ name: string; views: number; value: number }>;
      countries: Array<{ code2: string; views: number; name: string }>;
    }>(w.a.session, '/api/stat/location', RANGE);
    const byCountry = (code: string) => sum(w.country, 'views', (r) => inRange(a)(r) && r.country_code === code);
    const total = ['US', 'DE', 'FR', 'BR'].reduce((s, c) => s + byCountry(c), 0);
    expect(got.total_views).toBe(total);
    expect(got.countries.find((c) => c.code2 === 'BR')).toEqual({
      name: 'Brazil',
      code2: 'BR',
      views: byCountry('BR'),
      value: Math.round((byCountry('BR') / total) * 10_000) / 100,
    });
    const europe = got.rows.find((r) => r.name === 'Europe');
    expect(europe?.views).toBe(byCountry('DE') + byCountry('FR'));
    expect(got.rows.map((r) => r.name).sort()).toEqual(['Europe', 'North America', 'South America']);
    expect(got.rows[0]?.views).toBeGreaterThanOrEqual(got.rows[1]?.views ?? 0);
  });

  it('applies a countries filter to the other cards', async () => {
    const a = [w.ch1.id, w.ch2.id, w.inhouse.id, w.ugc.id];
    const got = await data<{ sum_views: number }>(w.a.session, '/api/stat/base', { ...RANGE, countries: ['de', 'FR'] });
    expect(got.sum_views).toBe(sum(w.country, 'views', (r) => inRange(a)(r) && (r.country_code === 'DE' || r.country_code === 'FR')));
  });
});

describe('demographics', () => {
  it('gives shares of all audience views in the months the range touches', async () => {
    const b = [w.ch2.id, w.chB.id];
    const [got] = await data<
      Array<{
        male: number;
        female: number;
        other: number;
        ages: { male_age: Record<string, number> };
        details: Array<{ channel_id: string }>;
      }>
    >(w.b.session, '/api/stat/demographics', RANGE);
    const cells = w.audience.filter((r) => b.includes(Number(r.channel_id)));
    const total = cells.reduce((s, r) => s + Number(r.views), 0);
    const pct = (v: number) => Math.round((v / total) * 10_000) / 100;
    const of = (pred: (r: (typeof cells)[number]) => boolean) => cells.filter(pred).reduce((s, r) => s + Number(r.views), 0);
    expect(got?.male).toBe(pct(of((r) => r.gender === 'male')));
    expect(got?.female).toBe(pct(of((r) => r.gender === 'female')));
    expect(got?.ages.male_age['25-34']).toBe(pct(of((r) => r.gender === 'male' && r.age_group === '25-34')));
    expect(got?.details.map((d) => d.channel_id).sort()).toEqual([w.ch2.key, w.chB.key].sort());
  });
});

describe('dates and lists', () => {
  it('answers the latest day with facts and the countries', async () => {
    await insertRows('channel_daily', [{ channel_id: w.chB.id, day: addDays(LAST_DAY, 3), views: 1 }]);
    expect((await data<{ max_date: string }>(w.a.session, '/api/stat/dates', {})).max_date).toBe(LAST_DAY);
    expect((await data<{ max_date: string }>(w.b.session, '/api/stat/dates', {})).max_date).toBe(addDays(LAST_DAY, 3));
    const countries = await data<Array<{ code2: string; country_name: string }>>(w.a.session, '/api/analytics/countries');
    expect(countries.find((c) => c.code2 === 'DE')).toEqual({ country_name: 'Germany', code2: 'DE' });
  });
});

describe('forecast', () => {
  it('projects the month on a known series (pinned today)', async () => {
    // A channel of its own: $100.00 on weekdays, $200.00 on weekends, to 2026-03-10 (see forecast-model.test.ts).
    const ch = w.chB.id;
    await env.DB.prepare('DELETE FROM channel_daily WHERE channel_id = ?').bind(ch).run();
    const rows = [];
    for (let d = '2026-02-01'; d <= '2026-03-10'; d = addDays(d, 1)) {
      rows.push({ channel_id: ch, day: d, partner_revenue_micros: weekday(d) === 0 || weekday(d) === 6 ? 200_000_000 : 100_000_000 });
    }
    await insertRows('channel_daily', rows);
    const user = { id: w.b.id, showTitle: false } as SessionUser;
    const scope = scopeFor(user, { channels: [w.chB.key] });
    expect(await getForecast(oneDatabase(env.DB), scope, '2026-03-12')).toEqual({
      month: '2026-03',
      month_to_date: 1300,
      forecast: 4000,
      low: 4000,
      high: 4000,
      days_done: 10,
      days_in_month: 31,
      as_of: '2026-03-10',
    });
    expect(await getForecast(oneDatabase(env.DB), scope, '2026-04-01')).toBeNull();
    expect(dollars(0)).toBe(0);
  });

  it('answers null through the route when the current month has no data', async () => {
    expect(await data<null>(w.a.session, '/api/stat/forecast', {})).toBeNull();
  });
});
