// Public history, channel_now and channel_now_previous from snapshots: growth per month and per 30 days, estimates from public
// data only (partner facts never enter them), imported months kept.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { rebuildAllRollups, refreshRollups } from '../../../src/server/ingest/rollup/index';
import { createChannel, daysBetween, dump, insertRows, insertSnapshots, snapshotSeries, type Row, type Snapshot } from './factory';

const LATEST = '2026-03-20';
const SNAPSHOT_DAYS = daysBetween('2026-01-15', LATEST);
const IMPORTED = [
  {
    month: '2025-12',
    subscriber_count: 9000,
    view_count: 500_000,
    video_count: 9,
    monthly_views: 30_000,
    monthly_subs: 100,
    watch_time_minutes: 60_000,
    earnings_micros: 45_000_000,
  },
  {
    month: '2026-01',
    subscriber_count: 9500,
    view_count: 540_000,
    video_count: 10,
    monthly_views: 40_000,
    monthly_subs: 500,
    watch_time_minutes: 100_000,
    earnings_micros: 48_000_000,
  },
];
// The January row's rates: 2.5 minutes and 1,200 micro-USD per view.
const OWN_WATCH_RATE = 2.5;
const OWN_EARNINGS_RATE = 1200;

interface World {
  a: number;
  b: number;
  c: number;
  d: number;
  e: number;
  f: number;
  snapshots: Snapshot[];
  facts: Row[];
}

async function seed(): Promise<World> {
  const a = await createChannel({ categoryId: 24 });
  const b = await createChannel({ categoryId: 10 });
  const c = await createChannel({ categoryId: 24 });
  const d = await createChannel({ categoryId: 10 });
  const e = await createChannel({ categoryId: 24 });
  const f = await createChannel({ categoryId: 24 });
  const grow = (base: number) => (i: number) => ({ views: base + 10 * i, subs: (i % 4) * 5 });
  const snapshots = [
    ...snapshotSeries(a, SNAPSHOT_DAYS, { subs: 9500, views: 520_000 }, grow(1000)),
    ...snapshotSeries(b, SNAPSHOT_DAYS, { subs: 20_000, views: 2_000_000 }, grow(2000)),
    ...snapshotSeries(c, SNAPSHOT_DAYS, { subs: 3000, views: 100_000 }, grow(300)),
    ...snapshotSeries(d, SNAPSHOT_DAYS, { subs: 4000, views: 150_000 }, grow(400)),
    ...snapshotSeries(e, daysBetween('2026-01-15', '2026-02-10'), { subs: 5000, views: 90_000 }, grow(50)),
    ...snapshotSeries(f, daysBetween('2026-03-10', LATEST), { subs: 700, views: 8000 }, grow(90)),
  ];
  await insertSnapshots(snapshots);
  await insertRows(
    'channel_history_monthly',
    IMPORTED.map((row) => ({ channel_id: a, ...row })),
  );
  // Partner facts of b from February 1 to March 18 (reports lag the snapshots by two days).
  const facts = daysBetween('2026-02-01', '2026-03-18').map((day, i): Row => ({
    channel_id: b,
    day,
    views: 2000 + i,
    watch_time_minutes: 3000 + 7 * i,
    partner_revenue_micros: 500_000 + 13 * i,
  }));
  await insertRows('channel_daily', facts);
  return { a, b, c, d, e, f, snapshots, facts };
}

const at = (w: World, channelId: number, day: string) => {
  const row = w.snapshots.find((s) => s.channel_id === channelId && s.day === day);
  if (!row) throw new Error(`no snapshot ${channelId} ${day}`);
  return row;
};
/** The row history or channel_now should hold for growth from base to end at the given rates. */
const figures = (w: World, channelId: number, base: string, end: string, rates: { watch: number; earnings: number }) => {
  const e = at(w, channelId, end);
  const b = at(w, channelId, base);
  const monthlyViews = e.view_count - b.view_count;
  return {
    subscriber_count: e.subscriber_count,
    view_count: e.view_count,
    video_count: e.video_count,
    monthly_views: monthlyViews,
    monthly_subs: e.subscriber_count - b.subscriber_count,
    watch_time_minutes: Math.round(monthlyViews * rates.watch),
    earnings_micros: Math.round(monthlyViews * rates.earnings),
  };
};
const OWN = { watch: OWN_WATCH_RATE, earnings: OWN_EARNINGS_RATE };
const NONE = { watch: 0, earnings: 0 };

async function historyOf(channelId: number): Promise<Row[]> {
  return (await dump('channel_history_monthly', 'channel_id, month')).filter((r) => r.channel_id === channelId);
}

describe('public history and channel_now', () => {
  it('derive months with a base snapshot, keep imported months, estimate from own and category rates, never from facts', async () => {
    const w = await seed();
    await refreshRollups(env.DB, { snapshotDays: SNAPSHOT_DAYS });
    const row = (channelId: number, month: string, value: object) => ({ channel_id: channelId, month, ...value });
    expect(await historyOf(w.a)).toEqual([
      { channel_id: w.a, ...IMPORTED[0] },
      { channel_id: w.a, ...IMPORTED[1] },
      row(w.a, '2026-02', figures(w, w.a, '2026-01-31', '2026-02-28', OWN)),
      row(w.a, '2026-03', figures(w, w.a, '2026-02-28', LATEST, OWN)),
    ]);
    // b's partner facts give it no rate: its category (10) has none, like d's.
    expect(await historyOf(w.b)).toEqual([
      row(w.b, '2026-02', figures(w, w.b, '2026-01-31', '2026-02-28', NONE)),
      row(w.b, '2026-03', figures(w, w.b, '2026-02-28', LATEST, NONE)),
    ]);
    // c has no rate of its own: its category's (a's); d's category has none at all.
    expect((await historyOf(w.c)).map((r) => r.watch_time_minutes)).toEqual([
      figures(w, w.c, '2026-01-31', '2026-02-28', OWN).watch_time_minutes,
      figures(w, w.c, '2026-02-28', LATEST, OWN).watch_time_minutes,
    ]);
    expect(await historyOf(w.d)).toEqual([
      row(w.d, '2026-02', figures(w, w.d, '2026-01-31', '2026-02-28', NONE)),
      row(w.d, '2026-03', figures(w, w.d, '2026-02-28', LATEST, NONE)),
    ]);
    expect(await historyOf(w.e)).toEqual([row(w.e, '2026-02', figures(w, w.e, '2026-01-31', '2026-02-10', OWN))]);
    expect(await historyOf(w.f)).toEqual([]);

    const now = await dump('channel_now', 'channel_id');
    expect(now.map((r) => r.channel_id)).toEqual([w.a, w.b, w.c, w.d, w.f]);
    expect(now.find((r) => r.channel_id === w.a)).toEqual({ channel_id: w.a, day: LATEST, ...figures(w, w.a, '2026-02-18', LATEST, OWN) });
    expect(now.find((r) => r.channel_id === w.b)).toEqual({
      channel_id: w.b,
      day: LATEST,
      ...figures(w, w.b, '2026-02-18', LATEST, NONE),
    });
    // Tracked for ten days: growth since its first snapshot.
    expect(now.find((r) => r.channel_id === w.f)).toEqual({ channel_id: w.f, day: LATEST, ...figures(w, w.f, '2026-03-10', LATEST, OWN) });

    // 'now' 30 days earlier, as of 2026-02-18: the 30 days to it, growth from 30 days before (or the first
    // snapshot); f was not tracked yet, e's last snapshot (February 10) is in those days.
    const previous = (channelId: number, base: string, end: string) => {
      const { watch_time_minutes: _watch, earnings_micros: _earnings, ...counters } = figures(w, channelId, base, end, NONE);
      return { channel_id: channelId, day: end, ...counters };
    };
    expect(await dump('channel_now_previous', 'channel_id')).toEqual([
      previous(w.a, '2026-01-19', '2026-02-18'),
      previous(w.b, '2026-01-19', '2026-02-18'),
      previous(w.c, '2026-01-19', '2026-02-18'),
      previous(w.d, '2026-01-19', '2026-02-18'),
      previous(w.e, '2026-01-15', '2026-02-10'),
    ]);
  });

  it('a changed snapshot moves its month and the next one; changed facts move no estimate; both equal a rebuild', async () => {
    const w = await seed();
    await refreshRollups(env.DB, { snapshotDays: SNAPSHOT_DAYS });
    await env.DB.prepare("UPDATE channel_snapshots SET view_count = view_count + 500 WHERE channel_id = ? AND day = '2026-01-31'")
      .bind(w.a)
      .run();
    const january = at(w, w.a, '2026-01-31');
    january.view_count += 500;
    await env.DB.prepare(
      "UPDATE channel_daily SET watch_time_minutes = watch_time_minutes + 100000 WHERE channel_id = ? AND day = '2026-02-10'",
    )
      .bind(w.b)
      .run();
    const fact = w.facts.find((r) => r.channel_id === w.b && r.day === '2026-02-10') as Row;
    fact.watch_time_minutes = Number(fact.watch_time_minutes) + 100_000;

    await refreshRollups(env.DB, { snapshotDays: ['2026-01-31'], channelDays: [{ channelId: w.b, day: '2026-02-10' }] });
    const a = await historyOf(w.a);
    expect(a.find((r) => r.month === '2026-01')).toEqual({ channel_id: w.a, ...IMPORTED[1] });
    expect(a.find((r) => r.month === '2026-02')).toEqual({
      channel_id: w.a,
      month: '2026-02',
      ...figures(w, w.a, '2026-01-31', '2026-02-28', OWN),
    });
    expect((await historyOf(w.b)).find((r) => r.month === '2026-02')).toEqual({
      channel_id: w.b,
      month: '2026-02',
      ...figures(w, w.b, '2026-01-31', '2026-02-28', NONE),
    });

    const rollups = async () => [
      await dump('channel_history_monthly', 'channel_id, month'),
      await dump('channel_now', 'channel_id'),
      await dump('channel_now_previous', 'channel_id'),
    ];
    const incremental = await rollups();
    await rebuildAllRollups(env.DB);
    expect(await rollups()).toEqual(incremental);
  });
});
