// A ranking as deep as its data: a network of 207 channels listed whole across pages of 100, the
// overall ranking's pages meeting at their boundaries, and the total each page carries.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChannelRankingRow } from '../../../src/lib/api/public-channels';
import { refreshRollups } from '../../../src/server/ingest/rollup/index';
import { publicContext } from '../../../src/server/public/context';
import { getTopChannels } from '../../../src/server/public/rankings/channels';
import { getNetworkChannels } from '../../../src/server/public/rankings/networks';
import { call } from '../http';
import { createChannel, createNetwork, daysBetween, insertSnapshots, snapshotSeries } from '../rollup/factory';

const CHANNELS = 207;
const DAYS = daysBetween('2026-02-01', '2026-03-20');
let slug: string;
/** The network's channels in the order the test expects: monthly views, then subscribers, then id. */
let expected: { youtube_id: string; monthly_views: number; subscriber_count: number; id: number }[];

async function compat(path: string, query: Record<string, string>): Promise<ChannelRankingRow[]> {
  const res = await call(`/api/analytics?${new URLSearchParams({ path: `/youtube/api${path}`, ...query })}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { body: ChannelRankingRow[] } }).data.body;
}

beforeAll(async () => {
  const network = await createNetwork();
  slug = (await env.DB.prepare('SELECT slug FROM networks WHERE id = ?').bind(network).first<{ slug: string }>())!.slug;
  const snapshots = [];
  const made = [];
  for (let i = 0; i < CHANNELS; i += 1) {
    const id = await createChannel({ networkId: network, categoryId: 20, countryCode: 'DE', languageCode: 'de' });
    // Views per day repeat every 50 channels, so monthly views tie and subscribers break the ties.
    const perDay = 100 + (i % 50) * 10;
    const subs = 1000 + ((i * 37) % CHANNELS);
    snapshots.push(...snapshotSeries(id, DAYS, { subs, views: 10_000 }, () => ({ views: perDay, subs: 0 })));
    made.push(id);
  }
  await insertSnapshots(snapshots);
  await refreshRollups(env.DB, { snapshotDays: DAYS });
  const { results } = await env.DB.prepare(
    `SELECT c.youtube_id, c.id, f.monthly_views, f.subscriber_count FROM channel_now AS f JOIN channels AS c ON c.id = f.channel_id
     WHERE c.id IN (SELECT value FROM json_each(?))`,
  )
    .bind(JSON.stringify(made))
    .all<{ youtube_id: string; id: number; monthly_views: number; subscriber_count: number }>();
  expected = results.sort((a, b) => b.monthly_views - a.monthly_views || b.subscriber_count - a.subscriber_count || a.id - b.id);
});

describe('ranking pages', () => {
  it('lists all 207 channels of a network across three pages of 100, with the total on each', async () => {
    expect(expected).toHaveLength(CHANNELS);
    const ctx = publicContext(env);
    const pages = [];
    for (const page of [1, 2, 3]) {
      const ranking = await getNetworkChannels(ctx, { network_mcn: slug, period: 'now', metric: 'monthly_views', limit: 100, page });
      expect(ranking.total).toBe(CHANNELS);
      expect(ranking.rows).toHaveLength(page === 3 ? 7 : 100);
      pages.push(...ranking.rows);
    }
    expect(pages.map((r) => r.channel_id)).toEqual(expected.map((c) => c.youtube_id));
    expect(pages.map((r) => r.num)).toEqual(expected.map((_, i) => i + 1));
    const past = await getNetworkChannels(ctx, { network_mcn: slug, period: 'now', metric: 'monthly_views', limit: 100, page: 4 });
    expect(past).toEqual({ rows: [], total: CHANNELS });
    // The call pages the same way.
    const call2 = await compat('/stat/get_channels_top_by_mcn', { network_mcn: slug, limit: '100', page: '2' });
    expect(call2.map((r) => r.channel_id)).toEqual(expected.slice(100, 200).map((c) => c.youtube_id));
  });

  it('meets at page boundaries in the overall ranking (stored positions) and in a filtered one (computed)', async () => {
    const ctx = publicContext(env);
    for (const filter of [{}, { country: 'DE' }]) {
      const base = { period: 'now', metric: 'monthly_views' as const, limit: 100, ...filter };
      const whole = [];
      let total = 0;
      for (let page = 1; page <= 3; page += 1) {
        const ranking = await getTopChannels(ctx, { ...base, page });
        total = ranking.total;
        whole.push(...ranking.rows);
      }
      expect(total, JSON.stringify(filter)).toBe(CHANNELS);
      expect(whole.map((r) => r.num)).toEqual(Array.from({ length: CHANNELS }, (_, i) => i + 1));
      expect(whole.map((r) => r.channel_id)).toEqual(expected.map((c) => c.youtube_id));
      // Rows 100 and 101 through a limit that straddles the boundary.
      const straddle = await getTopChannels(ctx, { ...base, limit: 2, page: 50 });
      expect(straddle.rows.map((r) => r.num)).toEqual([99, 100]);
      expect(straddle.rows.map((r) => r.channel_id)).toEqual(expected.slice(98, 100).map((c) => c.youtube_id));
    }
  });
});
