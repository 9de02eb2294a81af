// /global's server functions through the compatibility call: sums, percent changes, filters, reports, top lists.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../http';
import type { PublicGetAnswers, PublicGetPath } from '../../../src/lib/api/public';
import { getGlobalTopChannels, getTopRandomChannels } from '../../../src/server/public/global/top';
import { getGlobalPage, pickTrendCountries } from '../../../src/server/public/global/page';
import { LATEST_DAY, seedGlobalWorld, STATS, type GlobalWorld, type StatRow, type Tracked } from './global-world';

type Query = Record<string, string>;

async function body<P extends PublicGetPath>(path: P, query: Query = {}): Promise<PublicGetAnswers[P]> {
  const res = await call(`/api/analytics?${new URLSearchParams({ path: `/youtube/api${path}`, ...query })}`);
  expect(res.status, `${path} ${JSON.stringify(query)}`).toBe(200);
  const payload = (await res.json()) as { data: { body: PublicGetAnswers[P] } };
  expect(Object.keys(payload)).toEqual(['data']);
  expect(Object.keys(payload.data)).toEqual(['body']);
  return payload.data.body;
}

/** The rows a query's filters select, computed here from the inserted rows. */
function matching(q: Query, period: string): StatRow[] {
  return STATS.filter(
    (r) =>
      r.period === period &&
      (!q.category || r.category_id === Number(q.category)) &&
      (!q.lang || r.language_code === q.lang) &&
      (!q.country || r.country_code === q.country),
  );
}
const total = (rows: StatRow[], key: keyof StatRow) => rows.reduce((s, r) => s + Number(r[key]), 0);
const pct = (cur: number, prev: number) => (prev === 0 ? null : Math.round(((cur - prev) / prev) * 10_000) / 100);

let world: GlobalWorld;
beforeAll(async () => {
  world = await seedGlobalWorld();
});

describe('get_diff_report', () => {
  const cases: [string, Query, string][] = [
    ['a month, no filter', { period: '2026-03' }, '2026-02'],
    ['a day of a month', { period: '2026-03-15' }, '2026-02'],
    ["'now' (compared with the month 45 days before the newest snapshot)", {}, '2026-02'],
    ['category', { period: 'now', category: '20' }, '2026-02'],
    ['language', { period: '2026-03', lang: 'es' }, '2026-02'],
    ['country', { period: 'now', country: 'US' }, '2026-02'],
    ['all three', { period: '2026-03', category: '20', lang: 'es', country: 'US' }, '2026-02'],
  ];
  for (const [name, q, previous] of cases) {
    it(`sums the rows and compares with the previous period: ${name}`, async () => {
      const period = q.period ? q.period.slice(0, 7) : 'now';
      const cur = matching(q, period);
      const prev = matching(q, previous);
      const report = await body('/stat/get_diff_report', q);
      expect(report).toMatchObject({
        arch_date: period === 'now' ? LATEST_DAY : `${period}-01`,
        previous_period: previous,
        monthly_views: total(cur, 'monthly_views'),
        estimaited_monthly_subs: total(cur, 'monthly_subs'),
        video_count: total(cur, 'video_count'),
        watchtime: total(cur, 'watch_time_minutes'),
        subscriber_count: total(cur, 'subscriber_count'),
        percent_monthly_views: pct(total(cur, 'monthly_views'), total(prev, 'monthly_views')),
        percent_estimaited_monthly_subs: pct(total(cur, 'monthly_subs'), total(prev, 'monthly_subs')),
        percent_video_count: pct(total(cur, 'video_count'), total(prev, 'video_count')),
        percent_watchtime: pct(total(cur, 'watch_time_minutes'), total(prev, 'watch_time_minutes')),
      });
      expect(report.monthly_views).toBeGreaterThan(0);
    });
  }

  it('answers zeros and no change for a filter no row matches, and for a month without a month before', async () => {
    expect(await body('/stat/get_diff_report', { country: 'FR' })).toMatchObject({ monthly_views: 0, percent_monthly_views: null });
    const feb = await body('/stat/get_diff_report', { period: '2026-02' });
    expect(feb).toMatchObject({ monthly_views: total(matching({}, '2026-02'), 'monthly_views'), percent_monthly_views: null });
  });
});

describe('get_main_graph', () => {
  it('gives every month oldest first with the filtered sums, without now', async () => {
    for (const q of [{}, { country: 'US' }, { category: '10', lang: 'en' }] as Query[]) {
      const graph = await body('/stat/get_main_graph', q);
      const months = ['2026-02', '2026-03'].filter((m) => matching(q, m).length > 0);
      expect(graph.map((p) => p.month_date)).toEqual(months.map((m) => `${m}-01`));
      expect(graph.map((p) => p.monthly_views)).toEqual(months.map((m) => total(matching(q, m), 'monthly_views')));
      expect(graph.map((p) => p.watchtime)).toEqual(months.map((m) => total(matching(q, m), 'watch_time_minutes')));
    }
  });
});

describe('country, category and language reports', () => {
  function grouped(q: Query, period: string, key: 'country_code' | 'category_id' | 'language_code') {
    const groups = new Map<string | number, StatRow[]>();
    for (const r of matching(q, period)) groups.set(r[key], [...(groups.get(r[key]) ?? []), r]);
    return [...groups.entries()]
      .map(([k, rows]) => ({
        key: k,
        views: total(rows, 'monthly_views'),
        subs: total(rows, 'subscriber_count'),
        wt: total(rows, 'watch_time_minutes'),
        msubs: total(rows, 'monthly_subs'),
      }))
      .sort((a, b) => b.views - a.views);
  }

  it('splits the period by country with names, biggest first', async () => {
    for (const q of [{ period: 'now' }, { period: '2026-03', category: '20' }] as Query[]) {
      const rows = await body('/stat/get_country_reports', q);
      const expected = grouped(q, q.period!, 'country_code');
      expect(rows.map((r) => [r.country_code2, r.monthly_views, r.estimaited_subscribers])).toEqual(
        expected.map((e) => [e.key, e.views, e.subs]),
      );
      expect(rows.find((r) => r.country_code2 === 'US')?.country_name).toBe('United States');
    }
  });

  it('gives category records with id, category_name, estimaited_subscribers, monthly_views, watchtime', async () => {
    const q: Query = { period: 'now', lang: 'en' };
    const rows = await body('/stat/get_category_reports', q);
    const expected = grouped(q, 'now', 'category_id');
    expect(rows.map((r) => [r.id, r.estimaited_subscribers, r.monthly_views, r.watchtime, r.estimaited_monthly_subs])).toEqual(
      expected.map((e) => [e.key, e.subs, e.views, e.wt, e.msubs]),
    );
    expect(rows.find((r) => r.id === 20)?.category_name).toBe('Gaming');
  });

  it('splits by language, unknown included', async () => {
    const rows = await body('/stat/get_language_reports', {});
    expect(rows.map((r) => [r.language_code, r.monthly_views])).toEqual(grouped({}, 'now', 'language_code').map((e) => [e.key, e.views]));
    expect(rows.find((r) => r.language_code === '')?.english_name).toBe('Unknown');
  });
});

describe('top channels and networks', () => {
  function topOf(q: Query, period: string): Tracked[] {
    return world.channels
      .filter(
        (c) =>
          (!q.country || c.countryCode === q.country) &&
          (!q.lang || c.languageCode === q.lang) &&
          (!q.category || c.categoryId === Number(q.category)),
      )
      .filter((c) => (period === 'now' ? c.now : c.months[period]))
      .sort((a, b) =>
        period === 'now' ? b.now.monthly_views - a.now.monthly_views : b.months[period]!.monthly_views - a.months[period]!.monthly_views,
      );
  }

  it('lists the 5 channels with the most monthly views, with the change against the previous period', async () => {
    for (const q of [
      {},
      { country: 'US' },
      { period: '2026-03', lang: 'en' },
      { period: '2026-03', category: '20', country: 'US' },
    ] as Query[]) {
      const period = q.period ?? 'now';
      const rows = await body('/stat/get_global_top_channels', q);
      const expected = topOf(q, period).slice(0, 5);
      expect(rows.map((r) => r.channel_id)).toEqual(expected.map((c) => c.youtubeId));
      // Both 'now' (newest snapshot 2026-03-20) and 2026-03 compare with 2026-02.
      expect(rows.map((r) => r.diff)).toEqual(
        expected.map((c) =>
          pct(period === 'now' ? c.now.monthly_views : c.months[period]!.monthly_views, c.months['2026-02']!.monthly_views),
        ),
      );
      expect(rows.map((r) => r.monthly_views)).toEqual(expected.map((c) => (period === 'now' ? c.now : c.months[period]!).monthly_views));
    }
  });

  it('reads the same top channels whichever way the share of the filter makes it read them', async () => {
    const before = await body('/stat/get_global_top_channels', { country: 'US' });
    // US now holds nearly every channel: walking channels by views beats reading the US channels.
    await env.DB.prepare(
      "UPDATE global_stats SET channels_count = 1000 WHERE period = 'now' AND country_code = 'US' AND language_code = 'en'",
    ).run();
    const after = await body('/stat/get_global_top_channels', { country: 'US' });
    expect(after).toEqual(before);
    expect(after.map((r) => r.channel_id)).toEqual(
      topOf({ country: 'US' }, 'now')
        .slice(0, 5)
        .map((c) => c.youtubeId),
    );
  });

  it("lists stored network positions without filters and sums public networks' channels under one", async () => {
    const plain = await body('/stat/get_global_top_networks', {});
    const [netA, netB] = world.networks;
    expect(plain.map((n) => [n.network_mcn, n.monthly_views, n.diff, n.num])).toEqual([
      [netA!.slug, 5000, 1, 1],
      [netB!.slug, 4000, null, 2],
    ]);
    const cases: [Query, (c: Tracked) => boolean][] = [
      [{ country: 'US' }, (c) => c.countryCode === 'US'],
      [{ category: '20' }, (c) => c.categoryId === 20],
      [{ lang: 'en', period: '2026-03' }, (c) => c.languageCode === 'en'],
    ];
    for (const [q, keep] of cases) {
      const filtered = await body('/stat/get_global_top_networks', q);
      const expected = world.networks
        .map((n) => {
          const mine = world.channels.filter((c) => c.networkId === n.id && keep(c));
          const views = mine.reduce((s, c) => s + (q.period ? c.months[q.period]!.monthly_views : c.now.monthly_views), 0);
          return { slug: n.slug, views, count: mine.length };
        })
        .filter((n) => n.count > 0)
        .sort((a, b) => b.views - a.views);
      expect(expected.length).toBeGreaterThan(0);
      expect(filtered.map((n) => [n.network_mcn, n.monthly_views, n.channels_count])).toEqual(
        expected.map((e) => [e.slug, e.views, e.count]),
      );
    }
  });
});

describe('top_random_channels', () => {
  it('is the same all day for the same filters, drawn from the matching channels', async () => {
    const ctx = { db: env.DB, env, now: new Date('2026-03-20T08:00:00Z') };
    const first = await getTopRandomChannels(ctx, { period: 'now' });
    const later = await getTopRandomChannels({ ...ctx, now: new Date('2026-03-20T23:00:00Z') }, { period: 'now' });
    expect(later).toEqual(first);
    expect(first.map((c) => c.channel_id).sort()).toEqual(world.channels.map((c) => c.youtubeId).sort());
    const days = await Promise.all(
      ['2026-03-21', '2026-03-22', '2026-03-23'].map((d) =>
        getTopRandomChannels({ ...ctx, now: new Date(`${d}T08:00:00Z`) }, { period: 'now' }),
      ),
    );
    expect(days.some((d) => d.map((c) => c.channel_id).join() !== first.map((c) => c.channel_id).join())).toBe(true);
    const us = await body('/stat/top_random_channels', { country: 'MX' });
    expect(us.map((c) => c.channel_id)).toEqual(world.channels.filter((c) => c.countryCode === 'MX').map((c) => c.youtubeId));
  });
});

describe('the page', () => {
  it('shows what the calls answer for the same filters', async () => {
    const ctx = { db: env.DB, env, now: new Date('2026-03-20T08:00:00Z') };
    for (const filters of [{ period: 'now' }, { period: '2026-03', country: 'US' }, { period: 'now', category: 10 }]) {
      const page = await getGlobalPage(ctx, filters);
      expect(page.topChannels).toEqual(await getGlobalTopChannels(ctx, filters));
      expect(page.trending).toEqual(await getTopRandomChannels(ctx, filters));
      expect(page.topChannels.length).toBeGreaterThan(0);
      expect(page.countryTrends).toEqual([]);
    }
  });
});

describe('country trends', () => {
  it('shows the filter country first, then the preferred ones that have charts', () => {
    expect(pickTrendCountries(['AR', 'BR', 'GB', 'US'], undefined)).toEqual(['US', 'GB', 'BR']);
    expect(pickTrendCountries(['AR', 'BR', 'GB', 'US'], 'AR')).toEqual(['AR', 'US', 'GB']);
    expect(pickTrendCountries(['AR', 'BR', 'GB', 'US'], 'ZW')).toEqual(['US', 'GB', 'BR']);
    expect(pickTrendCountries(['AR', 'CL'], undefined)).toEqual(['AR', 'CL']);
  });
});

describe('bad parameters', () => {
  const bad: [Query, string][] = [
    [{ period: '2026-13' }, 'period'],
    [{ period: 'yesterday' }, 'period'],
    [{ category: 'music' }, 'category'],
    [{ category: '99' }, 'category'],
    [{ country: 'USA' }, 'country'],
    [{ lang: 'english!' }, 'lang'],
  ];
  for (const path of [
    '/stat/get_diff_report',
    '/stat/get_main_graph',
    '/stat/get_country_reports',
    '/stat/get_category_reports',
    '/stat/get_language_reports',
    '/stat/top_random_channels',
    '/stat/get_global_top_channels',
    '/stat/get_global_top_networks',
  ]) {
    it(`${path} answers 400 naming the field`, async () => {
      for (const [q, field] of bad) {
        const res = await call(`/api/analytics?${new URLSearchParams({ path: `/youtube/api${path}`, ...q })}`);
        expect(res.status).toBe(400);
        expect(JSON.stringify(await res.json())).toContain(field);
      }
    });
  }
});
