// Channel page calls: figures, changes and top positions, daily deltas, archive order, similar channels, errors.
import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChannelInfo, ChannelInfoFigures } from '../../../src/lib/api/public-channels';
import { call } from '../http';
import { daysBetween, insertRows, type Row } from '../rollup/factory';

const CREATED_AT = 1_700_000_000;
const api = (path: string, query: Record<string, string>) =>
  `/api/analytics?${new URLSearchParams({ path: `/youtube/api${path}`, ...query })}`;

interface Body<T> {
  data: { body: T };
}
/** The channels these tests ask about have figures in both periods: a narrowing, not a copy. */
type Info = ChannelInfo & { info_now: ChannelInfoFigures; info_last: ChannelInfoFigures };
async function body<T>(path: string, query: Record<string, string>): Promise<T> {
  const res = await call(api(path, query));
  expect(res.status, `${path} ${JSON.stringify(query)}`).toBe(200);
  const json = (await res.json()) as Body<T>;
  expect(Object.keys(json)).toEqual(['data']);
  expect(Object.keys(json.data)).toEqual(['body']);
  return json.data.body;
}

let sequence = 0;
async function channel(opts: { category: number | null; lang: string | null; country?: string; network?: number | null; banner?: string }) {
  sequence += 1;
  const youtubeId = `UCsim${String(sequence).padStart(19, '0')}`;
  const row = await env.DB.prepare(
    `INSERT INTO channels (youtube_id, title, thumbnail_url, banner_url, network_id, category_id,
      language_code, country_code, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(
      youtubeId,
      `Channel ${sequence}`,
      `https://img.example/${sequence}.jpg`,
      opts.banner ?? '',
      opts.network ?? null,
      opts.category,
      opts.lang,
      opts.country ?? 'US',
      CREATED_AT,
    )
    .first<{ id: number }>();
  return { id: row!.id, youtubeId, title: `Channel ${sequence}` };
}

// Counters of the main channel on day index i from 2026-09-01: growing, views faster each day.
const DAYS = daysBetween('2026-09-01', '2026-11-20');
const subsAt = (i: number) => 1000 + 10 * i + (i % 3 === 0 ? 5 : 0);
const viewsAt = (i: number) => 100_000 + 500 * i + i * i;
const videosAt = (i: number) => 10 + Math.floor(i / 7);
const at = (day: string) => DAYS.indexOf(day);

let main: { id: number; youtubeId: string; title: string };
let networkId: number;

beforeEach(async () => {
  const network = await env.DB.prepare(
    `INSERT INTO networks (slug, name, is_partner, is_public, created_at)
    VALUES ('tide', 'Tide Media', 1, 1, ?) RETURNING id`,
  )
    .bind(CREATED_AT)
    .first<{ id: number }>();
  networkId = network!.id;
  main = await channel({ category: 20, lang: 'en', country: 'US', network: networkId, banner: 'https://img.example/banner.jpg' });
  await insertRows(
    'channel_snapshots',
    DAYS.map((day, i) => ({
      channel_id: main.id,
      day,
      subscriber_count: subsAt(i),
      view_count: viewsAt(i),
      video_count: videosAt(i),
    })),
  );
});

/** channel_now as the rollup defines it: end = 2026-11-20, base = the snapshot 30 days before. */
function nowFigures(): Row {
  const end = at('2026-11-20');
  const base = at('2026-10-21');
  const monthlyViews = viewsAt(end) - viewsAt(base);
  return {
    channel_id: main.id,
    day: '2026-11-20',
    subscriber_count: subsAt(end),
    view_count: viewsAt(end),
    video_count: videosAt(end),
    monthly_views: monthlyViews,
    monthly_subs: subsAt(end) - subsAt(base),
    watch_time_minutes: monthlyViews * 3,
    earnings_micros: 0,
  };
}

const HISTORY: Row[] = [
  {
    month: '2026-10',
    subscriber_count: 1600,
    view_count: 140_000,
    video_count: 18,
    monthly_views: 20_000,
    monthly_subs: 300,
    watch_time_minutes: 50_000,
  },
  {
    month: '2026-08',
    subscriber_count: 900,
    view_count: 90_000,
    video_count: 9,
    monthly_views: 9_000,
    monthly_subs: 90,
    watch_time_minutes: 18_000,
  },
  {
    month: '2026-09',
    subscriber_count: 1300,
    view_count: 120_000,
    video_count: 14,
    monthly_views: 16_000,
    monthly_subs: 400,
    watch_time_minutes: 32_000,
  },
];

async function insertHistory(channelId: number) {
  await insertRows(
    'channel_history_monthly',
    HISTORY.map((h) => ({ channel_id: channelId, ...h, earnings_micros: 123 })),
  );
}

describe('channel_info', () => {
  it('gives a month, the month before, changes and top positions from the stored rows', async () => {
    await insertHistory(main.id);
    const other = await channel({ category: 20, lang: 'en' });
    await insertRows('channel_rankings', [
      { period: '2026-10', scope: 'overall', scope_key: '', position: 15, channel_id: main.id },
      { period: '2026-10', scope: 'category', scope_key: '20', position: 4, channel_id: main.id },
      { period: '2026-10', scope: 'language', scope_key: 'en', position: 41, channel_id: main.id },
      { period: '2026-10', scope: 'country', scope_key: 'US', position: 2, channel_id: main.id },
      { period: 'now', scope: 'overall', scope_key: '', position: 12, channel_id: main.id },
      { period: '2026-10', scope: 'overall', scope_key: '', position: 1, channel_id: other.id },
    ]);
    const info = await body<Info>('/stat/channel_info', { channel_id: main.youtubeId, period: '2026-10-01' });
    expect(info.channel_id).toBe(main.youtubeId);
    expect(info.channel_title).toBe(main.title);
    expect(info.period).toBe('2026-10');
    const now = info.info_now;
    expect(now).toMatchObject({
      period: '2026-10',
      banner_url: 'https://img.example/banner.jpg',
      monthly_views: 20_000,
      subscriber_count: 1600,
      monthly_subs: 300,
      view_count: 140_000,
      watchtime: 50_000,
      k_watchtime: 2.5,
      mcn_name: 'Tide Media',
      network_mcn: 'tide',
      network_isself: 1,
      category_list: [{ category_id: 20, category_name: expect.any(String) }],
      lang_list: [{ language_code: 'en', english_name: 'English' }],
    });
    // US is a tier-1 country ($1.50–$6.00 per 1,000 views), Gaming (20) has factor 0.8.
    expect(now.earnings).toEqual({ low: Math.round(20 * 1.5 * 0.8), high: Math.round(20 * 6 * 0.8), estimated: true });
    expect(info.info_last).toMatchObject({
      period: '2026-09',
      monthly_views: 16_000,
      subscriber_count: 1300,
      monthly_subs: 400,
      watchtime: 32_000,
      k_watchtime: 2,
    });
    expect(info.changes).toEqual({
      monthly_views: 25,
      subscriber_count: 23.08,
      monthly_subs: -25,
      watchtime: 56.25,
      view_count: 16.67,
      earnings: 25,
    });
    expect(info.top_positions).toEqual({ overall: 15, category: 4, lang: 41 });
  });

  it("gives 'now' and the 30 days before it from channel_now and the snapshots", async () => {
    const figures = nowFigures();
    await insertRows('channel_now', [figures]);
    const info = await body<Info>('/stat/channel_info', { channel_id: main.youtubeId });
    expect(info.period).toBe('now');
    expect(info.info_now).toMatchObject({
      monthly_views: figures.monthly_views,
      subscriber_count: figures.subscriber_count,
      monthly_subs: figures.monthly_subs,
      view_count: figures.view_count,
      watchtime: figures.watch_time_minutes,
      k_watchtime: 3,
    });
    // The 30 days before end at now's base (2026-10-21) and start at 2026-09-21.
    const end = at('2026-10-21');
    const base = at('2026-09-21');
    const lastViews = viewsAt(end) - viewsAt(base);
    expect(info.info_last).toMatchObject({
      period: 'now-30',
      monthly_views: lastViews,
      subscriber_count: subsAt(end),
      monthly_subs: subsAt(end) - subsAt(base),
      view_count: viewsAt(end),
      watchtime: lastViews * 3,
    });
    const pct = (a: number, b: number) => Math.round(((a - b) / b) * 10_000) / 100;
    expect(info.changes.monthly_views).toBe(pct(Number(figures.monthly_views), lastViews));
    expect(info.changes.subscriber_count).toBe(pct(subsAt(at('2026-11-20')), subsAt(end)));
    expect(info.top_positions).toEqual({ overall: null, category: null, lang: null });
  });

  it('gives no percent of a base of 0 or below: monthly subs minus 3,000 to minus 2,000 is not +33.33%', async () => {
    const losing = await channel({ category: 20, lang: 'en' });
    const month = (key: string, subscribers: number, monthlySubs: number, views: number) => ({
      channel_id: losing.id,
      month: key,
      subscriber_count: subscribers,
      view_count: 500_000,
      video_count: 40,
      monthly_views: views,
      monthly_subs: monthlySubs,
      watch_time_minutes: views * 2,
      earnings_micros: 0,
    });
    await insertRows('channel_history_monthly', [month('2026-09', 50_000, -3000, 0), month('2026-10', 48_000, -2000, 10_000)]);
    const info = await body<Info>('/stat/channel_info', { channel_id: losing.youtubeId, period: '2026-10' });
    expect(info.info_last).toMatchObject({ monthly_subs: -3000, monthly_views: 0 });
    expect(info.changes.monthly_subs).toBeNull();
    // A base of 0: no percent either (the page shows the difference, +10,000).
    expect(info.changes.monthly_views).toBeNull();
    // A positive base keeps its percent: 50,000 → 48,000 subscribers.
    expect(info.changes.subscriber_count).toBe(-4);
  });

  it('says a network that is not public has no page and is not ours', async () => {
    const outside = await env.DB.prepare(
      `INSERT INTO networks (slug, name, is_partner, is_public, created_at)
      VALUES ('hidden', 'Hidden', 0, 0, ?) RETURNING id`,
    )
      .bind(CREATED_AT)
      .first<{ id: number }>();
    const c = await channel({ category: null, lang: null, network: outside!.id });
    await insertHistory(c.id);
    const info = await body<Info>('/stat/channel_info', { channel_id: c.youtubeId, period: '2026-10' });
    expect(info.info_now).toMatchObject({ mcn_name: 'Hidden', network_mcn: null, network_isself: 0, category_list: [], lang_list: [] });
  });

  it('has no figures for a period the channel has no row in', async () => {
    const info = await body<Info>('/stat/channel_info', { channel_id: main.youtubeId, period: '2025-01' });
    expect(info.info_now).toBeNull();
    expect(info.info_last).toBeNull();
    expect(info.changes.monthly_views).toBeNull();
  });
});

describe('get_daily_data', () => {
  it("gives a month's days newest first with deltas against the day before, also for its first day", async () => {
    const data = await body<{ rows: Row[]; series: Record<'views' | 'subs' | 'uploads', { date: string; value: number }[]> }>(
      '/stat/get_daily_data',
      { channel_id: main.youtubeId, period: '2026-10' },
    );
    const october = daysBetween('2026-10-01', '2026-10-31');
    expect(data.rows.map((r) => r.updated)).toEqual([...october].reverse());
    for (const row of data.rows) {
      const i = at(String(row.updated));
      expect(row).toEqual({
        updated: row.updated,
        subscriber_count: subsAt(i),
        view_count: viewsAt(i),
        video_count: videosAt(i),
        daily_subs: subsAt(i) - subsAt(i - 1),
        daily_views: viewsAt(i) - viewsAt(i - 1),
        daily_uploads: videosAt(i) - videosAt(i - 1),
      });
    }
    expect(data.series.views.map((p) => p.date)).toEqual(october);
    expect(data.series.views[0]!.value).toBe(viewsAt(at('2026-10-01')) - viewsAt(at('2026-09-30')));
    expect(data.series.subs[5]!.value).toBe(subsAt(at('2026-10-06')) - subsAt(at('2026-10-05')));
  });

  it("gives the 30 days to the latest snapshot for 'now'; the first snapshot held has no delta", async () => {
    const now = await body<{ rows: Row[] }>('/stat/get_daily_data', { channel_id: main.youtubeId, period: 'now' });
    expect(now.rows).toHaveLength(30);
    expect(now.rows[0]!.updated).toBe('2026-11-20');
    expect(now.rows[29]!.updated).toBe('2026-10-22');
    const september = await body<{ rows: Row[]; series: Record<string, unknown[]> }>('/stat/get_daily_data', {
      channel_id: main.youtubeId,
      period: '2026-09',
    });
    expect(september.rows.at(-1)).toMatchObject({ updated: '2026-09-01', daily_views: null, daily_subs: null });
    expect(september.series.views).toHaveLength(29);
  });

  it('makes the delta after a gap cover the missing days', async () => {
    await env.DB.prepare("DELETE FROM channel_snapshots WHERE channel_id = ? AND day IN ('2026-10-09', '2026-10-10')").bind(main.id).run();
    const data = await body<{ rows: Row[] }>('/stat/get_daily_data', { channel_id: main.youtubeId, period: '2026-10' });
    expect(data.rows).toHaveLength(29);
    expect(data.rows.find((r) => r.updated === '2026-10-11')!.daily_views).toBe(viewsAt(at('2026-10-11')) - viewsAt(at('2026-10-08')));
  });
});

describe('archive', () => {
  it('lists the monthly history oldest first', async () => {
    await insertHistory(main.id);
    const rows = await body<Row[]>('/stat/archive', { channel_id: main.youtubeId });
    expect(rows).toEqual(
      ['2026-08', '2026-09', '2026-10'].map((month) => {
        const h = HISTORY.find((r) => r.month === month)!;
        return {
          month_date: `${month}-01`,
          monthly_views: h.monthly_views,
          subscriber_count: h.subscriber_count,
          monthly_subs: h.monthly_subs,
          view_count: h.view_count,
        };
      }),
    );
  });
});

describe('similar_channels', () => {
  it('lists tracked channels of the same category and language by the closest subscriber counts', async () => {
    const nowRow = (id: number, subs: number): Row => ({
      channel_id: id,
      day: '2026-11-20',
      subscriber_count: subs,
      view_count: 1,
      video_count: 1,
      monthly_views: subs * 2,
      monthly_subs: 1,
      watch_time_minutes: 1,
      earnings_micros: 0,
    });
    const mine = subsAt(at('2026-11-20'));
    const far = await channel({ category: 20, lang: 'en' });
    const above = await channel({ category: 20, lang: 'en' });
    const below = await channel({ category: 20, lang: 'en' });
    const otherLang = await channel({ category: 20, lang: 'de' });
    const otherCategory = await channel({ category: 10, lang: 'en' });
    const untracked = await channel({ category: 20, lang: 'en' });
    await insertRows('channel_now', [
      nowRow(main.id, mine),
      nowRow(far.id, mine + 100),
      nowRow(above.id, mine + 5),
      nowRow(below.id, mine - 3),
      nowRow(otherLang.id, mine),
      nowRow(otherCategory.id, mine),
    ]);
    const list = await body<Row[]>('/stat/similar_channels', { channel_id: main.youtubeId });
    expect(list.map((c) => c.channel_id)).toEqual([below.youtubeId, above.youtubeId, far.youtubeId]);
    expect(list.map((c) => c.channel_id)).not.toContain(untracked.youtubeId);
    expect(list[1]).toMatchObject({
      channel_title: above.title,
      subscriber_count: mine + 5,
      monthly_views: (mine + 5) * 2,
      category_id: 20,
      language_code: 'en',
      day: '2026-11-20',
    });
  });

  it('has none for a channel without a language', async () => {
    const c = await channel({ category: 20, lang: null });
    expect(await body<Row[]>('/stat/similar_channels', { channel_id: c.youtubeId })).toEqual([]);
  });
});

describe('errors', () => {
  const unknown = `UC${'x'.repeat(22)}`;
  for (const path of ['/stat/channel_info', '/stat/get_daily_data', '/stat/archive', '/stat/similar_channels']) {
    it(`${path}: unknown channel is a 404, a malformed id a 400`, async () => {
      expect((await call(api(path, { channel_id: unknown }))).status).toBe(404);
      const bad = await call(api(path, { channel_id: 'not-a-channel' }));
      expect(bad.status).toBe(400);
      expect(JSON.stringify(await bad.json())).toContain('channel_id');
      expect((await call(api(path, {}))).status).toBe(400);
    });
  }

  it('a malformed period is a 400 naming it', async () => {
    for (const path of ['/stat/channel_info', '/stat/get_daily_data']) {
      const res = await call(api(path, { channel_id: main.youtubeId, period: '2026-13' }));
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).toContain('period');
    }
  });

  it('accepts the id without its UC prefix, as the old client sent it', async () => {
    const info = await body<{ channel_id: string }>('/stat/channel_info', { channel_id: main.youtubeId.slice(2) });
    expect(info.channel_id).toBe(main.youtubeId);
  });
});
