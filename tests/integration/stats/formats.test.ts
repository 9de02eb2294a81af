// POST /api/stat/formats: Shorts, long-form, live and the channel page side by side. Expected figures are
// computed from the inserted rows (micro-USD integers; the statement split is written again in formats-world.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import type { BaseAnswer } from '../../../src/lib/api/stats';
import type { FormatFigures, FormatsAnswer } from '../../../src/lib/api/formats';
import { call } from '../http';
import {
  AUGUST,
  buildFormatsWorld,
  expectedMicros,
  FIRST_DAY,
  FORMATS,
  type FormatsWorld,
  inRange,
  LAST_DAY,
  sumOf,
} from './formats-world';

let f: FormatsWorld;

beforeAll(async () => {
  f = await buildFormatsWorld();
});

async function post<T>(path: string, session: string, body: Record<string, unknown>): Promise<T> {
  const res = await call(path, { session, body });
  expect(res.status, path).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** The formats' dollars cut from the total in cents by running sums (short, full, live, channel). */
function expectedDollars(micros: Map<string, number>): Map<string, number> {
  const out = new Map<string, number>();
  let running = 0;
  let before = 0;
  for (const type of FORMATS) {
    running += micros.get(type) ?? 0;
    const cents = Math.round(running / 10_000);
    out.set(type, (cents - before) / 100);
    before = cents;
  }
  return out;
}

function expected(channels: number[], from: string, to: string): FormatFigures[] {
  const dollars = expectedDollars(expectedMicros(f, channels, from, to));
  return FORMATS.map((type) => {
    const rows = f.rows.filter((r) => channels.includes(Number(r.channel_id)) && inRange(r, from, to) && r.video_type === type);
    return {
      video_type: type,
      views: sumOf(rows, 'views'),
      engaged_views: sumOf(rows, 'engaged_views'),
      watch_time_minutes: sumOf(rows, 'watch_time_minutes'),
      earnings: dollars.get(type) ?? 0,
    };
  });
}

describe('POST /api/stat/formats', () => {
  it('answers each format of the range and the comparison, statement months split by their Shorts', async () => {
    const body = { date_from: '2026-07-15', date_to: '2026-09-30', compare_from: '2026-07-01', compare_to: '2026-07-31' };
    const got = await post<FormatsAnswer>('/api/stat/formats', f.owner, body);
    expect(got.not_split_by).toBeNull();
    expect(got.formats).toEqual(expected([f.a, f.b], '2026-07-15', '2026-09-30'));
    expect(got.compare).toEqual(expected([f.a, f.b], '2026-07-01', '2026-07-31'));
    // Shorts' earnings in August are the statement's, not the estimate's.
    const estimateOnly = sumOf(
      f.rows.filter((r) => r.channel_id === f.a && String(r.day).startsWith('2026-08') && r.video_type === 'short'),
      'partner_revenue_micros',
    );
    expect(estimateOnly).not.toBe(AUGUST.shorts);
  });

  it('adds up to the Earnings and Views cards exactly, lifetime included', async () => {
    for (const body of [{ date_from: '2026-07-15', date_to: '2026-09-30' }, { date_from: '2026-08-01', date_to: '2026-08-31' }, {}]) {
      const formats = await post<FormatsAnswer>('/api/stat/formats', f.owner, body);
      const base = await post<BaseAnswer>('/api/stat/base', f.owner, body);
      const cents = (formats.formats ?? []).reduce((s, r) => s + Math.round(r.earnings * 100), 0);
      expect(cents, JSON.stringify(body)).toBe(Math.round(base.sum_partner_revenue * 100));
      expect((formats.formats ?? []).reduce((s, r) => s + r.views, 0)).toBe(base.sum_views);
    }
    expect((await post<FormatsAnswer>('/api/stat/formats', f.owner, {})).formats).toEqual(expected([f.a, f.b], FIRST_DAY, LAST_DAY));
  });

  it('reads only the channels the session may see, and a video type filter keeps its format', async () => {
    const body = { date_from: '2026-08-01', date_to: '2026-08-31' };
    expect((await post<FormatsAnswer>('/api/stat/formats', f.onlyB, body)).formats).toEqual(expected([f.b], '2026-08-01', '2026-08-31'));
    const shorts = await post<FormatsAnswer>('/api/stat/formats', f.owner, { ...body, type_video: 'short' });
    const all = expected([f.a, f.b], '2026-08-01', '2026-08-31');
    expect(shorts.formats).toEqual([all[0]]);
  });

  it('answers no split under a countries filter, and refuses a bad body with a 400', async () => {
    const countries = await post<FormatsAnswer>('/api/stat/formats', f.owner, { countries: ['US'] });
    expect(countries).toEqual({ formats: null, compare: null, not_split_by: 'countries' });
    const bad = await call('/api/stat/formats', { session: f.owner, body: { date_from: 'yesterday', date_to: '2026-08-31' } });
    expect(bad.status).toBe(400);
    const anonymous = await call('/api/stat/formats', { body: {} });
    expect(anonymous.status).toBe(401);
  });
});
