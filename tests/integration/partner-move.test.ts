// partner-move: a default install's network, loaded from report files into the shared D1, is copied into
// its store page by page, checked, switched to PARTNER_STORE=objects and pruned; the partner pages answer
// the same all along and the store holds the files' own sums. Runs whole in the split pass, which binds
// the stores; the default pass (no binding) checks the refusal.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import claims from '../fixtures/ingest/content_owner_active_claims_a3_20260301.csv?raw';
import metadata from '../fixtures/ingest/content_owner_video_metadata_a4_20260301.csv?raw';
import { runImport } from '../../src/server/ingest/run-import';
import { networkStoreDb } from '../../src/server/partner-store';
import { MOVED_TABLES } from '../../src/server/partner-store/move-tables';
import { createUser } from './factories';
import { call, signIn } from './http';
import { basicCsv, type BasicLine, ownerDemographicsCsv } from './ingest/basic-builder';
import { createNetwork, encode, NOW, readCsvRecords } from './ingest/support';
import { rowsIn, SPLIT } from './partner-facts';

/** The tests' ADMIN_TOKEN (vitest.integration.config.ts). */
const AUTH = { Authorization: `Bearer ${'test-admin-token-0123456789abcdef0123456789'}` };
const SHARED = { PARTNER_STORE: 'shared' } as const;
const OBJECTS = { PARTNER_STORE: 'objects' } as const;

const videos = readCsvRecords(metadata);

/** The metadata file with one CMS custom id on every video, so its figures also land at the title grains. */
function metadataWithTitle(): string {
  const columns = Object.keys(videos[0] ?? {});
  const quote = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  const rows = videos.map((v) => columns.map((c) => quote(c === 'custom_id' ? 'show-1' : (v[c] ?? ''))).join(','));
  return `${[columns.join(','), ...rows].join('\n')}\n`;
}

/** Own views on every channel and video of the metadata file, 20 days, three countries. */
const BASIC: BasicLine[] = videos.flatMap((v, k) =>
  Array.from({ length: 20 }, (_, d) =>
    ['US', 'BR', k ? 'IN' : 'DE'].map((country) => {
      const views = ((d * 31 + k * 7 + country.charCodeAt(0)) % 500) + 20;
      return {
        day: `202602${String(d + 1).padStart(2, '0')}`,
        channel: v.channel_id ?? '',
        video: v.video_id ?? '',
        country,
        views,
        likes: views % 17,
        watch: views * 3,
        gained: d % 4,
        lost: d % 2,
      };
    }),
  ).flat(),
);

/** The basic lines' views by traffic source: each line's views split between browse (3) and search (5, a term per country). */
function trafficCsv(): string {
  const header =
    'date,channel_id,video_id,claimed_status,uploader_type,live_or_on_demand,subscribed_status,country_code,traffic_source_type,' +
    'traffic_source_detail,views,engaged_views,watch_time_minutes,average_view_duration_seconds,average_view_duration_percentage,' +
    'red_views,red_watch_time_minutes';
  const lines = BASIC.flatMap((l) => {
    const browse = Math.floor(l.views / 3);
    const key = `${l.day},${l.channel},${l.video},claimed,self,on_demand,not_subscribed,${l.country}`;
    return [
      `${key},3,,${browse},${browse},${browse * 2},120,40,0,0`,
      `${key},5,search ${l.country},${l.views - browse},${l.views - browse},10,60,20,0,0`,
    ];
  });
  return `${[header, ...lines].join('\n')}\n`;
}

function files() {
  const first = videos[0];
  return [
    { name: 'content_owner_video_metadata_a4_20260301.csv', bytes: encode(metadataWithTitle()) },
    { name: 'content_owner_basic_a4_20260220.csv', bytes: encode(basicCsv(BASIC, true)) },
    {
      name: 'content_owner_demographics_a1_20260210.csv',
      bytes: encode(
        ownerDemographicsCsv('20260210', first?.channel_id ?? '', [
          [first?.video_id ?? '', 'US', 'AGE_18_24', 'male', 60],
          [first?.video_id ?? '', 'US', 'AGE_25_34', 'female', 40],
        ]),
      ),
    },
    { name: 'content_owner_active_claims_a3_20260301.csv', bytes: encode(claims) },
    { name: 'content_owner_traffic_source_a3_20260220.csv', bytes: encode(trafficCsv()) },
  ];
}

interface Step {
  phase: string;
  table: string;
  rows: number;
  next: string | null;
}

async function move(body: Record<string, unknown>, settings: Record<string, string>): Promise<Response> {
  return call('/api/admin/partner-move', { body, headers: AUTH, settings });
}

/** Every step of an action until it answers no next cursor. */
async function walk(network: number, action: 'copy' | 'prune', settings: Record<string, string>, limit: number): Promise<Step[]> {
  const steps: Step[] = [];
  let cursor: string | undefined;
  do {
    const res = await move({ network, action, limit, ...(cursor ? { cursor } : {}) }, settings);
    expect(res.status, await res.clone().text()).toBe(200);
    const step = ((await res.json()) as { data: Step }).data;
    steps.push(step);
    cursor = step.next ?? undefined;
  } while (cursor);
  return steps;
}

describe.runIf(!SPLIT)('partner-move on an install without stores', () => {
  it('is refused with what it needs', async () => {
    const res = await move({ network: 1, action: 'copy' }, {});
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: string }).error).toContain('NETWORK_STORE');
  });
});

describe.runIf(SPLIT)('partner-move', () => {
  let network = 0;
  let session = '';
  /** What the partner pages answer on the default install before the move. */
  const before = new Map<string, string>();
  const PAGES: Array<[string, Record<string, unknown>]> = [
    ['/api/stat/base', { chart_period: 'days' }],
    ['/api/stat/location', { date_from: '2026-02-01', date_to: '2026-02-28' }],
    ['/api/stat/demographics', { date_from: '2026-02-01', date_to: '2026-02-28' }],
    ['/api/stat/traffic', { date_from: '2026-02-01', date_to: '2026-02-28' }],
    ['/api/stat/search-terms', { date_from: '2026-02-01', date_to: '2026-02-28' }],
    ['/api/illegal/table', { sort: 'video', order: 'asc' }],
  ];
  async function answers(settings: Record<string, string>): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (const [path, body] of PAGES) {
      const res = await call(path, { session, body, settings });
      expect(res.status, `${path} ${await res.clone().text()}`).toBe(200);
      out.set(path, await res.text());
    }
    return out;
  }

  beforeAll(async () => {
    network = await createNetwork();
    const run = await runImport({ db: env.DB, kv: env.KV }, files(), { networkId: network, now: NOW });
    expect(run.files.map((f) => f.status)).toEqual(['loaded', 'loaded', 'loaded', 'loaded', 'loaded']);
    await env.DB.prepare(
      `INSERT INTO channel_finance_monthly (channel_id, month, revenue_micros, adjustment_micros, finalized_at)
       SELECT id, '2026-02', 12345678, -5, 1 FROM channels WHERE network_id = ?`,
    )
      .bind(network)
      .run();
    const user = await createUser({ showTitle: true });
    await env.DB.prepare('INSERT INTO network_grants (user_id, network_id, created_at) VALUES (?, ?, 0)').bind(user.id, network).run();
    session = await signIn(user.email, user.password ?? '');
    for (const [path, text] of await answers(SHARED)) before.set(path, text);
  });

  it('copies page by page, checks, answers the same pages from the store once switched, and prunes the shared rows', async () => {
    const steps = await walk(network, 'copy', SHARED, 7);
    // Pages of 7 rows: more than one page per large table, each table visited in order.
    expect(steps.filter((s) => s.table === 'channel_country_daily' && s.phase === 'copy').length).toBeGreaterThan(2);
    const store = networkStoreDb(env, network);
    const views = BASIC.reduce((s, l) => s + l.views, 0);
    expect(await rowsIn(store, 'SELECT sum(views) AS views FROM channel_daily')).toEqual([{ views }]);
    expect(await rowsIn(store, 'SELECT sum(views) AS views FROM channel_country_daily')).toEqual([{ views }]);
    const active = readCsvRecords(claims).filter((r) => r.claim_status === 'ACTIVE' && r.channel_id);
    expect(await rowsIn(store, 'SELECT count(*) AS n FROM illegal_copies')).toEqual([{ n: active.length }]);
    expect(await rowsIn(store, 'SELECT count(*) AS n FROM report_files')).toEqual([{ n: 5 }]);
    expect(await rowsIn(store, 'SELECT sum(views) AS views FROM channel_traffic_daily')).toEqual([{ views }]);
    // Every line names a video: the videos hold the views, by country too.
    expect(await rowsIn(store, 'SELECT sum(views) AS views FROM video_daily')).toEqual([{ views }]);
    expect(await rowsIn(store, 'SELECT sum(views) AS views FROM video_country_daily')).toEqual([{ views }]);
    const channels = new Set(videos.map((v) => v.channel_id)).size;
    expect(await rowsIn(store, 'SELECT count(*) AS n, sum(revenue_micros + adjustment_micros) AS m FROM channel_finance_monthly')).toEqual([
      { n: channels, m: channels * (12_345_678 - 5) },
    ]);
    // The copied rows are the ones each step reported.
    const copied = steps.filter((s) => s.phase === 'copy' && !['networks', 'channels', 'titles', 'videos'].includes(s.table));
    const inStore = await Promise.all(
      MOVED_TABLES.filter((t) => !t.catalogue).map(
        async (t) => (await rowsIn<{ n: number }>(store, `SELECT count(*) AS n FROM ${t.name}`))[0]?.n ?? 0,
      ),
    );
    expect(copied.reduce((s, x) => s + x.rows, 0)).toBe(inStore.reduce((s, n) => s + n, 0));

    const check = await move({ network, action: 'check' }, SHARED);
    expect(((await check.json()) as { data: { differ: string[] } }).data.differ).toEqual([]);

    // A row the shared D1 does not hold shows in the check, and a copy starts again from an empty store.
    await store.prepare("INSERT INTO channel_daily (channel_id, day, views) SELECT id, '2020-01-01', 999 FROM channels LIMIT 1").run();
    const stray = await move({ network, action: 'check' }, SHARED);
    // The stray day is added to its network's days too (migration 0034's triggers).
    expect(((await stray.json()) as { data: { differ: string[] } }).data.differ).toEqual(['channel_daily', 'network_daily']);
    expect((await move({ network, action: 'prune' }, OBJECTS)).status).toBe(409);
    await walk(network, 'copy', SHARED, 500);
    expect(await rowsIn(store, "SELECT count(*) AS n FROM channel_daily WHERE day = '2020-01-01'")).toEqual([{ n: 0 }]);
    expect(await rowsIn(store, 'SELECT sum(views) AS views FROM channel_daily')).toEqual([{ views }]);

    expect(await answers(OBJECTS)).toEqual(before);
    // Prune is refused while the install still reads the shared D1, copy once it reads the stores.
    expect((await move({ network, action: 'prune' }, SHARED)).status).toBe(409);
    expect((await move({ network, action: 'copy' }, OBJECTS)).status).toBe(409);

    const shared = (
      (await (await move({ network, action: 'check' }, OBJECTS)).json()) as {
        data: { tables: Array<{ table: string; shared: { rows: number } }> };
      }
    ).data.tables;
    // Pages of 7 rows again: each table's pages delete exactly the rows the shared D1 held, none left behind.
    const pruned = await walk(network, 'prune', OBJECTS, 7);
    const deleted = new Map<string, number>();
    for (const step of pruned) deleted.set(step.table, (deleted.get(step.table) ?? 0) + step.rows);
    expect(Object.fromEntries(deleted)).toEqual(Object.fromEntries(shared.map((t) => [t.table, t.shared.rows])));
    const left = await rowsIn<{ n: number }>(
      env.DB,
      'SELECT count(*) AS n FROM channel_daily WHERE channel_id IN (SELECT id FROM channels WHERE network_id = ?)',
      network,
    );
    expect(left).toEqual([{ n: 0 }]);
    expect(await rowsIn(env.DB, 'SELECT count(*) AS n FROM report_files WHERE network_id = ?', network)).toEqual([{ n: 0 }]);
    // The catalogue stays shared: channels are still named there.
    expect((await rowsIn<{ n: number }>(env.DB, 'SELECT count(*) AS n FROM channels WHERE network_id = ?', network))[0]?.n).toBeGreaterThan(
      0,
    );
    expect(await answers(OBJECTS)).toEqual(before);
  });

  it('refuses bad requests with a message, changing nothing', async () => {
    const other = await createNetwork();
    const first = ((await (await move({ network, action: 'check' }, SHARED)).json()) as { data: unknown }).data;
    const bad: Array<[Record<string, unknown>, number]> = [
      [{ network, action: 'copy', limit: 0 }, 400],
      [{ network, action: 'copy', limit: 5_001 }, 400],
      [{ network, action: 'move' }, 400],
      [{ network: 'no-such-network', action: 'check' }, 404],
      [{ network, action: 'copy', cursor: 'not json' }, 400],
      [{ network, action: 'copy', cursor: JSON.stringify({ network: other, phase: 'copy', table: 5, after: null }) }, 400],
      [{ network, action: 'copy', cursor: JSON.stringify({ network, phase: 'copy', table: 999, after: null }) }, 400],
      [{ network, action: 'copy', cursor: JSON.stringify({ network, phase: 'prune', table: 5, after: null }) }, 400],
    ];
    for (const [body, status] of bad) {
      const res = await move(body, SHARED);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(((await res.json()) as { error: string }).error.length).toBeGreaterThan(10);
    }
    expect(((await (await move({ network, action: 'check' }, SHARED)).json()) as { data: unknown }).data).toEqual(first);
  });
});

// Its own block: it starts from empty storage, so its network's channels are new to the catalogue.
describe.runIf(SPLIT)('partner-move tables', () => {
  it('moves every table a split import writes into a store', async () => {
    // The same files through the split importer: each table it fills in the store is one partner-move carries.
    const fresh = await createNetwork();
    const storeOf = (id: number) => networkStoreDb(env, id);
    const options = { networkId: fresh, now: NOW };
    const run = await runImport({ db: env.DB, kv: env.KV, storeOf }, files(), options);
    expect(run.files.map((f) => f.status)).toEqual(['loaded', 'loaded', 'loaded', 'loaded', 'loaded']);
    // A statement once the claims are in: its row of a claimed copy (cl-101) fills the claims revenue too.
    const copy = readCsvRecords(claims).find((r) => r.claim_id === 'cl-101');
    const statement = `adjustment_type,date,country_code,video_id,channel_id,partner_revenue\nNone,20260210,US,${copy?.video_id},${copy?.channel_id},1.5\n`;
    const finance = await runImport(
      { db: env.DB, kv: env.KV, storeOf },
      [{ name: 'content_owner_ad_revenue_raw_a1_202602.csv', bytes: encode(statement) }],
      options,
    );
    expect(finance.files.map((f) => f.status)).toEqual(['loaded']);
    const tables = await rowsIn<{ name: string }>(
      storeOf(fresh),
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%_fts%' ORDER BY name",
    );
    const filled: string[] = [];
    for (const { name } of tables) {
      const [row] = await rowsIn<{ n: number }>(storeOf(fresh), `SELECT count(*) AS n FROM "${name}"`);
      if ((row?.n ?? 0) > 0) filled.push(name);
    }
    // Written by the migrations themselves in every database: reference rows and the store's own record.
    const own = ['categories', 'countries', 'languages', 'store_migrations'];
    const moved = new Set(MOVED_TABLES.map((t) => t.name));
    expect(filled.filter((name) => !own.includes(name) && !moved.has(name))).toEqual([]);
    for (const table of [
      'channel_title_country_daily',
      'channel_monthly',
      'channel_title_yearly',
      'illegal_copies',
      'channel_claim_revenue_monthly',
      'channel_title_traffic_daily',
      'channel_traffic_monthly',
      'video_daily',
      'video_country_monthly',
      'video_audience_daily',
      'video_audience_monthly',
      'video_traffic_daily',
      'video_traffic_monthly',
      'channel_search_term_daily',
      'channel_search_term_monthly',
    ])
      expect(filled).toContain(table);
  });
});
