// Tenant scoping, titles permission, the subscribers breakdown without in-house, and 400s naming the field.
import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { call } from '../http';
import { buildWorld, dollars, sum, within, type World } from './world';

let w: World;
beforeEach(async () => {
  w = await buildWorld();
});

const RANGE = { date_from: '2026-02-01', date_to: '2026-02-28' };

async function post(
  session: string,
  path: string,
  body: Record<string, unknown>,
): Promise<{ status: number; body: { data?: Record<string, unknown>; error?: string } }> {
  const res = await call(path, { session, body });
  return { status: res.status, body: (await res.json()) as { data?: Record<string, unknown>; error?: string } };
}

describe('scoping', () => {
  it("ignores another user's channels and answers empty when all asked are foreign", async () => {
    const onlyForeign = await post(w.a.session, '/api/stat/base', { ...RANGE, channels: [w.chB.key] });
    expect(onlyForeign.body.data?.sum_views).toBe(0);
    const mixed = await post(w.a.session, '/api/stat/base', { ...RANGE, channels: [w.chB.key, w.ch1.key] });
    expect(mixed.body.data?.sum_views).toBe(sum(w.daily, 'views', within([w.ch1.id], '2026-02-01', '2026-02-28')));
    const b = await post(w.b.session, '/api/stat/base', RANGE);
    expect(b.body.data?.sum_views).toBe(sum(w.daily, 'views', within([w.chB.id, w.ch2.id], '2026-02-01', '2026-02-28')));
    const breakdown = await post(w.a.session, '/api/stat/views', { ...RANGE, channels: [w.chB.key] });
    expect(breakdown.body.data).toEqual({ rows: [] });
  });

  it('filters the UGC pseudo-channel by its key', async () => {
    const ugc = await post(w.a.session, '/api/stat/base', { ...RANGE, channels: ['ugc'] });
    expect(ugc.body.data?.sum_partner_revenue).toBe(
      dollars(sum(w.daily, 'partner_revenue_micros', within([w.ugc.id], '2026-02-01', '2026-02-28'))),
    );
  });

  it("lists only the user's channels and titles", async () => {
    const channels = (await (await call('/api/profile/channels', { session: w.b.session })).json()) as {
      data: Array<{ channel_id: string }>;
    };
    expect(channels.data.map((c) => c.channel_id).sort()).toEqual([w.ch2.key, w.chB.key].sort());
    const titlesA = (await (await call('/api/profile/titles', { session: w.a.session })).json()) as { data: Array<{ title_id: number }> };
    expect(titlesA.data.map((t) => t.title_id).sort()).toEqual([...w.titles].sort());
    const titlesB = (await (await call('/api/profile/titles', { session: w.b.session })).json()) as { data: unknown[] };
    expect(titlesB.data).toEqual([]);
  });
});

describe('titles', () => {
  it('applies the titles filter for show_title users and ignores it otherwise', async () => {
    const a = [w.ch1.id, w.ch2.id, w.inhouse.id, w.ugc.id];
    const t0 = w.titles[0];
    const filtered = await post(w.a.session, '/api/stat/base', { ...RANGE, titles: [t0], type_video: 'short' });
    expect(filtered.body.data?.sum_views).toBe(
      sum(w.title, 'views', (r) => within(a, '2026-02-01', '2026-02-28')(r) && r.title_id === t0 && r.video_type === 'short'),
    );
    const ignored = await post(w.b.session, '/api/stat/base', { ...RANGE, titles: [t0] });
    expect(ignored.body.data?.sum_views).toBe(sum(w.daily, 'views', within([w.chB.id, w.ch2.id], '2026-02-01', '2026-02-28')));
    const refused = await post(w.b.session, '/api/stat/views', { ...RANGE, group: 'titles' });
    expect(refused.status).toBe(403);
  });

  it('breaks down by title, top first', async () => {
    const a = [w.ch1.id, w.ch2.id, w.inhouse.id, w.ugc.id];
    // Days without statements (a month cut by the range stays an estimate): see earnings.test.ts for titles' shares of statements.
    const res = await post(w.a.session, '/api/stat/partner_revenue', { date_from: '2026-03-01', date_to: '2026-03-10', group: 'titles' });
    const rows = res.body.data?.rows as Array<{ id: number; value: number; points: Array<{ value: number }> }>;
    const expected = w.titles
      .map((t) => ({
        id: t,
        value: dollars(sum(w.title, 'partner_revenue_micros', (r) => within(a, '2026-03-01', '2026-03-10')(r) && r.title_id === t)),
      }))
      .sort((x, y) => y.value - x.value);
    expect(rows.map((r) => ({ id: r.id, value: r.value }))).toEqual(expected);
    expect(rows[0]?.points).toHaveLength(10);
  });
});

describe('breakdown by channel', () => {
  it('sorts by the metric and leaves the in-house channel out of subscribers', async () => {
    const a = [w.ch1, w.ch2, w.inhouse, w.ugc];
    const views = await post(w.a.session, '/api/stat/views', RANGE);
    const expected = a
      .map((c) => ({ id: c.key, value: sum(w.daily, 'views', within([c.id], '2026-02-01', '2026-02-28')) }))
      .sort((x, y) => y.value - x.value);
    const rows = views.body.data?.rows as Array<{ id: string; value: number; channel_title: string; points: Array<{ value: number }> }>;
    expect(rows.map((r) => ({ id: r.id, value: r.value }))).toEqual(expected);
    expect(rows[0]?.points.reduce((s, p) => s + p.value, 0)).toBe(rows[0]?.value);
    const subs = await post(w.a.session, '/api/stat/subscribers', RANGE);
    const ids = (subs.body.data?.rows as Array<{ id: string }>).map((r) => r.id);
    expect(ids).not.toContain(w.inhouse.key);
    expect(ids).toHaveLength(3);
    expect((await post(w.a.session, '/api/stat/nonsense', RANGE)).status).toBe(404);
  });
});

describe('validation', () => {
  it.each([
    [{ date_from: '2026-02-30', date_to: '2026-03-01' }, 'date_from'],
    [{ date_from: '2026-03-02', date_to: '2026-03-01' }, 'date_to'],
    [{ date_from: '2014-12-31', date_to: '2015-01-10' }, 'date_from'],
    [{ date_from: '2026-02-01' }, 'date_to'],
    [{ ...RANGE, channels: ['not-a-channel'] }, 'channels.0'],
    [{ ...RANGE, countries: '2,001 countries' }, 'countries'],
    [{ ...RANGE, chart_period: 'hour' }, 'chart_period'],
    [{ date_from: '2026-02-01', date_to: '2026-02-10', chart_period: 'week' }, 'chart_period'],
    [{ ...RANGE, chart_period: 'month' }, 'chart_period'],
    [{ ...RANGE, titles: [1], countries: ['US'] }, 'titles'],
  ])('refuses %j naming %s', async (body, field) => {
    // The over-long list is built here so the test's name stays short.
    const sent =
      'countries' in body && body.countries === '2,001 countries' ? { ...body, countries: Array.from({ length: 2001 }, () => 'US') } : body;
    const res = await post(w.a.session, '/api/stat/base', sent);
    expect(res.status).toBe(400);
    expect(res.body.error?.startsWith(`${field}:`)).toBe(true);
  });

  it('asks for a session', async () => {
    expect((await call('/api/stat/base', { body: RANGE })).status).toBe(401);
  });

  it('reads whole months from the rollup tables (not the daily rows) for sums', async () => {
    // Remove January's daily rows after the rollup: a sum over whole months still sees them.
    await env.DB.prepare("DELETE FROM channel_daily WHERE day BETWEEN '2026-01-01' AND '2026-01-31'").run();
    const a = [w.ch1.id, w.ch2.id, w.inhouse.id, w.ugc.id];
    const res = await post(w.a.session, '/api/stat/engagement', { date_from: '2026-01-01', date_to: '2026-01-31' });
    expect(res.body.data?.comments).toBe(sum(w.daily, 'comments', within(a, '2026-01-01', '2026-01-31')));
  });
});
