// Report files imported into a split install: each network's facts land in its own store (none in the
// shared D1), its channels, titles and videos in the shared catalogue with copies in the store under the
// same ids, its rollups refreshed there; and the dashboards then answer what one database loaded with
// the same files answers.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import metadata from '../fixtures/ingest/content_owner_video_metadata_a4_20260301.csv?raw';
import { runImport } from '../../src/server/ingest/run-import';
import { partnerDb } from '../../src/server/partner-store';
import { getBase } from '../../src/server/stats/base';
import { getDetailsTable } from '../../src/server/stats/details/table';
import { detailsTableSchema } from '../../src/server/stats/details/schema';
import { resolveRequest, type StatRequest } from '../../src/server/stats/request';
import { onStores, type StatsDb, oneDatabase } from '../../src/server/stats/stores';
import type { SessionUser } from '../../src/server/auth/session-user';
import { createUser, sessionUserOf } from '../integration/factories';
import { basicCsv, type BasicLine, ownerDemographicsCsv } from '../integration/ingest/basic-builder';
import { splitEnv } from './split-world';
import { DASHBOARD_CARDS, loadAlike, referenceStore } from './reference';

const NOW = 1_772_409_600; // 2026-03-02
const TODAY = '2026-03-02';
const NET_A = 770_001;
const NET_B = 770_002;
const A_CHANNELS = ['UCNZyLULUQBp5e9Q1cKtvk6Q', 'UC_x5XG1OV2P6uZZ5FSM9Ttw', 'UCWwWOFsW68TqXE-HZLC3WIA'];
const A_VIDEOS = ['mC2LZ4TitHw', 'D-lhorsDlUQ', 'hDeuSfo_Ys0'];
const B_CHANNELS = ['UCbbbbbbbbbbbbbbbbbbbb01', 'UCbbbbbbbbbbbbbbbbbbbb02'];
const B_VIDEOS = ['bbbbbbbbb01', 'bbbbbbbbb02'];

/** A video metadata snapshot of network B whose videos share one CMS custom id: one title. */
function metadataB(): string {
  const header = metadata.split('\n')[0] ?? '';
  const columns = header.split(',');
  const row = (video: string, channel: string, k: number) =>
    columns
      .map(
        (c) =>
          ({
            video_id: video,
            channel_id: channel,
            channel_display_name: `Channel B${k}`,
            time_uploaded: '2026-01-05T10:00:00Z',
            time_published: '2026-02-03T10:00:00Z',
            video_title: `Episode ${k}`,
            video_length: '600',
            custom_id: 'show-b',
          })[c] ?? '',
      )
      .join(',');
  return [header, ...B_VIDEOS.map((v, k) => row(v, B_CHANNELS[k] ?? '', k + 1))].join('\n') + '\n';
}

function basicLines(channels: string[], videos: string[], seed: number): BasicLine[] {
  const lines: BasicLine[] = [];
  for (let d = 1; d <= 27; d++) {
    const day = `202602${String(d).padStart(2, '0')}`;
    channels.forEach((channel, k) => {
      for (const country of ['US', 'BR', k ? 'IN' : 'DE']) {
        const views = ((seed + d * 31 + k * 7 + country.charCodeAt(0)) % 500) + 20;
        lines.push({
          day,
          channel,
          video: videos[k],
          country,
          views,
          likes: views % 17,
          comments: views % 5,
          watch: views * 3,
          gained: d % 4,
          lost: d % 2,
        });
      }
    });
  }
  return lines;
}

function filesOf(network: 'A' | 'B') {
  const channels = network === 'A' ? A_CHANNELS : B_CHANNELS;
  const videos = network === 'A' ? A_VIDEOS : B_VIDEOS;
  const text = new TextEncoder();
  return [
    { name: `content_owner_video_metadata_a4_${network}.csv`, bytes: text.encode(network === 'A' ? metadata : metadataB()) },
    {
      name: `content_owner_basic_a4_${network}.csv`,
      bytes: text.encode(basicCsv(basicLines(channels, videos, network === 'A' ? 3 : 11), true)),
    },
    {
      name: `content_owner_demographics_a1_${network}.csv`,
      bytes: text.encode(
        ownerDemographicsCsv('20260210', channels[0] ?? '', [
          [videos[0] ?? '', 'US', 'AGE_18_24', 'male', 60],
          [videos[0] ?? '', 'US', 'AGE_25_34', 'female', 40],
        ]),
      ),
    },
  ];
}

let reference: D1Database;
let owner: SessionUser;
let spanning: SessionUser;

beforeAll(async () => {
  reference = referenceStore('import-reference');
  for (const db of [env.DB, reference]) {
    await db.batch(
      [NET_A, NET_B].map((id) =>
        db
          .prepare('INSERT INTO networks (id, slug, name, is_partner, created_at) VALUES (?, ?, ?, 1, 0)')
          .bind(id, `imp-${id}`, `Imp ${id}`),
      ),
    );
  }
  const a = await createUser({ email: 'import-owner@example.com', showTitle: true });
  const b = await createUser({ email: 'import-spanning@example.com', showTitle: true });
  const users = await env.DB.prepare('SELECT * FROM users WHERE id IN (?, ?)').bind(a.id, b.id).all<Record<string, unknown>>();
  for (const user of users.results) {
    const columns = Object.keys(user);
    await reference
      .prepare(`INSERT INTO users (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`)
      .bind(...columns.map((c) => user[c] ?? null))
      .run();
  }
  for (const db of [env.DB, reference]) {
    await db.batch(
      [
        [a.id, NET_A],
        [b.id, NET_A],
        [b.id, NET_B],
      ].map(([user, network]) =>
        db.prepare('INSERT INTO network_grants (user_id, network_id, created_at) VALUES (?, ?, 0)').bind(user, network),
      ),
    );
  }
  owner = sessionUserOf(a, { showTitle: true });
  spanning = sessionUserOf(b, { showTitle: true });
  // A title of network A no file names: a store gets only what its files name.
  await env.DB.prepare("INSERT INTO titles (title, network_id, custom_id, created_at) VALUES ('Unnamed', ?, 'not-in-files', 0)")
    .bind(NET_A)
    .run();
  for (const [network, id] of [
    ['A', NET_A],
    ['B', NET_B],
  ] as const) {
    await loadAlike(reference, () => filesOf(network), { networkId: id, now: NOW });
  }
});

describe('an import into a split install', () => {
  it('writes facts to the network store only, the catalogue to the shared D1 with copies in the store', async () => {
    const ids = await env.DB.prepare(
      'SELECT id, youtube_id, network_id, title FROM channels WHERE youtube_id IN (SELECT value FROM json_each(?)) ORDER BY id',
    )
      .bind(JSON.stringify([...A_CHANNELS, ...B_CHANNELS]))
      .all<{ id: number; youtube_id: string; network_id: number; title: string }>();
    expect(ids.results).toHaveLength(5);
    const facts = await env.DB.prepare('SELECT count(*) AS n FROM channel_daily WHERE channel_id IN (SELECT value FROM json_each(?))')
      .bind(JSON.stringify(ids.results.map((r) => r.id)))
      .first<{ n: number }>();
    expect(facts?.n).toBe(0);
    // Both networks are recorded as having a store, so the rollup walks and partner-migrate find them.
    const opened = await env.DB.prepare('SELECT network_id FROM network_stores WHERE network_id IN (?1, ?2) ORDER BY 1')
      .bind(NET_A, NET_B)
      .all<{ network_id: number }>();
    expect(opened.results.map((r) => r.network_id)).toEqual([NET_A, NET_B]);
    for (const [network, channels] of [
      [NET_A, A_CHANNELS],
      [NET_B, B_CHANNELS],
    ] as const) {
      const store = partnerDb(splitEnv, network);
      const copies = await store.prepare('SELECT id, youtube_id, network_id, title FROM channels ORDER BY id').all();
      expect(copies.results).toEqual(ids.results.filter((r) => channels.includes(r.youtube_id)));
      const days = await store
        .prepare('SELECT count(DISTINCT day) AS days, count(DISTINCT channel_id) AS channels FROM channel_daily')
        .first();
      expect(days).toEqual({ days: 27, channels: channels.length });
      const months = await store.prepare("SELECT count(*) AS n FROM channel_monthly WHERE month = '2026-02'").first<{ n: number }>();
      expect(months?.n).toBe(channels.length);
    }
    expect(await partnerDb(splitEnv, NET_A).prepare('SELECT count(*) AS n FROM titles').first()).toEqual({ n: 0 });
    const title = await env.DB.prepare("SELECT id FROM titles WHERE network_id = ? AND custom_id = 'show-b'")
      .bind(NET_B)
      .first<{ id: number }>();
    const inStore = await partnerDb(splitEnv, NET_B).prepare("SELECT id FROM titles WHERE custom_id = 'show-b'").first<{ id: number }>();
    expect(inStore).toEqual(title);
    const videos = await env.DB.prepare(
      'SELECT video_id, title_id FROM videos WHERE video_id IN (SELECT value FROM json_each(?)) ORDER BY 1',
    )
      .bind(JSON.stringify(B_VIDEOS))
      .all();
    expect(videos.results).toEqual(B_VIDEOS.map((video_id) => ({ video_id, title_id: title?.id })));
  });

  for (const who of ['owner', 'spanning'] as const) {
    it(`${who}: the dashboard and details answer what one database loaded with the same files answers`, async () => {
      const user = who === 'owner' ? owner : spanning;
      for (const body of [{}, { date_from: '2026-02-03', date_to: '2026-02-20' }]) {
        const req = resolveRequest(user, body, { today: TODAY });
        const [db, split] = await onStores(splitEnv, req);
        const cards: Array<(db: StatsDb, req: StatRequest) => Promise<unknown>> = [
          ...DASHBOARD_CARDS,
          (d, r) => getDetailsTable(d, r, detailsTableSchema.parse({ ...body, top_field: 'views', group: 'channels' })),
        ];
        for (const card of cards) expect(await card(db, split)).toEqual(await card(oneDatabase(reference), req));
      }
      // And the lifetime views are the files' own rows, from one store or two.
      const lines = [...basicLines(A_CHANNELS, A_VIDEOS, 3), ...(who === 'spanning' ? basicLines(B_CHANNELS, B_VIDEOS, 11) : [])];
      const req = resolveRequest(user, {}, { today: TODAY });
      const [db, split] = await onStores(splitEnv, req);
      expect((await getBase(db, split)).sum_views).toBe(lines.reduce((sum, l) => sum + l.views, 0));
    });
  }
});

describe('a file of a split network without an issue time', () => {
  it("is refused where it would replace days of its network, and the refusal is kept in that network's store, next to report_files", async () => {
    const storeOf = (id: number) => partnerDb(splitEnv, id);
    const copy = basicCsv(basicLines(A_CHANNELS, A_VIDEOS, 5), true);
    const run = await runImport(
      { db: env.DB, kv: env.KV, storeOf },
      [{ name: 'copy/content_owner_basic_a4_A.csv', bytes: new TextEncoder().encode(copy) }],
      {
        networkId: NET_A,
        now: NOW,
      },
    );
    expect(run.files[0]).toMatchObject({ status: 'rejected' });
    expect(run.files[0]?.reason).toMatch(
      /^copy\/content_owner_basic_a4_A\.csv: has no issue time and would replace 2026-02-01\.\.2026-02-27 \(27 days\) for 3 channels of content_owner_basic_a4_A\.csv \(loaded /,
    );
    const refused = "SELECT name, status FROM report_refusals WHERE name = 'copy/content_owner_basic_a4_A.csv'";
    expect((await storeOf(NET_A).prepare(refused).all()).results).toEqual([
      { name: 'copy/content_owner_basic_a4_A.csv', status: 'rejected' },
    ]);
    expect((await env.DB.prepare(refused).all()).results).toEqual([]);
  });
});
