// Report files of a network spread over several stores (docs/partner-store.md, "A network larger than one
// store"): each file loads as one part per bucket, every channel's facts land in its bucket's store only,
// a second load of the same files changes nothing, and the dashboards answer what one database loaded
// with the same files answers.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { runImport } from '../../src/server/ingest/run-import';
import { bucketOf } from '../../src/server/ingest/load/channel-keys';
import { resolveRequest } from '../../src/server/stats/request';
import { onStores, oneDatabase } from '../../src/server/stats/stores';
import type { SessionUser } from '../../src/server/auth/session-user';
import { createUser, sessionUserOf } from '../integration/factories';
import { basicCsv, type BasicLine, ownerDemographicsCsv, ownerTrafficCsv } from '../integration/ingest/basic-builder';
import { splitEnv } from './split-world';
import { DASHBOARD_CARDS, insertNetwork, loadAlike, referenceStore, storeOf } from './reference';

const NOW = 1_772_409_600; // 2026-03-02
const TODAY = '2026-03-02';
const NETWORK = 795_001;
const BUCKETS = 3;
// A new channel's bucket is its id's hash modulo 3 (bucketOf): '01'..'06' fall in buckets 2, 1, 2, 0, 2, 2.
const CHANNELS = ['01', '02', '03', '04', '05', '06'].map((end) => `UCbucketsbucketsbucket${end}`);
const VIDEOS = CHANNELS.map((_, k) => `bucketvid0${k}`);
const UPLOADER = 'UCuploaderuploaderupbk01';

function basicLines(): BasicLine[] {
  const lines: BasicLine[] = [];
  for (let d = 1; d <= 20; d++) {
    const day = `202602${String(d).padStart(2, '0')}`;
    CHANNELS.forEach((channel, k) => {
      for (const country of ['US', k % 2 ? 'IN' : 'DE']) {
        const views = ((d * 37 + k * 11 + country.charCodeAt(1)) % 400) + 10;
        lines.push({ day, channel, video: VIDEOS[k], country, views, likes: views % 13, watch: views * 2, gained: d % 3 });
      }
    });
    // A claimed third-party upload: the UGC channel's, which lives in bucket 0.
    lines.push({ day, channel: UPLOADER, video: 'bucketcopy1', country: 'US', views: 40 + d, uploader: 'thirdParty' });
  }
  return lines;
}

function files() {
  const text = new TextEncoder();
  return [
    { name: 'content_owner_basic_a4_buckets.csv', bytes: text.encode(basicCsv(basicLines(), true)) },
    { name: 'content_owner_traffic_source_a3_buckets.csv', bytes: text.encode(ownerTrafficCsv(basicLines())) },
    {
      name: 'content_owner_demographics_a1_buckets.csv',
      bytes: text.encode(
        ownerDemographicsCsv('20260210', CHANNELS[0] ?? '', [
          [VIDEOS[0] ?? '', 'US', 'AGE_18_24', 'male', 70],
          [VIDEOS[0] ?? '', 'US', 'AGE_25_34', 'female', 30],
        ]),
      ),
    },
  ];
}

let reference: D1Database;
let owner: SessionUser;

beforeAll(async () => {
  reference = referenceStore('import-buckets-reference');
  const user = await createUser({ email: 'buckets-owner@example.com', showTitle: true });
  // The reference answers the unresolved scope, which joins the grants: it holds the user too.
  const row = await env.DB.prepare('SELECT * FROM users WHERE id = ?').bind(user.id).first<Record<string, unknown>>();
  const columns = Object.keys(row ?? {});
  await reference
    .prepare(`INSERT INTO users (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`)
    .bind(...columns.map((c) => row?.[c] ?? null))
    .run();
  await insertNetwork([env.DB, reference], { id: NETWORK, slug: 'buckets', buckets: BUCKETS });
  for (const db of [env.DB, reference]) {
    await db.prepare('INSERT INTO network_grants (user_id, network_id, created_at) VALUES (?, ?, 0)').bind(user.id, NETWORK).run();
  }
  owner = sessionUserOf(user, { showTitle: true });
  await loadAlike(reference, files, { networkId: NETWORK, now: NOW });
});

describe('an import into a network spread over several stores', () => {
  it('gives each new channel the bucket of its YouTube id, the UGC channel bucket 0', async () => {
    const rows = await env.DB.prepare('SELECT youtube_id, is_ugc, store_bucket FROM channels WHERE network_id = ? ORDER BY id')
      .bind(NETWORK)
      .all<{ youtube_id: string | null; is_ugc: number; store_bucket: number }>();
    expect(rows.results.filter((r) => r.is_ugc).map((r) => r.store_bucket)).toEqual([0]);
    const byId = new Map(rows.results.map((r) => [r.youtube_id, r.store_bucket]));
    expect(CHANNELS.map((c) => byId.get(c))).toEqual(CHANNELS.map((c) => bucketOf(c, BUCKETS)));
    expect(new Set(CHANNELS.map((c) => bucketOf(c, BUCKETS)))).toEqual(new Set([0, 1, 2]));
  });

  it("writes each channel's facts to its bucket's store only, the file's rows split between them", async () => {
    const channels = await env.DB.prepare('SELECT id, store_bucket AS bucket FROM channels WHERE network_id = ?')
      .bind(NETWORK)
      .all<{ id: number; bucket: number }>();
    const lines = basicLines();
    let views = 0;
    for (let bucket = 0; bucket < BUCKETS; bucket++) {
      const own = channels.results.filter((c) => c.bucket === bucket).map((c) => c.id);
      const held = await storeOf(NETWORK, bucket)
        .prepare('SELECT DISTINCT channel_id FROM channel_daily ORDER BY 1')
        .all<{ channel_id: number }>();
      expect(held.results.map((r) => r.channel_id)).toEqual(own.sort((a, b) => a - b));
      const sum = await storeOf(NETWORK, bucket).prepare('SELECT coalesce(sum(views), 0) AS v FROM channel_daily').first<{ v: number }>();
      views += sum?.v ?? 0;
      // Each bucket's store keeps its own log of its part of each file.
      const log = await storeOf(NETWORK, bucket).prepare('SELECT count(*) AS n FROM report_files').first<{ n: number }>();
      expect(log?.n).toBeGreaterThan(0);
    }
    expect(views).toBe(lines.reduce((s, l) => s + l.views, 0));
    // The traffic file's rows went where the same channels' basic rows went: each store's sources add up to its
    // views; and every line names a video, so each store's videos add up to its channel days too.
    for (let bucket = 0; bucket < BUCKETS; bucket++) {
      const perDay = await storeOf(NETWORK, bucket)
        .prepare(
          `SELECT d.channel_id, d.day, d.views, (SELECT sum(t.views) FROM channel_traffic_daily t WHERE t.channel_id = d.channel_id AND t.day = d.day) AS traffic,
             (SELECT sum(v.views) FROM video_daily v WHERE v.channel_id = d.channel_id AND v.day = d.day) AS videos
           FROM channel_daily d`,
        )
        .all<{ views: number; traffic: number | null; videos: number | null }>();
      expect(perDay.results.length).toBeGreaterThan(0);
      for (const r of perDay.results) expect([r.traffic, r.videos]).toEqual([r.views, r.views]);
    }
    // The claimed copy is the UGC channel's video, in bucket 0.
    const copy = await storeOf(NETWORK, 0)
      .prepare("SELECT sum(views) AS v FROM video_daily WHERE video_id = 'bucketcopy1'")
      .first<{ v: number }>();
    expect(copy?.v).toBe(lines.filter((l) => l.video === 'bucketcopy1').reduce((s, l) => s + l.views, 0));
    // The video grains too: the buckets' rows together are those of one database, the copy's under the UGC channel.
    for (const table of ['video_traffic_daily', 'video_audience_daily']) {
      const read = async (db: D1Database) =>
        (
          await db
            .prepare(
              `SELECT coalesce(c.youtube_id, 'UGC') AS channel, d.* FROM ${table} d JOIN channels c ON c.id = d.channel_id WHERE c.network_id = ?`,
            )
            .bind(NETWORK)
            .all<Record<string, unknown>>()
        ).results
          .map(({ channel_id: _id, ...row }) => JSON.stringify(row))
          .sort();
      const buckets: string[] = [];
      for (let bucket = 0; bucket < BUCKETS; bucket++) buckets.push(...(await read(storeOf(NETWORK, bucket))));
      const whole = await read(reference);
      expect(whole.length, table).toBeGreaterThan(0);
      expect(buckets.sort(), table).toEqual(whole);
    }
    // The claimed copy's days are the UGC channel's.
    const copyDays = await reference
      .prepare(
        "SELECT count(DISTINCT d.day) AS n FROM video_traffic_daily d JOIN channels c ON c.id = d.channel_id WHERE c.is_ugc = 1 AND d.video_id = 'bucketcopy1'",
      )
      .first<{ n: number }>();
    expect(copyDays?.n).toBe(20);
    const shared = await env.DB.prepare(
      'SELECT count(*) AS n FROM channel_daily WHERE channel_id IN (SELECT id FROM channels WHERE network_id = ?)',
    )
      .bind(NETWORK)
      .first<{ n: number }>();
    expect(shared?.n).toBe(0);
  });

  it('answers the dashboard as one database loaded with the same files', async () => {
    for (const body of [{}, { date_from: '2026-02-03', date_to: '2026-02-15' }]) {
      const req = resolveRequest(owner, body, { today: TODAY });
      const [db, split] = await onStores(splitEnv, req);
      expect(db.databases).toBe(BUCKETS);
      for (const card of DASHBOARD_CARDS) expect(await card(db, split)).toEqual(await card(oneDatabase(reference), req));
    }
  });

  it('loads nothing again from the same files: every bucket answers unchanged', async () => {
    const again = await runImport({ db: env.DB, kv: env.KV, storeOf }, files(), { networkId: NETWORK, now: NOW + 60 });
    expect(again.files.map((f) => f.status)).toEqual(['unchanged', 'unchanged', 'unchanged']);
    expect(again.files[0]?.decisions?.filter((d) => d.startsWith('bucket '))).toHaveLength(BUCKETS);
  });
});

describe("a spread network's file whose part is refused, and channels placed by hand", () => {
  const NET = 795_002;
  // '11' would fall in bucket 0 by its id; the operator put it in bucket 2 before its first file.
  const [placed, other, third] = ['11', '05', '01'].map((end) => `UCbucketsrefusedbucket${end}`) as [string, string, string];
  const lines = (from: number, to: number): BasicLine[] =>
    [placed, other, third].flatMap((channel, k) =>
      Array.from({ length: to - from + 1 }, (_, i) => ({
        day: `202602${String(from + i).padStart(2, '0')}`,
        channel,
        views: 100 + k * 10 + i,
      })),
    );
  const sumOf = (rows: BasicLine[], channel: string) => rows.filter((l) => l.channel === channel).reduce((s, l) => s + l.views, 0);
  const load = (text: string, now: number) =>
    runImport(
      { db: env.DB, kv: env.KV, storeOf },
      [{ name: 'content_owner_basic_a4_refused.csv', bytes: new TextEncoder().encode(text) }],
      {
        networkId: NET,
        now,
      },
    );
  const storeViews = async (bucket: number, youtubeId: string) =>
    (
      await storeOf(NET, bucket)
        .prepare('SELECT coalesce(sum(d.views), 0) AS v FROM channel_daily d JOIN channels c ON c.id = d.channel_id WHERE c.youtube_id = ?')
        .bind(youtubeId)
        .first<{ v: number }>()
    )?.v;

  it("names the file's line, keeps the other buckets' parts, and a corrected file finishes the load", async () => {
    await insertNetwork([env.DB], { id: NET, slug: 'refused', buckets: BUCKETS });
    await env.DB.prepare("INSERT INTO channels (youtube_id, title, network_id, store_bucket, created_at) VALUES (?, 'Placed', ?, 2, 0)")
      .bind(placed, NET)
      .run();
    expect(bucketOf(placed, BUCKETS)).toBe(0);
    expect([bucketOf(other, BUCKETS), bucketOf(third, BUCKETS)]).toEqual([1, 2]);
    const rows = lines(1, 5);
    const good = basicCsv(rows, true);
    const textLines = good.split('\n');
    // The third channel's second day (bucket 2, with the placed channel): its views are not a number.
    const bad = rows.findIndex((l) => l.channel === third && l.day === '20260202') + 1;
    const views = rows[bad - 1]?.views ?? 0;
    const broken = textLines.map((line, i) => (i === bad ? line.replace(`,${views},`, ',lots,') : line)).join('\n');
    expect(broken).not.toBe(good);
    const first = await load(broken, NOW);
    expect(first.files[0]?.status).toBe('rejected');
    expect(first.files[0]?.reason).toContain(`content_owner_basic_a4_refused.csv:${bad + 1}:`);
    expect(first.files[0]?.reason).toContain('(bucket 2; buckets 1 loaded and stay loaded');
    expect(await storeViews(1, other)).toBe(sumOf(rows, other));
    expect(await storeViews(2, third)).toBe(0);

    const second = await load(good, NOW + 60);
    expect(second.files[0]?.status).toBe('loaded');
    expect(second.files[0]?.decisions).toContain('bucket 1: already loaded');
    // The placed channel's facts are in bucket 2, where the column puts it, not where its id would.
    expect(await storeViews(2, placed)).toBe(sumOf(rows, placed));
    expect(await storeViews(0, placed)).toBe(0);
    expect(await storeViews(2, third)).toBe(sumOf(rows, third));
  });
});
