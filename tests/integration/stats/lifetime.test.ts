// A lifetime request (no dates) sums whole months around the scope's first..last fact day: the
// world's facts start and end mid-month, and every figure must still equal the sum of all its rows.
import { beforeEach, describe, expect, it } from 'vitest';
import { call } from '../http';
import { buildWorld, sum, type World } from './world';

let w: World;
beforeEach(async () => {
  w = await buildWorld();
});

async function data<T>(session: string, path: string, body: Record<string, unknown>): Promise<T> {
  const res = await call(path, { session, body });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

describe('lifetime', () => {
  it("gives the sums of every row of the user's channels, by month and untimed", async () => {
    const b = [w.ch2.id, w.chB.id];
    const mine = (r: Record<string, unknown>) => b.includes(Number(r.channel_id));
    const base = await data<{ sum_views: number; views: Array<{ date: string; value: number }> }>(w.b.session, '/api/stat/base', {
      chart_period: 'month',
    });
    expect(base.sum_views).toBe(sum(w.daily, 'views', mine));
    // The first bucket is the month of the first fact day, which starts mid-month.
    expect(base.views[0]?.value).toBe(sum(w.daily, 'views', (r) => mine(r) && String(r.day).startsWith('2025-11')));
    const location = await data<{ total_views: number }>(w.b.session, '/api/stat/location', {});
    expect(location.total_views).toBe(sum(w.country, 'views', mine));
    const engagement = await data<{ likes: number }>(w.b.session, '/api/stat/engagement', {});
    expect(engagement.likes).toBe(sum(w.daily, 'likes', mine));
    const top = await data<{ rows: Array<{ value: number; points: Array<{ value: number }> }> }>(w.b.session, '/api/stat/views', {
      group: 'channels',
      chart_period: 'month',
    });
    expect(top.rows.map((r) => r.value).reduce((s, v) => s + v, 0)).toBe(sum(w.daily, 'views', mine));
    for (const row of top.rows) expect(row.points.reduce((s, p) => s + p.value, 0)).toBe(row.value);
  });
});
