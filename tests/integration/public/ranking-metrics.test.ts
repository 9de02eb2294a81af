// Every ranking metric, for channels and networks: order, values and position changes equal what this
// test computes from the seeded tables (the rollups' figures rows and the channels), stored and computed
// lists agree, and the compatibility calls page through a ranking.
import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { RANKING_METRIC_KEYS } from '../../../src/lib/public/ranking-metrics';
import type { ChannelInfo, ChannelRankingRow, NetworkRankingRow } from '../../../src/lib/api/public-channels';
import { refreshRollups } from '../../../src/server/ingest/rollup/index';
import { publicContext } from '../../../src/server/public/context';
import { rankChannels } from '../../../src/server/public/rankings/channels';
import type { ChannelFilter } from '../../../src/server/public/rankings/figures';
import { storedFilterOf } from '../../../src/server/public/rankings/filter-slices';
import { call } from '../http';
import { insertRows } from '../rollup/factory';
import { DAYS, seedPublicWorld, type Tracked } from '../rollup/public-world';
import { channelShape, expectedChannels, expectedNetworks, figures } from './ranking-expected';

const PERIODS = ['2026-02', '2026-03', 'now'] as const;

async function compat<T>(path: string, query: Record<string, string>): Promise<{ status: number; body: T }> {
  const res = await call(`/api/analytics?${new URLSearchParams({ path: `/youtube/api${path}`, ...query })}`);
  const json = (await res.json()) as { data?: { body: T } };
  return { status: res.status, body: json.data?.body as T };
}

/** Imported public history before tracking began, so watch time has per-channel rates (rates.ts). */
async function seedImportedHistory(world: Tracked[]): Promise<void> {
  await insertRows(
    'channel_history_monthly',
    world.map((c, i) => ({
      channel_id: c.id,
      month: '2025-11',
      subscriber_count: 1000,
      view_count: 100_000,
      video_count: 10,
      monthly_views: 10_000,
      monthly_subs: 10,
      watch_time_minutes: 10_000 * (1 + ((i * 3) % 7)),
      earnings_micros: 0,
    })),
  );
}

describe('ranking metrics', () => {
  let world: Tracked[];

  beforeEach(async () => {
    world = (await seedPublicWorld()).channels;
    await seedImportedHistory(world);
    await refreshRollups(env.DB, { snapshotDays: DAYS });
  });

  it('ranks channels by every metric, overall and under a filter, as computed from the figures rows', async () => {
    const nonZeroWatch = (await figures('now', 'current')).filter((f) => f.watch_time_minutes > 0);
    expect(new Set(nonZeroWatch.map((f) => f.watch_time_minutes)).size).toBeGreaterThan(2);
    for (const period of PERIODS) {
      for (const metric of RANKING_METRIC_KEYS) {
        const all = await compat<ChannelRankingRow[]>('/stat/get_top_channels', { period, metric });
        expect(all.status).toBe(200);
        expect(channelShape(all.body), `${period} ${metric}`).toEqual(await expectedChannels(period, metric, () => true));
        const us = await compat<ChannelRankingRow[]>('/stat/get_top_channels', { period, metric, country: 'US' });
        expect(channelShape(us.body), `${period} ${metric} US`).toEqual(
          await expectedChannels(period, metric, (f) => f.country_code === 'US'),
        );
      }
    }
  });

  it('gives the stored positions and the computed ranking the same rows for every metric', async () => {
    const ctx = publicContext(env);
    const ids = JSON.stringify(world.map((c) => c.id));
    for (const period of PERIODS) {
      for (const metric of RANKING_METRIC_KEYS) {
        const plan = { period, metric, limit: 100, offset: 0 };
        const stored = await rankChannels(ctx, { ...plan, filters: [] });
        const computed = await rankChannels(ctx, { ...plan, filters: [{ column: 'ids', value: ids }] });
        expect(stored.rows.length).toBeGreaterThan(0);
        expect(computed, `${period} ${metric}`).toEqual(stored);
      }
    }
  });

  it("gives a filter's stored positions and its computed ranking the same rows, for months and the last 30 days", async () => {
    const ctx = publicContext(env);
    const everyone = { column: 'ids' as const, value: JSON.stringify(world.map((c) => c.id)) };
    const us = { column: 'country_code', value: 'US' } as const;
    const gaming = { column: 'category_id', value: 24 } as const;
    const conditions: ChannelFilter[][] = [
      [us],
      [gaming],
      [{ column: 'language_code', value: 'es' }],
      [{ column: 'network_id', value: world.find((c) => c.networkId !== null)!.networkId! }],
      [us, gaming],
      [
        { column: 'language_code', value: 'es' },
        { column: 'category_id', value: 10 },
      ],
      [{ column: 'language_code', value: 'en' }, gaming, us],
    ];
    for (const period of PERIODS) {
      for (const filters of conditions) {
        const { filter, value } = storedFilterOf(filters)!;
        for (const metric of RANKING_METRIC_KEYS) {
          const slices = await env.DB.prepare(
            'SELECT count(*) AS n FROM channel_filter_slices WHERE period = ? AND metric = ? AND filter = ? AND value = ?',
          )
            .bind(period, metric, filter, value)
            .first<{ n: number }>();
          expect(slices!.n, `${period} ${filter} ${metric} stored`).toBeGreaterThan(0);
          for (const [limit, offset] of [
            [100, 0],
            [2, 1],
          ] as const) {
            const plan = { period, metric, limit, offset };
            const fromStore = await rankChannels(ctx, { ...plan, filters });
            const computed = await rankChannels(ctx, { ...plan, filters: [...filters, everyone] });
            const label = `${period} ${filter} ${value} ${metric} ${offset}`;
            expect(fromStore.total, label).toBeGreaterThan(0);
            expect(fromStore, label).toEqual(computed);
          }
        }
      }
    }
  });

  it('ranks public networks by every metric, overall and under a country', async () => {
    for (const period of PERIODS) {
      for (const metric of RANKING_METRIC_KEYS) {
        const all = await compat<NetworkRankingRow[]>('/stat/get_top_networks', { period, metric });
        const shape = (rows: NetworkRankingRow[]) => rows.map(({ mcn_name: _name, ...r }) => r);
        expect(shape(all.body), `${period} ${metric}`).toEqual(await expectedNetworks(period, metric, () => true));
        const us = await compat<NetworkRankingRow[]>('/stat/get_top_networks', { period, metric, country: 'US' });
        expect(shape(us.body), `${period} ${metric} US`).toEqual(await expectedNetworks(period, metric, (f) => f.country_code === 'US'));
      }
    }
  });

  it('computes network sums while network_stats still holds rows written before their columns', async () => {
    await env.DB.prepare(
      `UPDATE network_stats SET view_count = 0, watch_time_minutes = 0, earnings_low = 0, earnings_high = 0, prev_channels_count = NULL,
        prev_subscriber_count = NULL, prev_view_count = NULL, prev_monthly_views = NULL, prev_monthly_subs = NULL,
        prev_watch_time_minutes = NULL, prev_earnings_low = NULL, prev_earnings_high = NULL`,
    ).run();
    for (const metric of ['view_count', 'earnings'] as const) {
      const { body } = await compat<NetworkRankingRow[]>('/stat/get_top_networks', { period: 'now', metric });
      expect(body.map(({ mcn_name: _name, ...r }) => r)).toEqual(await expectedNetworks('now', metric, () => true));
    }
  });

  it("shows on each channel's page the figures its ranking row shows, estimates included", async () => {
    for (const period of PERIODS) {
      const rows = (await compat<ChannelRankingRow[]>('/stat/get_top_channels', { period, metric: 'watchtime' })).body;
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        const info = (await compat<ChannelInfo>('/stat/channel_info', { channel_id: row.channel_id, period })).body.info_now;
        expect(info, `${period} ${row.channel_id}`).toMatchObject({
          subscriber_count: row.subscriber_count,
          view_count: row.view_count,
          monthly_views: row.monthly_views,
          monthly_subs: row.monthly_subs,
          watchtime: row.watchtime,
          earnings: { ...row.revenue, estimated: true },
          figures_source: 'estimate',
        });
      }
    }
  });

  it('pages the calls: page N of limit L starts at row (N - 1) * L + 1', async () => {
    const whole = (await compat<ChannelRankingRow[]>('/stat/get_top_channels', { metric: 'earnings' })).body;
    expect(whole.length).toBe(world.length);
    const pages = [];
    for (let page = 1; page <= 3; page += 1) {
      pages.push(
        ...(await compat<ChannelRankingRow[]>('/stat/get_top_channels', { metric: 'earnings', limit: '3', page: String(page) })).body,
      );
    }
    expect(pages).toEqual(whole);
    expect((await compat<ChannelRankingRow[]>('/stat/get_top_channels', { limit: '3', page: '9' })).body).toEqual([]);
    for (const page of ['0', '-1', '1.5', 'two', '1000001']) {
      const res = await call(`/api/analytics?${new URLSearchParams({ path: '/youtube/api/stat/get_top_channels', page })}`);
      expect(res.status, page).toBe(400);
      expect(JSON.stringify(await res.json())).toContain('page');
    }
  });
});
