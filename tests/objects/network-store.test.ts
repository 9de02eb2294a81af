// A network's store (a SQLite Durable Object) answers as the shared D1 does: the same schema, the same
// rows for the same statements, the same D1 shapes, batches that are whole transactions, and networks
// that never see each other's rows. Storage is not reset between tests: each test uses its own networks.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { partnerDb, storeName } from '../../src/server/partner-store';
import { STORE_MIGRATIONS } from '../../src/server/partner-store/product-store';

const objects = { ...env, PARTNER_STORE: 'objects' };

/** Rows every statement below reads: a network, two channels, days and countries. */
function seed(db: D1Database, networkId: number, base: number): D1PreparedStatement[] {
  return [
    db
      .prepare('INSERT INTO networks (id, slug, name, created_at) VALUES (?, ?, ?, 0)')
      .bind(networkId, `n${networkId}`, `Network ${networkId}`),
    ...[1, 2].map((k) =>
      db
        .prepare('INSERT INTO channels (id, youtube_id, title, network_id, created_at) VALUES (?, ?, ?, ?, 0)')
        .bind(base + k, `UC${String(base + k).padStart(22, '0')}`, `Channel ${base + k}`, networkId),
    ),
    ...['2026-01-01', '2026-01-02'].flatMap((day, d) =>
      [1, 2].map((k) =>
        db
          .prepare('INSERT INTO channel_daily (channel_id, day, views, watch_time_minutes) VALUES (?, ?, ?, ?)')
          .bind(base + k, day, 100 * k + d, 7 * k),
      ),
    ),
  ];
}

describe('network stores', () => {
  it('hold the whole schema: every table and index the migrations create in the shared D1', async () => {
    const schema = (db: D1Database) =>
      db
        .prepare(
          "SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' AND name NOT IN ('d1_migrations', 'store_migrations', '_cf_KV', '_cf_METADATA') ORDER BY type, name",
        )
        .all<{ type: string; name: string }>();
    const shared = (await schema(env.DB)).results;
    const store = (await schema(partnerDb(objects, 41))).results;
    expect(shared.length).toBeGreaterThan(50);
    expect(store).toEqual(shared);
    const applied = await partnerDb(objects, 41).prepare('SELECT name FROM store_migrations ORDER BY name').all<{ name: string }>();
    expect(applied.results.map((r) => r.name)).toEqual(STORE_MIGRATIONS.map((m) => m.name));
    expect(applied.results.map((r) => r.name)).toEqual(env.TEST_MIGRATIONS.map((m) => `${m.name}`));
  });

  it('answer the same statements with the same rows and D1 shapes as the shared D1', async () => {
    const store = partnerDb(objects, 42);
    for (const db of [env.DB, store]) await db.batch(seed(db, 42, 4200));
    const ask = (db: D1Database) => {
      const totals = db.prepare(
        'SELECT channel_id, sum(views) AS views, sum(watch_time_minutes) AS minutes FROM channel_daily WHERE channel_id / 100 = 42 GROUP BY channel_id ORDER BY channel_id',
      );
      return Promise.all([
        totals.all(),
        totals.first(),
        totals.first('views'),
        totals.raw(),
        totals.raw({ columnNames: true }),
        db.prepare('SELECT title FROM channels WHERE id = ?').bind(9).first(),
        db
          .prepare('SELECT count(*) AS n FROM channel_daily WHERE channel_id / 100 = 42 AND day = ? AND views > ?')
          .bind('2026-01-02', 150)
          .first<{ n: number }>(),
      ]);
    };
    const [shared, object] = await Promise.all([ask(env.DB), ask(store)]);
    expect(object[0].results).toEqual(shared[0].results);
    expect(object[0].results).toEqual([
      { channel_id: 4201, views: 201, minutes: 14 },
      { channel_id: 4202, views: 401, minutes: 28 },
    ]);
    expect(object.slice(1)).toEqual(shared.slice(1));
    expect(object[5]).toBeNull();
    await expect(store.prepare('SELECT 1 AS one').first('two')).rejects.toThrow(/D1_COLUMN_NOTFOUND/);
  });

  it('report changes and the last rowid of a write, as D1 does', async () => {
    const store = partnerDb(objects, 43);
    await store.batch(seed(store, 43, 4300));
    const update = await store.prepare('UPDATE channel_daily SET views = views + 1 WHERE channel_id = ?').bind(4301).run();
    expect(update.meta.changes).toBe(2);
    const none = await store.prepare('DELETE FROM channel_daily WHERE channel_id = ?').bind(999).run();
    expect(none.meta.changes).toBe(0);
    const read = await store.prepare('SELECT * FROM channel_daily').run();
    expect(read.meta.changes).toBe(0);
    const insert = await store.prepare("INSERT INTO networks (slug, name, created_at) VALUES ('next', 'Next', 0)").run();
    expect(insert.meta.last_row_id).toBe(44);
  });

  it('run a batch as one transaction: a failing statement leaves nothing of the batch', async () => {
    const store = partnerDb(objects, 44);
    await store.batch(seed(store, 44, 4400));
    const before = await store.prepare('SELECT sum(views) AS v FROM channel_daily').first<{ v: number }>();
    await expect(
      store.batch([
        store.prepare('UPDATE channel_daily SET views = views * 10'),
        store.prepare('INSERT INTO channel_daily (channel_id, day, views) VALUES (4401, ?, 1)').bind('2026-01-01'),
      ]),
    ).rejects.toThrow(/UNIQUE constraint failed/);
    const after = await store.prepare('SELECT sum(views) AS v FROM channel_daily').first<{ v: number }>();
    expect(after).toEqual(before);
    expect(before?.v).toBe(100 + 101 + 200 + 201);
  });

  it('keep networks apart: one network never reads another network rows', async () => {
    const a = partnerDb(objects, 45);
    const b = partnerDb(objects, 46);
    await a.batch(seed(a, 45, 4500));
    await b.batch(seed(b, 46, 4600));
    const channels = async (db: D1Database) => (await db.prepare('SELECT DISTINCT channel_id FROM channel_daily ORDER BY 1').raw()).flat();
    expect(await channels(a)).toEqual([4501, 4502]);
    expect(await channels(b)).toEqual([4601, 4602]);
    expect(storeName(45)).toBe('network-45');
    const shared = await env.DB.prepare('SELECT count(*) AS n FROM channel_daily WHERE channel_id / 100 IN (45, 46)').first<{
      n: number;
    }>();
    expect(shared?.n).toBe(0);
  });

  it('bind what D1 binds, and refuse what D1 refuses before anything is sent', async () => {
    const store = partnerDb(objects, 47);
    const row = await store
      .prepare('SELECT ? AS yes, ? AS no, ? AS none, length(?) AS bytes')
      .bind(true, false, null, new Uint8Array([1, 2, 3]))
      .first();
    const shared = await env.DB.prepare('SELECT ? AS yes, ? AS no, ? AS none, length(?) AS bytes')
      .bind(true, false, null, new Uint8Array([1, 2, 3]))
      .first();
    expect(row).toEqual(shared);
    expect(() => store.prepare('SELECT ?').bind(undefined)).toThrow(/D1_TYPE_ERROR/);
    expect(() => partnerDb({ DB: env.DB, PARTNER_STORE: 'objects' }, 1)).toThrow(/NETWORK_STORE/);
  });
});
