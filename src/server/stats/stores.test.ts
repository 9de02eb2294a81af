// The fan-out over network stores: what each store is sent (its own channels, a page's cut) and how the
// answers come back, against databases that record what they are asked.
import { describe, expect, it } from 'vitest';
import { type Fragment, JsonList, raw, sql } from '../db/sql';
import { withAccountDefaults } from '../auth/session-user';
import { scopeCte, scopeFor } from './filters';
import type { StatRow } from './runner';
import { catalogue, countOf, page } from './statements';
import { oneDatabase, scopeStores } from './stores';

interface Sent {
  sql: string;
  params: unknown[];
}

/** A database that answers each statement from `answer` and records what it was sent. */
function recording(answer: (s: Sent) => StatRow[]) {
  const sent: Sent[] = [];
  const db = {
    prepare: (text: string) => ({ bind: (...params: unknown[]) => ({ sql: text, params }) }),
    batch: async (statements: Sent[]) =>
      statements.map((s) => {
        sent.push(s);
        return { results: answer(s) };
      }),
  };
  return { db: db as unknown as D1Database, sent };
}

const user = withAccountDefaults({ id: 7, email: 'a@example.com', userName: 'A', showTitle: true });
const scope = { ...scopeFor(user, {}), channelIds: [1, 2, 3] };
const scoped = (rest: Fragment) => sql`${scopeCte(scope)} ${rest}`;
const ids = (s: Sent) => s.params.filter((p) => typeof p === 'string' && p.startsWith('['));

describe('scopeStores', () => {
  it('binds each store its own channels, and leaves every other value as it was, even one that reads the same', async () => {
    const a = recording(() => [{ bucket: '2026-01', views: 1 }]);
    const b = recording(() => [{ bucket: '2026-01', views: 2 }]);
    const shared = recording(() => []);
    const db = scopeStores(shared.db, [
      { db: a.db, channelIds: [1, 3] },
      { db: b.db, channelIds: [2] },
    ]);
    // The same ids as the scope, as an `only` filter would bind them: not the scope, so not narrowed.
    const statement = scoped(
      sql`SELECT bucket, views FROM t WHERE channel_id IN (SELECT value FROM json_each(${new JsonList([1, 2, 3])}))`,
    );
    expect(await db.read([statement])).toEqual([[{ bucket: '2026-01', views: 3 }]]);
    expect(a.sent.map(ids)).toEqual([['[1,3]', '[1,2,3]']]);
    expect(b.sent.map(ids)).toEqual([['[2]', '[1,2,3]']]);
    expect(shared.sent).toEqual([]);
    expect(db.databases).toBe(2);
  });

  it('reads the catalogue once, in the shared D1, and answers every statement in its place', async () => {
    const store = recording(() => [{ video_count: 4 }]);
    const shared = recording(() => [{ id: 1, name: 'One' }]);
    const db = scopeStores(shared.db, [
      { db: store.db, channelIds: [1] },
      { db: store.db, channelIds: [2] },
    ]);
    const rows = await db.read([
      scoped(raw('SELECT count(*) AS video_count FROM videos')),
      catalogue(raw('SELECT id, title AS name FROM titles')),
    ]);
    expect(rows).toEqual([[{ video_count: 8 }], [{ id: 1, name: 'One' }]]);
    expect(shared.sent.map((s) => s.sql)).toEqual(['SELECT id, title AS name FROM titles']);
    expect(store.sent).toHaveLength(2);
  });

  it("cuts a page in each store when its rows are one store's, and orders and cuts them again together", async () => {
    const a = recording(() => [
      { channel_id: 1, views: 9 },
      { channel_id: 3, views: 5 },
    ]);
    const b = recording(() => [{ channel_id: 2, views: 7 }]);
    const db = scopeStores(recording(() => []).db, [
      { db: a.db, channelIds: [1, 3] },
      { db: b.db, channelIds: [2] },
    ]);
    const top = page(
      scoped(raw('SELECT channel_id, views FROM t GROUP BY channel_id')),
      [{ column: 'views', desc: true }, { column: 'channel_id' }],
      2,
      1,
    );
    expect(await db.read([top])).toEqual([
      [
        { channel_id: 2, views: 7 },
        { channel_id: 3, views: 5 },
      ],
    ]);
    expect(a.sent[0]?.sql).toMatch(/ORDER BY views DESC, channel_id LIMIT \?$/);
    expect(a.sent[0]?.params.at(-1)).toBe(3);
  });

  it('sends a page whole when other stores may add to its rows, and cuts it after they are added up', async () => {
    // DE is third in each store but first once added up.
    const a = recording(() => [
      { country_code: 'US', views: 10 },
      { country_code: 'BR', views: 9 },
      { country_code: 'DE', views: 8 },
    ]);
    const b = recording(() => [
      { country_code: 'FR', views: 10 },
      { country_code: 'JP', views: 9 },
      { country_code: 'DE', views: 8 },
    ]);
    const db = scopeStores(recording(() => []).db, [
      { db: a.db, channelIds: [1] },
      { db: b.db, channelIds: [2] },
    ]);
    const select = scoped(raw('SELECT country_code, views FROM t GROUP BY country_code'));
    const top = page(select, [{ column: 'views', desc: true }, { column: 'country_code' }], 2);
    expect(await db.read([top])).toEqual([
      [
        { country_code: 'DE', views: 16 },
        { country_code: 'FR', views: 10 },
      ],
    ]);
    expect(a.sent[0]?.sql).toBe(select.sql);
  });

  it('counts a key several stores hold once', async () => {
    const a = recording(() => [{ key: 'ugc' }, { key: 'UC1' }]);
    const b = recording(() => [{ key: 'ugc' }, { key: 'UC2' }]);
    const db = scopeStores(recording(() => []).db, [
      { db: a.db, channelIds: [1] },
      { db: b.db, channelIds: [2] },
    ]);
    expect(await db.read([countOf(scoped(raw('SELECT key FROM c GROUP BY 1')))])).toEqual([[{ n: 3 }]]);
  });
});

describe('oneDatabase', () => {
  it('runs every shape as one statement of one batch, the scope bound whole', async () => {
    const one = recording(() => [{ n: 1 }]);
    const select = scoped(raw('SELECT key FROM c'));
    await oneDatabase(one.db).read([
      select,
      page(select, [{ column: 'key', nocase: true, desc: true }], 20, 40),
      countOf(select),
      catalogue(raw('SELECT 1')),
    ]);
    expect(one.sent.map((s) => s.sql.slice(select.sql.length))).toEqual([
      '',
      '\nORDER BY key COLLATE NOCASE DESC LIMIT ? OFFSET ?',
      expect.any(String),
      '',
    ]);
    expect(one.sent[1]?.params.slice(-2)).toEqual([20, 40]);
    expect(one.sent[2]?.sql).toBe(`SELECT count(*) AS n FROM (${select.sql})`);
    expect(one.sent.map(ids)[0]).toEqual(['[1,2,3]']);
  });
});
