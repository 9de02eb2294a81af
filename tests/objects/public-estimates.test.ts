// Public estimates on a split install: channel_history_monthly and channel_now live in the shared D1, the
// partner facts in each network's store (the channel of no network keeps its facts in the shared D1). The
// estimates come from public data only: a rebuild gives what one database holding everything gives, every
// channel's watch time and earnings are its monthly views at the public rate (a public channel's imported
// December), and the refresh after an import of partner facts changes no public row.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { rebuildAndPublish, refreshRollups, runImport, type ImportTarget } from '../../src/server/ingest/run-import';
import { rebuildAllRollups, refreshRollups as refreshChanges } from '../../src/server/ingest/rollup/index';
import { partnerDb } from '../../src/server/partner-store';
import { objectDb, type StoreCaller } from '../../src/server/partner-store/object-db';
import { insertRows as insertInto } from '../integration/rollup/factory';
import { basicCsv, type BasicLine } from '../integration/ingest/basic-builder';
import { splitEnv } from './split-world';

const BASE = 880_000;
const NET_A = BASE + 1;
const NET_B = BASE + 2;
/** Channels the imports create: two of network A, one of network B. */
const IMPORTED = {
  a1: `UC${String(BASE).padStart(20, 'e')}a1`,
  a2: `UC${String(BASE).padStart(20, 'e')}a2`,
  b1: `UC${String(BASE).padStart(20, 'e')}b1`,
};
const NETWORK_OF: Record<string, number> = { [IMPORTED.a1]: NET_A, [IMPORTED.a2]: NET_A, [IMPORTED.b1]: NET_B };
/** Written directly: a channel of no network with facts (in the shared D1) and a public one without facts. */
const NO_NETWORK = { id: BASE + 31, youtube: `UC${String(BASE).padStart(20, 'e')}c1` };
const NO_FACTS = { id: BASE + 32, youtube: `UC${String(BASE).padStart(20, 'e')}d1` };
const ALL_YOUTUBE = [...Object.values(IMPORTED), NO_NETWORK.youtube, NO_FACTS.youtube];
/** A category of this file's own (storage is shared by every file of the objects suite). */
const CATEGORY = 28;
const SNAPSHOT_DAYS = daysBetween('2026-01-10', '2026-03-20');
const LATEST = '2026-03-20';
const NOW = 1_774_000_000;
// NO_FACTS's imported December: 2.5 minutes and 1,500 micro-USD per view, its category's rates for every other channel.
const RATE = { watch: 2.5, earnings: 1500 };
const DECEMBER = { monthly_views: 40_000, watch_time_minutes: 100_000, earnings_micros: 60_000_000 };

type Value = string | number | null;
type Row = Record<string, Value>;

/** A day's partner facts of a channel (the import lines summed, or the rows written directly). */
interface DayFact {
  day: string;
  views: number;
  watch: number;
  revenue: number;
}

function daysBetween(first: string, last: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${first}T00:00:00Z`); t <= Date.parse(`${last}T00:00:00Z`); t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Deterministic, varied daily facts: watch and revenue rates differ per channel and day. */
function factOf(youtube: string, day: string): DayFact {
  const k = youtube.charCodeAt(youtube.length - 2) * 7 + youtube.charCodeAt(youtube.length - 1);
  const d = Number(day.slice(8)) + 31 * Number(day.slice(5, 7));
  const views = 800 + ((k * 131 + d * 53) % 900);
  return { day, views, watch: views * (2 + (k % 3)) + ((d * 17) % 97), revenue: views * (900 + (k % 5) * 150) + d * 1001 };
}

/** Snapshots: counters growing by a varying amount per day, so monthly and 30-day views differ. */
function snapshotsOf(youtube: string): Array<{ day: string; views: number; subs: number }> {
  const k = youtube.charCodeAt(youtube.length - 1);
  let views = 1_000_000 + k * 1000;
  let subs = 50_000 + k;
  return SNAPSHOT_DAYS.map((day, i) => {
    if (i > 0) {
      views += 900 + ((i * 37 + k * 11) % 400);
      subs += (i + k) % 9;
    }
    return { day, views, subs };
  });
}

const FIRST_IMPORT = daysBetween('2026-02-01', '2026-02-14');
const SECOND_IMPORT = daysBetween('2026-02-15', '2026-03-18');
const NO_NETWORK_FACT_DAYS = daysBetween('2026-01-15', '2026-03-18');

/** A basic and an estimated revenue file of one network's channels over the days. */
function filesOf(network: number, days: string[]) {
  const channels = Object.keys(NETWORK_OF).filter((youtube) => NETWORK_OF[youtube] === network);
  const lines: BasicLine[] = days.flatMap((day) =>
    channels.map((channel) => {
      const fact = factOf(channel, day);
      return { day: day.replaceAll('-', ''), channel, country: 'US', views: fact.views, watch: fact.watch };
    }),
  );
  const revenue = [
    'date,channel_id,video_id,claimed_status,uploader_type,country_code,estimated_partner_revenue,ad_impressions',
    ...days.flatMap((day) =>
      channels.map((channel) =>
        [day.replaceAll('-', ''), channel, '', 'claimed', 'self', 'US', (factOf(channel, day).revenue / 1e6).toFixed(6), 0].join(','),
      ),
    ),
  ].join('\n');
  const text = new TextEncoder();
  const tag = `${network}_${days[0]}`;
  return [
    { name: `content_owner_basic_a4_${tag}.csv`, bytes: text.encode(basicCsv(lines, true)) },
    { name: `content_owner_estimated_revenue_a1_${tag}.csv`, bytes: text.encode(`${revenue}\n`) },
  ];
}

/** Imports both networks' files over the days into the split install and into the reference. */
async function importDays(target: ImportTarget, reference: D1Database, days: string[]): Promise<void> {
  for (const network of [NET_A, NET_B]) {
    const split = await runImport(target, filesOf(network, days), { networkId: network, now: NOW });
    const one = await runImport({ db: reference, kv: env.KV }, filesOf(network, days), { networkId: network, now: NOW });
    for (const run of [split, one]) expect(run.files.map((f) => f.status)).toEqual(['loaded', 'loaded']);
  }
}

const insertRows = (db: D1Database, table: string, rows: Row[]) => insertInto(table, rows, false, db);

/** The public rows of this file's channels, keyed by YouTube id (the two databases number channels apart). */
async function publicRows(db: D1Database): Promise<{ history: Row[]; now: Row[] }> {
  const ids = JSON.stringify(ALL_YOUTUBE);
  const of = async (table: string, key: string) =>
    (
      await db
        .prepare(
          `SELECT c.youtube_id, t.* FROM ${table} AS t JOIN channels AS c ON c.id = t.channel_id
           WHERE c.youtube_id IN (SELECT value FROM json_each(?)) ORDER BY c.youtube_id, t.${key}`,
        )
        .bind(ids)
        .all<Row>()
    ).results.map(({ channel_id: _, ...row }) => row);
  return { history: await of('channel_history_monthly', 'month'), now: await of('channel_now', 'day') };
}

/** Watch time and earnings by hand: monthly views times the public rate, whatever the channel's facts. */
function estimate(monthlyViews: number): { watch_time_minutes: number; earnings_micros: number } {
  const grown = Math.max(monthlyViews, 0);
  return { watch_time_minutes: Math.round(grown * RATE.watch), earnings_micros: Math.round(grown * RATE.earnings) };
}

/** The estimates every channel should show, from its snapshots alone. */
function expectedEstimates(): Row[] {
  const rows: Row[] = [];
  for (const youtube of ALL_YOUTUBE) {
    const snaps = snapshotsOf(youtube);
    for (const month of ['2026-02', '2026-03']) {
      const end = snaps.filter((s) => s.day.startsWith(month)).at(-1);
      const base = snaps.filter((s) => s.day < `${month}-01`).at(-1);
      if (!end || !base) throw new Error('fixture: every month has snapshots');
      rows.push({ youtube_id: youtube, month, ...estimate(end.views - base.views) });
    }
    const end = snaps.filter((s) => s.day <= LATEST && s.day > addDays(LATEST, -30)).at(-1);
    const base = snaps.filter((s) => end && s.day <= addDays(end.day, -30)).at(-1) ?? snaps[0];
    if (!end || !base) throw new Error('fixture: snapshots in the last 30 days');
    rows.push({ youtube_id: youtube, month: 'now', ...estimate(end.views - base.views) });
  }
  return rows;
}

/** The estimates as the rollups wrote them, in expectedEstimates' shape (December's imported row left out). */
function estimatesOf(rows: { history: Row[]; now: Row[] }): Row[] {
  const pick = (row: Row, month: Value) => ({
    youtube_id: row.youtube_id ?? null,
    month,
    watch_time_minutes: row.watch_time_minutes ?? null,
    earnings_micros: row.earnings_micros ?? null,
  });
  return ALL_YOUTUBE.flatMap((youtube) => [
    ...rows.history.filter((r) => r.youtube_id === youtube && r.month !== '2025-12').map((r) => pick(r, r.month ?? null)),
    ...rows.now.filter((r) => r.youtube_id === youtube).map((r) => pick(r, 'now')),
  ]);
}

const storeOf = (id: number) => partnerDb(splitEnv, id);
let reference: D1Database;
let target: ImportTarget;

/**
 * The rebuilds walk every network of the shared D1, other files' too. A store another file of the
 * suite opened was started by an earlier load of the worker module, and its first call after the
 * reload fails asking to be retried (workerd invalidates it): each gets that call here, so the
 * rollups below find every store answering.
 */
async function wakeStores(): Promise<void> {
  const { results } = await env.DB.prepare('SELECT id FROM networks').all<{ id: number }>();
  for (const { id } of results)
    await storeOf(id)
      .prepare('SELECT 1')
      .first()
      .catch(() => null);
}

beforeAll(async () => {
  await wakeStores();
  reference = objectDb(env.NETWORK_STORE!.get(env.NETWORK_STORE!.idFromName(`estimates-reference-${BASE}`)) as unknown as StoreCaller);
  target = { db: env.DB, kv: env.KV, storeOf };
  const direct: Row[] = [
    { id: NO_NETWORK.id, youtube_id: NO_NETWORK.youtube, title: 'No network', network_id: null, category_id: CATEGORY, created_at: 0 },
    { id: NO_FACTS.id, youtube_id: NO_FACTS.youtube, title: 'No facts', network_id: null, category_id: CATEGORY, created_at: 0 },
  ];
  const noNetworkFacts: Row[] = NO_NETWORK_FACT_DAYS.map((day) => {
    const f = factOf(NO_NETWORK.youtube, day);
    return { channel_id: NO_NETWORK.id, day, views: f.views, watch_time_minutes: f.watch, partner_revenue_micros: f.revenue };
  });
  for (const db of [env.DB, reference]) {
    await insertRows(
      db,
      'networks',
      [NET_A, NET_B].map((id) => ({ id, slug: `estimates-${id}`, name: `Estimates ${id}`, is_partner: 1, created_at: 0 })),
    );
    await insertRows(db, 'channels', direct);
    await insertRows(db, 'channel_history_monthly', [
      { channel_id: NO_FACTS.id, month: '2025-12', subscriber_count: 1, view_count: 1, video_count: 1, monthly_subs: 0, ...DECEMBER },
    ]);
    await insertRows(db, 'channel_daily', noNetworkFacts);
  }
  // The first import creates the network channels (in the shared D1, copies in the stores).
  await importDays(target, reference, FIRST_IMPORT);
  for (const db of [env.DB, reference]) {
    await db
      .prepare('UPDATE channels SET category_id = ? WHERE youtube_id IN (SELECT value FROM json_each(?))')
      .bind(CATEGORY, JSON.stringify(ALL_YOUTUBE))
      .run();
    const ids = await db
      .prepare('SELECT id, youtube_id FROM channels WHERE youtube_id IN (SELECT value FROM json_each(?))')
      .bind(JSON.stringify(ALL_YOUTUBE))
      .all<{ id: number; youtube_id: string }>();
    expect(ids.results).toHaveLength(ALL_YOUTUBE.length);
    await insertRows(
      db,
      'channel_snapshots',
      ids.results.flatMap(({ id, youtube_id }) =>
        snapshotsOf(youtube_id).map((s) => ({
          channel_id: id,
          day: s.day,
          subscriber_count: s.subs,
          view_count: s.views,
          video_count: 12,
        })),
      ),
    );
  }
});

describe('public estimates on a split install', () => {
  it('a rebuild gives every channel the public estimate, as one database does', async () => {
    expect(await env.DB.prepare('SELECT count(*) AS n FROM channel_daily WHERE channel_id = ?').bind(NO_FACTS.id).first()).toEqual({
      n: 0,
    });
    await rebuildAndPublish(target);
    await rebuildAllRollups(reference);
    const split = await publicRows(env.DB);
    expect(split).toEqual(await publicRows(reference));
    expect(estimatesOf(split)).toEqual(expectedEstimates());
    expect(split.history.filter((r) => r.month === '2025-12')).toEqual([
      expect.objectContaining({ youtube_id: NO_FACTS.youtube, ...DECEMBER }),
    ]);
  });

  it('the refresh after an import of partner facts changes no public row', async () => {
    const before = await publicRows(env.DB);
    await importDays(target, reference, SECOND_IMPORT);
    const split = await publicRows(env.DB);
    expect(split).toEqual(before);
    expect(split).toEqual(await publicRows(reference));
    expect(estimatesOf(split)).toEqual(expectedEstimates());
  });

  it('the operator rebuild (refreshRollups) gives the same estimates from scratch', async () => {
    const ids = JSON.stringify(ALL_YOUTUBE);
    await env.DB.batch([
      env.DB.prepare(
        "DELETE FROM channel_history_monthly WHERE month > '2025-12' AND channel_id IN (SELECT id FROM channels WHERE youtube_id IN (SELECT value FROM json_each(?)))",
      ).bind(ids),
      env.DB.prepare(
        'DELETE FROM channel_now WHERE channel_id IN (SELECT id FROM channels WHERE youtube_id IN (SELECT value FROM json_each(?)))',
      ).bind(ids),
    ]);
    await refreshRollups(target, { rebuild: true });
    const split = await publicRows(env.DB);
    expect(split).toEqual(await publicRows(reference));
    expect(estimatesOf(split)).toEqual(expectedEstimates());
  });

  it('a new snapshot day refreshed as the snapshot sync does gives what one database gives', async () => {
    const day = addDays(LATEST, 1);
    for (const db of [env.DB, reference]) {
      await db
        .prepare(
          `INSERT INTO channel_snapshots (channel_id, day, subscriber_count, view_count, video_count)
           SELECT s.channel_id, ?, s.subscriber_count + 3, s.view_count + 4321, s.video_count FROM channel_snapshots AS s
           JOIN channels AS c ON c.id = s.channel_id WHERE c.youtube_id IN (SELECT value FROM json_each(?)) AND s.day = ?`,
        )
        .bind(day, JSON.stringify(ALL_YOUTUBE), LATEST)
        .run();
    }
    const before = await publicRows(env.DB);
    await refreshChanges(env.DB, { snapshotDays: [day] }, env.DB);
    await refreshChanges(reference, { snapshotDays: [day] });
    const split = await publicRows(env.DB);
    expect(split.now).not.toEqual(before.now);
    expect(split).toEqual(await publicRows(reference));
  });
});
