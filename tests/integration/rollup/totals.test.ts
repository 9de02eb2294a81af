// Network totals and positions, and global totals per (category, language, country), for every period.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { rebuildAllRollups, refreshRollups } from '../../../src/server/ingest/rollup/index';
import { dump, insertRows, type Row } from './factory';
import { DAYS, periodPair, previousMonth, seedPublicWorld, type Figures, type Tracked } from './public-world';

// December is the month the snapshots start in: channel one's imported row stays and gives its rate.
const IMPORTED = {
  month: '2025-12',
  subscriber_count: 50_000,
  view_count: 990_000,
  video_count: 9,
  monthly_views: 60_000,
  monthly_subs: 300,
  watch_time_minutes: 150_000,
  earnings_micros: 60_000_000,
};
const WATCH_RATE = 2.5;
const PERIODS = ['2025-12', '2026-01', '2026-02', '2026-03', 'now'];

interface Full extends Figures {
  watchTimeMinutes: number;
}

/** A channel's figures in a period (which 1: the period before), with estimated watch time. */
function figuresIn(c: Tracked, period: string, which: 0 | 1, first: number): Full | null {
  if (which === 1 && period !== 'now') return figuresIn(c, previousMonth(period), 0, first);
  if (period === '2025-12') {
    if (c.id !== first) return null;
    return {
      subscriberCount: IMPORTED.subscriber_count,
      monthlyViews: IMPORTED.monthly_views,
      monthlySubs: IMPORTED.monthly_subs,
      videoCount: IMPORTED.video_count,
      watchTimeMinutes: IMPORTED.watch_time_minutes,
    };
  }
  const f = periodPair(c, period)[which];
  if (!f) return null;
  // One has its own rate; category 24 borrows it (the category average); the others have none.
  const rate = c.categoryId === 24 ? WATCH_RATE : 0;
  return { ...f, watchTimeMinutes: Math.round(Math.max(f.monthlyViews, 0) * rate) };
}

function networkRows(channels: Tracked[], publicNetworks: number[], period: string, which: 0 | 1, first: number) {
  const totals = new Map<number, { channels_count: number; subscriber_count: number; monthly_views: number; monthly_subs: number }>();
  for (const c of channels) {
    const f = figuresIn(c, period, which, first);
    if (!f || c.networkId === null || !publicNetworks.includes(c.networkId)) continue;
    const t = totals.get(c.networkId) ?? { channels_count: 0, subscriber_count: 0, monthly_views: 0, monthly_subs: 0 };
    t.channels_count++;
    t.subscriber_count += f.subscriberCount;
    t.monthly_views += f.monthlyViews;
    t.monthly_subs += f.monthlySubs;
    totals.set(c.networkId, t);
  }
  const order = [...totals.entries()].sort((a, b) => b[1].monthly_views - a[1].monthly_views || a[0] - b[0]);
  return new Map(order.map(([id, t], i) => [id, { ...t, position: i + 1 }]));
}

function expectedNetworkStats(channels: Tracked[], publicNetworks: number[], period: string, first: number): Row[] {
  const current = networkRows(channels, publicNetworks, period, 0, first);
  const before = networkRows(channels, publicNetworks, period, 1, first);
  return [...current.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([networkId, t]) => ({
      network_id: networkId,
      period,
      ...t,
      previous_position: before.get(networkId)?.position ?? null,
    }));
}

function expectedGlobalStats(channels: Tracked[], period: string, first: number): Row[] {
  const rows = new Map<string, Row>();
  for (const c of channels) {
    const f = figuresIn(c, period, 0, first);
    if (!f) continue;
    const key = { category_id: c.categoryId ?? 0, language_code: c.languageCode ?? '', country_code: c.countryCode ?? 'ZZ' };
    const id = JSON.stringify(key);
    const row = rows.get(id) ?? {
      period,
      ...key,
      channels_count: 0,
      subscriber_count: 0,
      monthly_views: 0,
      monthly_subs: 0,
      video_count: 0,
      watch_time_minutes: 0,
    };
    const add = (k: string, v: number) => {
      row[k] = Number(row[k]) + v;
    };
    add('channels_count', 1);
    add('subscriber_count', f.subscriberCount);
    add('monthly_views', f.monthlyViews);
    add('monthly_subs', f.monthlySubs);
    add('video_count', f.videoCount);
    add('watch_time_minutes', f.watchTimeMinutes);
    rows.set(id, row);
  }
  const text = (r: Row) => `${String(r.category_id).padStart(3, '0')}|${r.language_code}|${r.country_code}`;
  return [...rows.values()].sort((a, b) => (text(a) < text(b) ? -1 : 1));
}

async function seed() {
  const world = await seedPublicWorld();
  const first = (world.channels[0] as Tracked).id;
  await insertRows('channel_history_monthly', [{ channel_id: first, ...IMPORTED }]);
  return { ...world, first };
}

describe('network and global totals', () => {
  it('sum public networks per period, rank them by monthly views, keep the previous position', async () => {
    const { channels, networks, first } = await seed();
    await refreshRollups(env.DB, { snapshotDays: DAYS });
    const publicNetworks = networks.slice(0, 2);
    // The columns of every metric's sums (migration 0040) are checked in tests/integration/public/ranking-metrics.test.ts.
    const stats = (await dump('network_stats', 'period, network_id')).map(
      ({ network_id, period, channels_count, subscriber_count, monthly_views, monthly_subs, position, previous_position }) => ({
        network_id,
        period,
        channels_count,
        subscriber_count,
        monthly_views,
        monthly_subs,
        position,
        previous_position,
      }),
    );
    for (const period of PERIODS) {
      expect(stats.filter((r) => r.period === period)).toEqual(expectedNetworkStats(channels, publicNetworks, period, first));
    }
    expect(stats.some((r) => r.network_id === networks[2])).toBe(false);
    // Channels 3 and 4 (6,000 views a day) outdo 1, 2 and 7 (5,700); the private network is not listed.
    expect(stats.filter((r) => r.period === '2026-03').map((r) => [r.network_id, r.position])).toEqual([
      [networks[0], 2],
      [networks[1], 1],
    ]);
  });

  it('total every period per category, language and country (0, empty and ZZ for none)', async () => {
    const { channels, first } = await seed();
    await refreshRollups(env.DB, { snapshotDays: DAYS });
    const stats = await dump('global_stats', "period, printf('%03d', category_id), language_code, country_code");
    for (const period of PERIODS) {
      const expected = expectedGlobalStats(channels, period, first);
      expect(stats.filter((r) => r.period === period)).toEqual(expected);
    }
    expect(
      stats.filter((r) => r.period === 'now' && r.category_id === 0 && r.language_code === '' && r.country_code === 'ZZ'),
    ).toHaveLength(1);
    const rebuiltFrom = await dump('network_stats', 'period, network_id');
    await rebuildAllRollups(env.DB);
    expect(await dump('global_stats', "period, printf('%03d', category_id), language_code, country_code")).toEqual(stats);
    expect(await dump('network_stats', 'period, network_id')).toEqual(rebuiltFrom);
  });
});
