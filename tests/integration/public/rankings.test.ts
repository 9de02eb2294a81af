// Rankings calls: order and position change from the rows inserted here, each filter and a combination,
// the 200 limit, networks and a network's channels, 404s and 400s, and the {data: {body}} envelope.
import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { refreshRollups } from '../../../src/server/ingest/rollup/index';
import type { ChannelRankingRow, NetworkRankingRow } from '../../../src/lib/api/public-channels';
import { call } from '../http';
import { createChannel, createNetwork, insertRows } from '../rollup/factory';
import { DAYS, periodPair, seedPublicWorld, type Figures, type Tracked } from '../rollup/public-world';

const PERIODS = ['2026-02', '2026-03', 'now'] as const;

async function compat<T>(path: string, query: Record<string, string> = {}): Promise<{ status: number; body: T }> {
  const search = new URLSearchParams({ path: `/youtube/api${path}`, ...query });
  const res = await call(`/api/analytics?${search}`);
  const json = (await res.json()) as { data?: { body: T } };
  return { status: res.status, body: json.data?.body as T };
}

type Key = 'subscriberCount' | 'monthlyViews';
/** Positions of the channels passing keep, ordered by key then the other metric then id. */
function rankBy(
  channels: Tracked[],
  figures: (c: Tracked) => Figures | null,
  keep: (c: Tracked) => boolean,
  key: Key,
): Map<number, number> {
  const other: Key = key === 'subscriberCount' ? 'monthlyViews' : 'subscriberCount';
  const listed = channels
    .filter((c) => keep(c) && figures(c) !== null)
    .sort((x, y) => {
      const fx = figures(x) as Figures;
      const fy = figures(y) as Figures;
      return fy[key] - fx[key] || fy[other] - fx[other] || x.id - y.id;
    });
  return new Map(listed.map((c, i) => [c.id, i + 1]));
}

/** The expected rows (youtube id order, diff, figures) computed from the world's snapshots. */
function expected(channels: Tracked[], period: string, keep: (c: Tracked) => boolean, key: Key = 'subscriberCount') {
  const now = rankBy(channels, (c) => periodPair(c, period)[0], keep, key);
  const before = rankBy(channels, (c) => periodPair(c, period)[1], keep, key);
  return [...now]
    .sort((a, b) => a[1] - b[1])
    .map(([id, num]) => {
      const [cur, prev] = periodPair(channels.find((c) => c.id === id) as Tracked, period);
      const was = before.get(id);
      return {
        id,
        num,
        diff: was === undefined ? null : was - num,
        subscriber_count: cur?.subscriberCount,
        monthly_views: cur?.monthlyViews,
        monthly_subs: cur?.monthlySubs,
        a_monthly_views: prev?.monthlyViews ?? null,
        a_monthly_subs: prev?.monthlySubs ?? null,
      };
    });
}

async function youtubeIds(): Promise<Map<number, string>> {
  const { results } = await env.DB.prepare('SELECT id, youtube_id FROM channels').all<{ id: number; youtube_id: string }>();
  return new Map(results.map((r) => [r.id, r.youtube_id]));
}

const shape = (rows: ChannelRankingRow[]) =>
  rows.map((r) => ({
    id: r.channel_id,
    num: r.num,
    diff: r.diff,
    subscriber_count: r.subscriber_count,
    monthly_views: r.monthly_views,
    monthly_subs: r.monthly_subs,
    a_monthly_views: r.a_monthly_views,
    a_monthly_subs: r.a_monthly_subs,
  }));

describe('top channels', () => {
  let world: Tracked[];
  let ids: Map<number, string>;
  const named = (rows: ReturnType<typeof expected>) => rows.map((r) => ({ ...r, id: ids.get(r.id) }));

  beforeEach(async () => {
    world = (await seedPublicWorld()).channels;
    await refreshRollups(env.DB, { snapshotDays: DAYS });
    ids = await youtubeIds();
  });

  it('ranks by subscribers with the position change, overall and under each single filter', async () => {
    const filters: [Record<string, string>, (c: Tracked) => boolean][] = [
      [{}, () => true],
      [{ category: '24' }, (c) => c.categoryId === 24],
      [{ lang: 'es' }, (c) => c.languageCode === 'es'],
      [{ country: 'us' }, (c) => c.countryCode === 'US'],
    ];
    for (const period of PERIODS) {
      for (const [filter, keep] of filters) {
        const { status, body } = await compat<ChannelRankingRow[]>('/stat/get_top_channels', { ...filter, period });
        expect(status).toBe(200);
        expect(shape(body), `${period} ${JSON.stringify(filter)}`).toEqual(named(expected(world, period, keep)));
      }
    }
    // February: channel 2 passes channel 1 (one up, one down); March: channel 7 is new (null diff).
    const march = (await compat<ChannelRankingRow[]>('/stat/get_top_channels', { period: '2026-03' })).body;
    expect(march.find((r) => r.channel_id === ids.get(world[6]!.id))?.diff).toBeNull();
    const feb = (await compat<ChannelRankingRow[]>('/stat/get_top_channels', { period: '2026-02-01' })).body;
    expect(feb.slice(1, 3).map((r) => [r.channel_id, r.diff])).toEqual([
      [ids.get(world[1]!.id), 1],
      [ids.get(world[0]!.id), -1],
    ]);
  });

  it('computes a combination of filters, and other metrics', async () => {
    for (const period of PERIODS) {
      const keep = (c: Tracked) => c.categoryId === 24 && c.countryCode === 'US' && c.languageCode === 'en';
      const { body } = await compat<ChannelRankingRow[]>('/stat/get_top_channels', { period, category: '24', country: 'US', lang: 'en' });
      expect(shape(body)).toEqual(named(expected(world, period, keep)));
      const byViews = await compat<ChannelRankingRow[]>('/stat/get_top_channels', { period, metric: 'monthly_views', category: '10' });
      expect(shape(byViews.body)).toEqual(named(expected(world, period, (c) => c.categoryId === 10, 'monthlyViews')));
    }
    const [row] = (await compat<ChannelRankingRow[]>('/stat/get_top_channels', { category: '24', country: 'GB' })).body;
    expect(row).toMatchObject({
      num: 1,
      channel_id: ids.get(world[1]!.id),
      country_code2: 'GB',
      category: 'Entertainment',
      category_id: 24,
    });
    expect(row?.revenue.high).toBeGreaterThan(row?.revenue.low ?? Infinity);
    expect(row?.channel_title).toMatch(/^Channel \d+$/);
  });

  it('answers No data as an empty list', async () => {
    expect((await compat('/stat/get_top_channels', { period: '2025-06' })).body).toEqual([]);
    expect((await compat('/stat/get_top_channels', { category: '24', country: 'FR' })).body).toEqual([]);
  });
});

describe('the ranking limit', () => {
  it('returns 200 rows at most, in order, and the limit asked for', async () => {
    const rows = [];
    for (let i = 0; i < 205; i += 1) {
      const id = await createChannel({ categoryId: 20, countryCode: 'DE', languageCode: 'de' });
      rows.push({
        channel_id: id,
        day: '2026-03-20',
        subscriber_count: 1000 + ((i * 37) % 205),
        view_count: 1,
        video_count: 1,
        monthly_views: i,
        monthly_subs: 0,
        watch_time_minutes: 0,
        earnings_micros: 0,
      });
    }
    await insertRows('channel_now', rows);
    const ranked = [...rows].sort((a, b) => b.subscriber_count - a.subscriber_count || b.monthly_views - a.monthly_views);
    const ids = await youtubeIds();
    const { body } = await compat<ChannelRankingRow[]>('/stat/get_top_channels', { category: '20', country: 'DE' });
    expect(body).toHaveLength(200);
    expect(body.map((r) => r.channel_id)).toEqual(ranked.slice(0, 200).map((r) => ids.get(r.channel_id)));
    expect(body.map((r) => r.num)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(body.every((r) => r.diff === null)).toBe(true);
    expect((await compat<ChannelRankingRow[]>('/stat/get_top_channels', { category: '20', lang: 'de', limit: '3' })).body).toHaveLength(3);
  });
});

describe('networks', () => {
  let world: Tracked[];
  let networks: number[];
  let slugs: Map<number, string>;

  beforeEach(async () => {
    ({ channels: world, networks } = await seedPublicWorld());
    await refreshRollups(env.DB, { snapshotDays: DAYS });
    const { results } = await env.DB.prepare('SELECT id, slug FROM networks').all<{ id: number; slug: string }>();
    slugs = new Map(results.map((r) => [r.id, r.slug]));
  });

  /** Public networks' sums over the channels kept, ranked by monthly views then id, with the diff. */
  function expectedNetworks(period: string, keep: (c: Tracked) => boolean) {
    const totals = (which: 0 | 1) => {
      const sums = new Map<number, { subscriber_count: number; monthly_views: number; monthly_subs: number; channels_count: number }>();
      for (const c of world) {
        const f = periodPair(c, period)[which];
        if (!f || !keep(c) || c.networkId === null || c.networkId === networks[2]) continue;
        const s = sums.get(c.networkId) ?? { subscriber_count: 0, monthly_views: 0, monthly_subs: 0, channels_count: 0 };
        sums.set(c.networkId, {
          subscriber_count: s.subscriber_count + f.subscriberCount,
          monthly_views: s.monthly_views + f.monthlyViews,
          monthly_subs: s.monthly_subs + f.monthlySubs,
          channels_count: s.channels_count + 1,
        });
      }
      return [...sums].sort((a, b) => b[1].monthly_views - a[1].monthly_views || a[0] - b[0]);
    };
    const before = totals(1).map(([id]) => id);
    return totals(0).map(([id, s], i) => ({
      network_mcn: slugs.get(id),
      mcn_name: expect.any(String),
      ...s,
      num: i + 1,
      diff: before.includes(id) ? before.indexOf(id) + 1 - (i + 1) : null,
    }));
  }

  /** The fields this test computes (ranking-metrics.test.ts checks the rest). */
  const sums = (rows: NetworkRankingRow[]) =>
    rows.map(({ network_mcn, mcn_name, subscriber_count, monthly_views, monthly_subs, channels_count, num, diff }) => ({
      network_mcn,
      mcn_name,
      subscriber_count,
      monthly_views,
      monthly_subs,
      channels_count,
      num,
      diff,
    }));

  it('ranks public networks by monthly views, over all channels or those of a language or country', async () => {
    for (const period of PERIODS) {
      const all = await compat<NetworkRankingRow[]>('/stat/get_top_networks', { period });
      expect(sums(all.body)).toEqual(expectedNetworks(period, () => true));
      expect(all.body.map((r) => r.network_mcn)).not.toContain(slugs.get(networks[2]!));
      const us = await compat<NetworkRankingRow[]>('/stat/get_top_networks', { period, country: 'US' });
      expect(sums(us.body)).toEqual(expectedNetworks(period, (c) => c.countryCode === 'US'));
      const es = await compat<NetworkRankingRow[]>('/stat/get_top_networks', { period, lang: 'es', country: 'MX' });
      expect(sums(es.body)).toEqual(expectedNetworks(period, (c) => c.languageCode === 'es' && c.countryCode === 'MX'));
    }
  });

  it("lists a network's channels by monthly views; unknown and private networks are 404", async () => {
    const first = slugs.get(networks[0]!) as string;
    const ids = await youtubeIds();
    for (const period of PERIODS) {
      const { status, body } = await compat<ChannelRankingRow[]>('/stat/get_channels_top_by_mcn', { network_mcn: first, period });
      expect(status).toBe(200);
      const want = expected(world, period, (c) => c.networkId === networks[0], 'monthlyViews');
      expect(shape(body)).toEqual(want.map((r) => ({ ...r, id: ids.get(r.id) })));
    }
    expect((await compat('/stat/get_channels_top_by_mcn', { network_mcn: 'no-such-network' })).status).toBe(404);
    expect((await compat('/stat/get_channels_top_by_mcn', { network_mcn: slugs.get(networks[2]!) as string })).status).toBe(404);
  });

  it('keeps a network without figures in the period out of the list', async () => {
    const empty = await createNetwork();
    await createChannel({ networkId: empty });
    const { body } = await compat<NetworkRankingRow[]>('/stat/get_top_networks', {});
    expect(body.map((r) => r.network_mcn)).not.toContain(slugs.get(empty));
  });
});

describe('bad parameters', () => {
  it.each([
    ['/stat/get_top_channels', { period: '2026-13' }, 'period'],
    ['/stat/get_top_channels', { limit: '0' }, 'limit'],
    ['/stat/get_top_channels', { limit: '201' }, 'limit'],
    ['/stat/get_top_channels', { category: 'music' }, 'category'],
    ['/stat/get_top_channels', { metric: 'likes' }, 'metric'],
    ['/stat/get_top_channels', { country: 'USA' }, 'country'],
    ['/stat/get_top_networks', { lang: 'English!' }, 'lang'],
    ['/stat/get_channels_top_by_mcn', {}, 'network_mcn'],
  ])('%s %o is a 400 naming %s', async (path, query, field) => {
    const search = new URLSearchParams({ path: `/youtube/api${path}`, ...query });
    const res = await call(`/api/analytics?${search}`);
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain(field);
  });

  it('ignores format', async () => {
    const { status, body } = await compat('/stat/get_top_channels', { format: 'csv' });
    expect(status).toBe(200);
    expect(body).toEqual([]);
  });
});
