// rebalance: some channels of a network loaded into its first store (bucket 0) are copied into bucket 1's
// store page by page, checked, flipped and pruned; the partner pages of the network's owner, of a partner
// holding the moved channels and of one holding channels on both sides answer the same all along, the
// target holds exactly what the source held, the source nothing of theirs, and each store's network days
// are the sums of its channel days. Runs in the split pass; the default pass checks the refusal.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { runImport } from '../../src/server/ingest/run-import';
import { networkStoreDb } from '../../src/server/partner-store';
import { createUser } from './factories';
import { call, signIn } from './http';
import { createNetwork, NOW } from './ingest/support';
import { rowsIn, SPLIT } from './partner-facts';
import { AUTH, BASIC, files, holdings, networkDaysOff, rebalance, type Step, videos, walk } from './rebalance-world';

describe.runIf(!SPLIT)('rebalance on an install without stores', () => {
  it('is refused with what it needs', async () => {
    const res = await rebalance({ network: 1, channels: [1], from: 0, to: 1, action: 'check' });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: string }).error).toContain('NETWORK_STORE');
    const network = await createNetwork();
    const buckets = await call('/api/admin/rebalance/buckets', { body: { network, count: 4 }, headers: AUTH });
    expect(buckets.status).toBe(409);
    expect(((await buckets.json()) as { error: string }).error).toContain('partner-move first');
    expect(await rowsIn(env.DB, 'SELECT store_buckets FROM networks WHERE id = ?', network)).toEqual([{ store_buckets: 1 }]);
  });
});

describe.runIf(SPLIT)('rebalance', () => {
  let network = 0;
  /** The network's channels: kept stays in bucket 0, moved goes to bucket 1. */
  let kept: number[] = [];
  let moved: number[] = [];
  const sessions: string[] = [];
  const PAGES: Array<[string, Record<string, unknown>]> = [
    ['/api/stat/base', { chart_period: 'days' }],
    ['/api/stat/location', { date_from: '2026-02-01', date_to: '2026-02-28' }],
    ['/api/stat/demographics', { date_from: '2026-02-01', date_to: '2026-02-28' }],
    ['/api/illegal/table', { sort: 'video', order: 'asc' }],
  ];
  /** What every page answers each user (the owner, the moved channels' partner, a partner on both sides). */
  async function answers(): Promise<string[]> {
    const out: string[] = [];
    for (const session of sessions)
      for (const [path, body] of PAGES) {
        const res = await call(path, { session, body });
        expect(res.status, `${path} ${await res.clone().text()}`).toBe(200);
        out.push(`${path} ${await res.text()}`);
      }
    return out;
  }
  const source = () => networkStoreDb(env, network, 0);
  const target = () => networkStoreDb(env, network, 1);
  const plan = () => ({ network, channels: moved, from: 0, to: 1 });

  beforeAll(async () => {
    network = await createNetwork();
    const storeOf = (id: number, bucket = 0) => networkStoreDb(env, id, bucket);
    const run = await runImport({ db: env.DB, kv: env.KV, storeOf }, files(), { networkId: network, now: NOW });
    expect(run.files.map((f) => f.status)).toEqual(['loaded', 'loaded', 'loaded', 'loaded']);
    const channels = await rowsIn<{ id: number; youtube_id: string }>(
      env.DB,
      'SELECT id, youtube_id FROM channels WHERE network_id = ? AND is_ugc = 0 ORDER BY id',
      network,
    );
    expect(channels.length).toBe(3);
    // The first video's channel (its copies, its audience) and the second's move; the last video's stays.
    const keptYoutube = videos.at(-1)?.channel_id;
    kept = channels.filter((c) => c.youtube_id === keptYoutube).map((c) => c.id);
    moved = channels.filter((c) => c.youtube_id !== keptYoutube).map((c) => c.id);
    // Earnings on every day (the basic report has none): the money the check and the network days add up.
    await source().prepare('UPDATE channel_daily SET partner_revenue_micros = views * 1000 + channel_id').run();
    // Statements on every channel, so the finance month and its triggers move too.
    await source()
      .prepare(
        `INSERT INTO channel_finance_monthly (channel_id, month, revenue_micros, adjustment_micros, finalized_at)
         SELECT id, '2026-02', 1000000 + id, -7, 1 FROM channels WHERE network_id = ? AND is_ugc = 0`,
      )
      .bind(network)
      .run();
    // The target store already holds files of its own: one of them the same content as a moved slice's
    // file, under another id. A moved slice must name the target's id, matched by content.
    const [file] = await rowsIn<{ sha256: string; name: string }>(
      source(),
      'SELECT sha256, name FROM report_files WHERE id = (SELECT min(file_id) FROM report_slices WHERE channel_id = ?)',
      moved[0],
    );
    const insertFile =
      "INSERT INTO report_files (id, sha256, name, report_type, family, status, loaded_at) VALUES (?, ?, ?, 'x', 'basic', 'loaded', 0)";
    const bucket1 = target();
    await bucket1.batch([
      bucket1.prepare(insertFile).bind(100, file?.sha256 ?? '', file?.name ?? ''),
      bucket1.prepare(insertFile).bind(101, 'f'.repeat(64), 'other.csv'),
    ]);
    const owner = await createUser({ showTitle: true });
    await env.DB.prepare('INSERT INTO network_grants (user_id, network_id, created_at) VALUES (?, ?, 0)').bind(owner.id, network).run();
    const partner = await createUser({ showTitle: true });
    const both = await createUser({ showTitle: true });
    const grant = env.DB.prepare('INSERT INTO channel_grants (user_id, channel_id, created_at) VALUES (?, ?, 0)');
    await env.DB.batch([
      ...moved.map((id) => grant.bind(partner.id, id)),
      ...[kept[0] ?? 0, moved[0] ?? 0].map((id) => grant.bind(both.id, id)),
    ]);
    for (const user of [owner, partner, both]) sessions.push(await signIn(user.email, user.password ?? ''));
  });

  it('copies, checks, flips and prunes: every page answers the same, the rows and network days follow', async () => {
    const before = await answers();
    const held = await holdings(source(), moved);
    const movedYoutube = await rowsIn<{ youtube_id: string }>(
      env.DB,
      'SELECT youtube_id FROM channels WHERE id IN (SELECT value FROM json_each(?))',
      JSON.stringify(moved),
    );
    const movedViews = BASIC.filter((l) => movedYoutube.some((c) => c.youtube_id === l.channel)).reduce((s, l) => s + l.views, 0);
    expect(movedViews).toBeGreaterThan(0);
    // Every kind of row is moved: titles, videos (their audience too), finance, copies, money.
    for (const table of [
      'channel_title_daily',
      'video_daily',
      'video_country_daily',
      'channel_audience_daily',
      'video_audience_daily',
      'video_audience_monthly',
      'channel_finance_monthly',
      'illegal_copies',
      'channel_title_yearly',
    ])
      expect((held[table] as { n: number }).n, table).toBeGreaterThan(0);
    expect((held.channel_daily as { money: number }).money).toBeGreaterThan(0);

    // A row of theirs already in the target (an earlier copy cut off): the copy starts clean.
    await walk({ ...plan(), action: 'copy', limit: 500 });
    await target().prepare("INSERT INTO channel_daily (channel_id, day, views) VALUES (?, '2020-01-01', 999)").bind(moved[0]).run();
    const stray = ((await (await rebalance({ ...plan(), action: 'check' })).json()) as { data: { differ: string[] } }).data;
    expect(stray.differ).toEqual(['channel_daily']);
    expect((await rebalance({ ...plan(), action: 'flip' })).status).toBe(409);

    const steps = await walk({ ...plan(), action: 'copy', limit: 7 });
    expect(steps.filter((s) => s.table === 'channel_country_daily' && s.phase === 'copy').length).toBeGreaterThan(2);
    expect(steps.find((s) => s.phase === 'clear' && s.table === 'channel_daily')?.rows).toBeGreaterThan(0);
    expect(steps.some((s) => s.table === 'network_daily' || s.table === 'report_files')).toBe(false);
    expect(await holdings(target(), moved)).toEqual(held);
    expect(await rowsIn(target(), 'SELECT sum(views) AS v FROM channel_daily')).toEqual([{ v: movedViews }]);
    // Every slice names a file of the target's, the same content as the source's.
    const files = (db: D1Database) =>
      rowsIn(
        db,
        'SELECT s.channel_id, s.day, s.family, f.sha256 FROM report_slices s JOIN report_files f ON f.id = s.file_id WHERE s.channel_id IN (SELECT value FROM json_each(?)) ORDER BY 1, 2, 3',
        JSON.stringify(moved),
      );
    expect(await files(target())).toEqual(await files(source()));
    expect((await files(target())).length).toBeGreaterThan(0);
    expect(await rowsIn(target(), 'SELECT count(*) AS n FROM report_slices WHERE file_id = 100')).not.toEqual([{ n: 0 }]);
    expect(await rowsIn(target(), 'SELECT id, report_type FROM report_files WHERE id IN (100, 101) ORDER BY id')).toEqual([
      { id: 100, report_type: 'x' },
      { id: 101, report_type: 'x' },
    ]);

    const check = ((await (await rebalance({ ...plan(), action: 'check' })).json()) as { data: { differ: string[]; reads_from: number } })
      .data;
    expect(check).toMatchObject({ differ: [], reads_from: 0 });
    expect(await answers()).toEqual(before);
    expect((await rebalance({ ...plan(), action: 'prune' })).status).toBe(409);

    const flip = await rebalance({ ...plan(), action: 'flip' });
    expect(((await flip.json()) as { data: unknown }).data).toEqual({ network_id: network, flipped: moved.length, to: 1 });
    expect(await rowsIn(env.DB, 'SELECT id, store_bucket FROM channels WHERE network_id = ? AND is_ugc = 0 ORDER BY id', network)).toEqual([
      ...[...kept.map((id) => ({ id, store_bucket: 0 })), ...moved.map((id) => ({ id, store_bucket: 1 }))].sort((a, b) => a.id - b.id),
    ]);
    expect(
      await rowsIn(
        target(),
        'SELECT DISTINCT store_bucket FROM channels WHERE id IN (SELECT value FROM json_each(?))',
        JSON.stringify(moved),
      ),
    ).toEqual([{ store_bucket: 1 }]);
    // Reads follow the column: the stores answer the same figures, the source still holding the rows.
    expect(await answers()).toEqual(before);
    expect((await rebalance({ ...plan(), action: 'copy' })).status).toBe(409);

    const pruned = await walk({ ...plan(), action: 'prune', limit: 7 });
    const deleted = new Map<string, number>();
    for (const s of pruned) deleted.set(s.table, (deleted.get(s.table) ?? 0) + s.rows);
    const expected = Object.entries(held).flatMap(([table, row]) =>
      (row as { n: number }).n > 0 ? [[table, (row as { n: number }).n]] : [],
    );
    expect(Object.fromEntries([...deleted].filter(([, n]) => n > 0))).toEqual(Object.fromEntries(expected));
    expect(Object.values(await holdings(source(), moved)).every((row) => (row as { n: number }).n === 0)).toBe(true);
    expect(await holdings(target(), moved)).toEqual(held);
    expect(await answers()).toEqual(before);

    // The triggers kept each store's network days: the target's are the moved channels' days, the source's the kept ones'.
    expect(await networkDaysOff(source())).toEqual([]);
    expect(await networkDaysOff(target())).toEqual([]);
    expect(await rowsIn(target(), 'SELECT sum(views) AS v FROM network_daily')).toEqual([{ v: movedViews }]);
    // A second run finds them flipped and prunes nothing more.
    const again = ((await (await rebalance({ ...plan(), action: 'check' })).json()) as { data: { reads_from: number } }).data;
    expect(again.reads_from).toBe(1);
  });

  it('refuses what it cannot do with a message, changing nothing', async () => {
    const other = await createNetwork();
    const bad: Array<[Record<string, unknown>, number]> = [
      [{ ...plan(), action: 'copy', cursor: 'not json' }, 400],
      [
        {
          ...plan(),
          action: 'copy',
          cursor: JSON.stringify({ network, from: 0, to: 1, channels: '1:00000000', phase: 'copy', table: 5, after: null }),
        },
        400,
      ],
      [
        {
          ...plan(),
          action: 'copy',
          cursor: JSON.stringify({ network, from: 0, to: 1, channels: '1:00000000', phase: 'copy', table: 999, after: null }),
        },
        400,
      ],
      [{ ...plan(), action: 'copy', from: 1, to: 2 }, 409],
      [{ ...plan(), action: 'flip' }, 409],
      [{ ...plan(), action: 'prune' }, 409],
      [{ ...plan(), action: 'copy', to: 0 }, 400],
      [{ ...plan(), action: 'copy', to: 64 }, 400],
      [{ ...plan(), action: 'copy', channels: [] }, 400],
      [{ ...plan(), action: 'copy', channels: Array.from({ length: 1_001 }, (_, i) => i + 1) }, 400],
      [{ ...plan(), action: 'copy', channels: [...moved, 99_999_999] }, 404],
      [{ ...plan(), action: 'copy', network: other }, 400],
      [{ ...plan(), action: 'copy', network: 'no-such-network' }, 404],
      [{ ...plan(), action: 'move' }, 400],
      [{ ...plan(), action: 'copy', limit: 5_001 }, 400],
    ];
    for (const [body, status] of bad) {
      const res = await rebalance(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(((await res.json()) as { error: string }).error.length).toBeGreaterThan(10);
    }
    // A cursor of the copy is refused by the prune, and by a copy of other channels.
    const first = ((await (await rebalance({ ...plan(), action: 'copy', limit: 1 })).json()) as { data: Step }).data;
    expect(first.next).not.toBeNull();
    const { next } = first;
    expect((await rebalance({ ...plan(), channels: moved.slice(1), action: 'copy', cursor: next })).status).toBe(400);
    expect((await rebalance({ ...plan(), to: 2, action: 'copy', cursor: next })).status).toBe(400);
    expect(await rowsIn(env.DB, 'SELECT DISTINCT store_bucket FROM channels WHERE network_id = ?', network)).toEqual([{ store_bucket: 0 }]);
  });

  it('sets how many buckets new channels spread over', async () => {
    const res = await call('/api/admin/rebalance/buckets', { body: { network, count: 4 }, headers: AUTH });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: unknown }).data).toMatchObject({ network_id: network, store_buckets: 4, before: 1 });
    expect(await rowsIn(env.DB, 'SELECT store_buckets FROM networks WHERE id = ?', network)).toEqual([{ store_buckets: 4 }]);
    for (const count of [0, 65])
      expect((await call('/api/admin/rebalance/buckets', { body: { network, count }, headers: AUTH })).status).toBe(400);
  });
});
