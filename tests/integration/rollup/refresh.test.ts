// refreshRollups as loads call it: nothing for no changes, and day-by-day refreshes that end where a full rebuild does.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { rebuildAllRollups, refreshRollups } from '../../../src/server/ingest/rollup/index';
import { createChannel, daysBetween, dump, insertRows, insertSnapshots, type Row } from './factory';
import { DAYS, seedPublicWorld, type Tracked } from './public-world';

const DERIVED: Array<[string, string]> = [
  ['channel_monthly', 'channel_id, month'],
  ['channel_country_monthly', 'channel_id, month, country_code'],
  ['channel_history_monthly', 'channel_id, month'],
  ['channel_now', 'channel_id'],
  ['channel_rankings', 'period, scope, scope_key, position'],
  ['network_stats', 'period, network_id'],
  ['global_stats', 'period, category_id, language_code, country_code'],
  ['trend_positions', 'country_code, hour, position'],
];
const dumpDerived = () => Promise.all(DERIVED.map(([table, order]) => dump(table, order)));
const H0 = Date.UTC(2026, 2, 19) / 1000;

function factRows(channelId: number, days: string[]): { daily: Row[]; countries: Row[] } {
  const daily = days.map((day, i) => ({
    channel_id: channelId,
    day,
    views: 2000 + 17 * i,
    watch_time_minutes: 5000 + 3 * i,
    partner_revenue_micros: 900_000 + i,
  }));
  const countries = daily.flatMap((row) => [
    { channel_id: channelId, day: row.day, country_code: 'US', views: row.views - 500 },
    { channel_id: channelId, day: row.day, country_code: 'CA', views: 500 },
  ]);
  return { daily, countries };
}

describe('refreshRollups', () => {
  it('does nothing when nothing changed', async () => {
    const channelId = await createChannel();
    await insertSnapshots([{ channel_id: channelId, day: '2026-03-01', subscriber_count: 10, view_count: 100, video_count: 1 }]);
    await insertRows('channel_daily', factRows(channelId, ['2026-03-01']).daily);
    expect(await refreshRollups(env.DB, {})).toMatchObject({ statements: 0 });
    expect(await refreshRollups(env.DB, { channelDays: [], snapshotDays: [], trendHours: [] })).toMatchObject({ statements: 0 });
    expect((await dumpDerived()).map((rows) => rows.length)).toEqual(DERIVED.map(() => 0));
  });

  it('refuses malformed keys', async () => {
    await expect(refreshRollups(env.DB, { snapshotDays: ['2026-3-1'] })).rejects.toThrow('not a day');
    await expect(refreshRollups(env.DB, { trendHours: [{ country: 'US', hour: 1800 }] })).rejects.toThrow('not a trend hour');
  });

  it('day-by-day loads end in the same rollups as a rebuild from the base tables', { retry: 1 }, async () => {
    const { channels } = await seedPublicWorld();
    // The world's snapshots were inserted at once; replay them as daily loads after clearing.
    await env.DB.prepare('DELETE FROM channel_snapshots').run();
    const partner = (channels[1] as Tracked).id;
    const facts = factRows(partner, daysBetween('2026-01-10', '2026-03-18'));
    const videos = ['trendvideo1', 'trendvideo2', 'trendvideo3'];
    await insertRows(
      'trend_videos',
      videos.map((videoId) => ({ video_id: videoId, channel_id: partner, video_title: videoId, published_at: H0 })),
    );

    const snapshotsOf = (day: string) => channels.flatMap((c) => c.snapshots.filter((s) => s.day === day));
    const load = async (days: string[]) => {
      await insertSnapshots(days.flatMap(snapshotsOf));
      const factDays = days.map((day) => new Date(Date.parse(`${day}T00:00:00Z`) - 2 * 86_400_000).toISOString().slice(0, 10));
      await insertRows(
        'channel_daily',
        facts.daily.filter((r) => factDays.includes(String(r.day))),
      );
      await insertRows(
        'channel_country_daily',
        facts.countries.filter((r) => factDays.includes(String(r.day))),
      );
      await refreshRollups(env.DB, {
        snapshotDays: days,
        channelDays: factDays.filter((day) => day >= '2026-01-10' && day <= '2026-03-18').map((day) => ({ channelId: partner, day })),
      });
    };
    await load(DAYS.filter((day) => day < '2026-02-01'));
    await load(DAYS.filter((day) => day >= '2026-02-01' && day < '2026-03-01'));
    // Two days a load: still incremental refreshes of days already rolled up, at half the test's run time
    // (the test pool's storage pop loses its connection on runs past about 7 s).
    const march = DAYS.filter((d) => d >= '2026-03-01');
    for (let i = 0; i < march.length; i += 2) await load(march.slice(i, i + 2));
    // Trend hours one at a time: the chart rotates by one video each hour.
    for (let h = 0; h < 4; h++) {
      const chart = [0, 1, 2].map((i) => videos[(i + h) % 3] as string);
      await insertRows(
        'trend_positions',
        chart.map((videoId, i) => ({
          country_code: 'US',
          hour: H0 + h * 3600,
          position: i + 1,
          video_id: videoId,
          views: 10,
          previous_position: null,
          best_position: i + 1,
        })),
      );
      await refreshRollups(env.DB, { trendHours: [{ country: 'US', hour: H0 + h * 3600 }] });
    }

    const incremental = await dumpDerived();
    expect(incremental.map((rows) => rows.length > 0)).toEqual(DERIVED.map(() => true));
    await rebuildAllRollups(env.DB);
    const rebuilt = await dumpDerived();
    DERIVED.forEach(([table], i) => expect({ table, rows: rebuilt[i] }).toEqual({ table, rows: incremental[i] }));
  });
});
