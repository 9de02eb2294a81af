// Partners' privacy on public pages: every public answer, for a partner channel, its network, the rankings
// and the global stats, is byte-identical before and after its private facts change (daily facts, partner
// rollups, finance, through the import's refresh and a rebuild); its estimates follow the same public method
// as a public channel's. Only when its network chooses to show its figures does its channel page change,
// marked as reported by the network.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { setNetworkPublicFigures } from '../../../src/server/admin/network-public-figures';
import { rebuildAllRollups, refreshPendingRollups } from '../../../src/server/ingest/rollup/index';
import { GENERATION_KEY } from '../../../src/server/public/generation';
import { GET_PATHS, POST_PATHS } from '../../../src/server/public/paths';
import type { ChannelInfo } from '../../../src/lib/api/public-channels';
import { call } from '../http';
import { factsDbOfChannel, insertPartnerRows } from '../partner-facts';
import { createChannel, daysBetween, insertRows, insertSnapshots, snapshotSeries, type Row } from '../rollup/factory';

const CATEGORY = 20;
const FIRST_DAY = '2026-08-31';
const LATEST = '2026-11-20';
const DAYS = daysBetween(FIRST_DAY, LATEST);
/** The public channel's imported August: 2.5 minutes and 1,800 micro-USD per view, its category's rates. */
const PUBLIC_RATE = { watch: 2.5, earnings: 1800 };
const AUGUST_VIEWS = 80_000;
/** The partner's own imported August and facts: a private rate far from the public one. */
const PRIVATE_WATCH_RATE = 7.25;
const FACT_DAYS = daysBetween('2026-09-01', '2026-11-18');
const TREND_HOUR = Date.parse('2026-11-20T12:00:00Z') / 1000;

/** A request's query (or form) values. */
type Query = Record<string, string>;

interface World {
  networkId: number;
  slug: string;
  partner: { id: number; youtubeId: string };
  open: { id: number; youtubeId: string };
}

const youtubeIdOf = async (id: number) =>
  (await env.DB.prepare('SELECT youtube_id FROM channels WHERE id = ?').bind(id).first<{ youtube_id: string }>())!.youtube_id;

async function partnerNetwork(): Promise<{ id: number; slug: string }> {
  const row = await env.DB.prepare(
    `INSERT INTO networks (slug, name, is_partner, is_public, created_at) VALUES ('quiet-net', 'Quiet Network', 1, 1, 1700000000) RETURNING id`,
  ).first<{ id: number }>();
  return { id: row!.id, slug: 'quiet-net' };
}

const history = (channelId: number, views: number, watchRate: number, earningsRate: number): Row => ({
  channel_id: channelId,
  month: '2026-08',
  subscriber_count: 5_000,
  view_count: 1_000_000,
  video_count: 10,
  monthly_views: views,
  monthly_subs: 200,
  watch_time_minutes: Math.round(views * watchRate),
  earnings_micros: Math.round(views * earningsRate),
});

/** Partner facts of the channel on each day, scaled by factor (the change a new import makes). */
const facts = (channelId: number, factor: number): Row[] =>
  FACT_DAYS.map((day, i) => ({
    channel_id: channelId,
    day,
    views: 9_000 + 10 * i,
    watch_time_minutes: Math.round((9_000 + 10 * i) * PRIVATE_WATCH_RATE * factor),
    partner_revenue_micros: (4_000_000 + 1_000 * i) * factor,
  }));

async function buildWorld(): Promise<World> {
  const network = await partnerNetwork();
  const partnerId = await createChannel({ categoryId: CATEGORY, networkId: network.id });
  const openId = await createChannel({ categoryId: CATEGORY, networkId: null });
  await insertSnapshots([
    ...snapshotSeries(partnerId, DAYS, { subs: 5_000, views: 1_000_000 }, (i) => ({ views: 9_000 + 10 * i, subs: 20 + (i % 4) })),
    ...snapshotSeries(openId, DAYS, { subs: 8_000, views: 3_000_000 }, (i) => ({ views: 12_000 + 7 * i, subs: 30 })),
  ]);
  await insertRows('channel_history_monthly', [
    history(partnerId, AUGUST_VIEWS, PRIVATE_WATCH_RATE, 5000),
    history(openId, AUGUST_VIEWS, PUBLIC_RATE.watch, PUBLIC_RATE.earnings),
  ]);
  await insertPartnerRows('channel_daily', facts(partnerId, 1));
  const partnerYoutube = await youtubeIdOf(partnerId);
  await insertRows('trend_videos', [
    { video_id: 'quietvideo1', channel_id: partnerId, video_title: 'Quiet video', published_at: TREND_HOUR - 86_400, view_count: 50_000 },
  ]);
  await insertRows('trend_positions', [
    { country_code: 'US', hour: TREND_HOUR, position: 1, video_id: 'quietvideo1', views: 50_000, best_position: 1 },
  ]);
  await rebuildAllRollups(env.DB);
  return {
    networkId: network.id,
    slug: network.slug,
    partner: { id: partnerId, youtubeId: partnerYoutube },
    open: { id: openId, youtubeId: await youtubeIdOf(openId) },
  };
}

/** Representative parameters of every public path for this world: the partner, its network, rankings, global. */
function requests(w: World): Array<{ path: string; query: Query; method: 'GET' | 'POST' }> {
  const channel = { channel_id: w.partner.youtubeId };
  // A month and 'now'; no filter and the partner's own filters. Kept small: each test asks them all twice.
  const periods = ['now', '2026-10'];
  const globalFilters: Query[] = [{}, { category: String(CATEGORY), country: 'US', lang: 'en' }];
  const get: Record<string, Query[]> = {
    '/tools/get_langs': [{}],
    '/tools/get_periods': [{}],
    '/tools/get_categories': [{}],
    '/tools/get_countries': [{}],
    '/trends/countries': [{}],
    '/stat/get_top_channels': periods.flatMap((period): Query[] => [
      { period },
      { period, metric: 'monthly_views', category: String(CATEGORY) },
      { period, metric: 'monthly_subs', category: String(CATEGORY), country: 'US', lang: 'en' },
      // Watch time and earnings are estimates: a partner's reports must move neither its value nor its place.
      ...(['watchtime', 'earnings', 'view_count', 'subs_growth_pct', 'views_growth_pct'] as const).map((metric) => ({ period, metric })),
      { period, metric: 'watchtime', category: String(CATEGORY), limit: '1', page: '2' },
    ]),
    '/stat/get_top_networks': periods.flatMap((period): Query[] => [
      { period },
      { period, country: 'US' },
      { period, metric: 'watchtime' },
      { period, metric: 'earnings', country: 'US' },
    ]),
    '/stat/get_channels_top_by_mcn': periods.flatMap((period): Query[] => [
      { network_mcn: w.slug, period },
      { network_mcn: w.slug, period, metric: 'watchtime' },
    ]),
    ...Object.fromEntries(
      [
        '/stat/get_diff_report',
        '/stat/get_main_graph',
        '/stat/get_country_reports',
        '/stat/get_category_reports',
        '/stat/get_language_reports',
        '/stat/top_random_channels',
        '/stat/get_global_top_channels',
        '/stat/get_global_top_networks',
      ].map((path) => [path, periods.flatMap((period) => globalFilters.map((filters): Query => ({ ...filters, period })))]),
    ),
    '/stat/channel_info': [...periods, '2026-09'].map((period) => ({ ...channel, period })),
    '/stat/get_daily_data': periods.map((period) => ({ ...channel, period })),
    '/stat/archive': [channel],
    '/stat/similar_channels': [channel, { channel_id: w.open.youtubeId }],
    '/stat/channel_uploads': [channel],
    '/trends/main': [{ country: 'US', hour: String(TREND_HOUR) }],
    '/trends/video': [{ video_id: 'quietvideo1' }],
    '/trends/channel': [channel],
    '/stat/form_max_values': [{}],
    '/stat/user_search': [{ str: 'Channel' }, { str: w.partner.youtubeId }],
    '/tools/get_tags': [{ str: 'Cha' }],
    '/trends/search': [{ str: 'Quiet' }],
  };
  const post: Record<string, Query[]> = {
    '/stat/search': [{}, { category: String(CATEGORY) }, { form_str: 'Channel', form_monthly_views_min: '1000' }],
  };
  // Every path of the tables is asked: a path added later without a case here fails this test.
  expect(Object.keys(get).sort()).toEqual(Object.keys(GET_PATHS).sort());
  expect(Object.keys(post).sort()).toEqual(Object.keys(POST_PATHS).sort());
  return [
    ...Object.entries(get).flatMap(([path, list]) => list.map((query) => ({ path, query, method: 'GET' as const }))),
    ...Object.entries(post).flatMap(([path, list]) => list.map((query) => ({ path, query, method: 'POST' as const }))),
  ];
}

/** Every answer's status and bytes, keyed by its request. */
async function answers(w: World): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const { path, query, method } of requests(w)) {
    const url = `/api/analytics?${new URLSearchParams({ path: `/youtube/api${path}`, ...(method === 'GET' ? query : {}) })}`;
    const res =
      method === 'GET'
        ? await call(url)
        : await call(url, {
            body: new URLSearchParams(query).toString(),
            headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          });
    const text = await res.text();
    expect(res.status, `${method} ${path} ${JSON.stringify(query)}: ${text}`).toBe(200);
    out.set(`${method} ${path} ${JSON.stringify(query)}`, text);
  }
  return out;
}

async function channelInfo(youtubeId: string, period: string): Promise<ChannelInfo> {
  const res = await call(
    `/api/analytics?${new URLSearchParams({ path: '/youtube/api/stat/channel_info', channel_id: youtubeId, period })}`,
  );
  return ((await res.json()) as { data: { body: ChannelInfo } }).data.body;
}

/** Monthly views of a channel over (base, end] from its own snapshot series, as the fixture wrote it. */
async function growth(channelId: number, base: string, end: string): Promise<number> {
  const row = await env.DB.prepare(
    `SELECT (SELECT view_count FROM channel_snapshots WHERE channel_id = ?1 AND day = ?3)
      - (SELECT view_count FROM channel_snapshots WHERE channel_id = ?1 AND day = ?2) AS views`,
  )
    .bind(channelId, base, end)
    .first<{ views: number }>();
  return row!.views;
}

/** Changes a partner's private facts the ways a load does: new and changed days, marks, finance, rollups. */
async function changePrivateFacts(w: World): Promise<void> {
  await insertPartnerRows('channel_daily', facts(w.partner.id, 3), true);
  await insertPartnerRows('channel_daily', [
    { channel_id: w.partner.id, day: '2026-11-19', views: 1, watch_time_minutes: 999_999, partner_revenue_micros: 88_000_000 },
  ]);
  await insertRows(
    'rollup_pending',
    ['2026-09', '2026-10', '2026-11'].map((month) => ({ channel_id: w.partner.id, month })),
    true,
  );
  await refreshPendingRollups(env.DB);
  await insertRows('channel_finance_monthly', [
    { channel_id: w.partner.id, month: '2026-09', revenue_micros: 123_000_000, adjustment_micros: 5_000_000, finalized_at: 1_790_000_000 },
  ]);
  await (
    await factsDbOfChannel(w.partner.id)
  )
    .prepare(
      'UPDATE channel_monthly SET watch_time_minutes = watch_time_minutes * 7, partner_revenue_micros = partner_revenue_micros * 11 WHERE channel_id = ?',
    )
    .bind(w.partner.id)
    .run();
  await rebuildAllRollups(env.DB);
}

describe("partners' data on public pages", () => {
  // One world and its answers for every test (each test's writes are rolled back after it): a test
  // that asks every path twice ran past what the test runner's storage reset tolerates on a loaded machine.
  let w: World;
  let before: Map<string, string>;
  beforeAll(async () => {
    w = await buildWorld();
    before = await answers(w);
  });

  it("uses the public method for a partner channel: its category's rate from public history, never its facts", async () => {
    const info = await channelInfo(w.partner.youtubeId, '2026-10');
    const views = await growth(w.partner.id, '2026-09-30', '2026-10-31');
    expect(info.info_now?.monthly_views).toBe(views);
    expect(info.info_now?.watchtime).toBe(Math.round(views * PUBLIC_RATE.watch));
    expect(info.info_now?.figures_source).toBe('estimate');
    expect(info.info_now?.earnings.estimated).toBe(true);
    // Its imported August shows the public estimate too, not the rate its network reported.
    expect(info.info_last?.period).toBe('2026-09');
    const archive = await env.DB.prepare(
      "SELECT watch_time_minutes FROM channel_history_monthly WHERE channel_id = ? AND month = '2026-08'",
    )
      .bind(w.partner.id)
      .first<{ watch_time_minutes: number }>();
    expect(archive?.watch_time_minutes).toBe(Math.round(AUGUST_VIEWS * PUBLIC_RATE.watch));
    // The public channel keeps its own imported rate: the same method.
    const open = await channelInfo(w.open.youtubeId, '2026-10');
    expect(open.info_now?.watchtime).toBe(Math.round((await growth(w.open.id, '2026-09-30', '2026-10-31')) * PUBLIC_RATE.watch));
  });

  it("answers every public path byte for byte the same after the partner's private facts change", async () => {
    await changePrivateFacts(w);
    const after = await answers(w);
    expect(after.size).toBe(before.size);
    for (const [key, text] of before) expect(after.get(key), key).toBe(text);
  });

  it("shows the network's own figures on the channel page once it chooses so, marked as reported, and only there", async () => {
    const generation = await env.KV.get(GENERATION_KEY);
    const set = await setNetworkPublicFigures(env, w.networkId, true, { actor: { kind: 'token' }, at: 1_790_000_000 });
    expect(set.changed).toBe(true);
    expect(await env.KV.get(GENERATION_KEY)).not.toBe(generation);
    const audit = await env.DB.prepare("SELECT action, target, detail FROM audit_log WHERE action = 'network.public_figures'").all();
    expect(audit.results).toEqual([{ action: 'network.public_figures', target: w.slug, detail: '{"public_figures":true}' }]);

    const info = await channelInfo(w.partner.youtubeId, '2026-10');
    const october = facts(w.partner.id, 1).filter((f) => String(f.day).startsWith('2026-10'));
    const sum = (key: string) => october.reduce((n, f) => n + Number(f[key]), 0);
    expect(info.info_now?.figures_source).toBe('network');
    expect(info.info_now?.watchtime).toBe(sum('watch_time_minutes'));
    expect(info.info_now?.earnings).toEqual({
      low: Math.round(sum('partner_revenue_micros') / 1e6),
      high: Math.round(sum('partner_revenue_micros') / 1e6),
      estimated: false,
    });

    const after = await answers(w);
    const changed = [...before].filter(([key, text]) => after.get(key) !== text).map(([key]) => key);
    // The partner's channel page figures, in each period asked; nothing else.
    expect(changed).toEqual(
      ['now', '2026-10', '2026-09'].map(
        (period) => `GET /stat/channel_info ${JSON.stringify({ channel_id: w.partner.youtubeId, period })}`,
      ),
    );

    expect((await setNetworkPublicFigures(env, w.networkId, true, { actor: { kind: 'token' }, at: 1_790_000_001 })).changed).toBe(false);
    await setNetworkPublicFigures(env, w.networkId, false, { actor: { kind: 'token' }, at: 1_790_000_002 });
    for (const key of changed) {
      const query = JSON.parse(key.slice(key.indexOf('{'))) as Record<string, string>;
      const res = await call(`/api/analytics?${new URLSearchParams({ path: '/youtube/api/stat/channel_info', ...query })}`);
      expect(await res.text(), key).toBe(before.get(key));
    }
  });

  it('refuses an unknown network with a 404 and changes nothing', async () => {
    await expect(setNetworkPublicFigures(env, 987_654, true, { actor: { kind: 'token' }, at: 1 })).rejects.toMatchObject({ status: 404 });
    expect((await env.DB.prepare('SELECT count(*) AS n FROM audit_log').first<{ n: number }>())?.n).toBe(0);
  });
});
