// The split public refresh past one statement's spans: more store channels than SPANS_PER_STATEMENT,
// over three network stores, plus channels of no network and of a network without a store (facts in
// the shared D1), give the rows the default refresh gives on one database.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { refreshHistory, refreshNow } from '../../src/server/ingest/rollup/history';
import { createRunner } from '../../src/server/ingest/rollup/runner';
import { SPANS_PER_STATEMENT } from '../../src/server/ingest/rollup/span-facts';
import { partnerDb } from '../../src/server/partner-store';
import { objectDb, type StoreCaller } from '../../src/server/partner-store/object-db';
import { insertRows as insertInto } from '../integration/rollup/factory';
import { splitEnv } from './split-world';

const BASE = 881_000;
const NETWORKS = [BASE + 1, BASE + 2, BASE + 3];
/** A network of the public rankings: no store of its own, so its channels' facts are in the shared D1. */
const NO_STORE = BASE + 4;
const CHANNELS = 2_800;
/** A category of this file's own: no other channel's rates enter its fallback. */
const CATEGORY = 27;
const BASE_DAY = '2026-01-31';
const END_DAY = '2026-02-28';
const FACT_DAYS = ['2026-01-31', '2026-02-01', '2026-02-14', '2026-02-28', '2026-03-01'];

type Row = Record<string, string | number | null>;
const insertRows = (db: D1Database, table: string, rows: Row[]) => insertInto(table, rows, false, db);

const ids = Array.from({ length: CHANNELS }, (_, i) => BASE + 100 + i);
/** Every fifth channel is of no network, every eleventh of the storeless one; the others round the three networks. */
const networkOf = (id: number) => (id % 5 === 0 ? null : id % 11 === 0 ? NO_STORE : (NETWORKS[id % 3] ?? null));
const inStore = (id: number) => NETWORKS.includes(networkOf(id) ?? 0);
/** Every seventh channel has partner facts (in its network's store, or the shared D1). */
const hasFacts = (id: number) => id % 7 === 0;
const viewsGrown = (id: number) => 5_000 + (id % 977);
const fact = (id: number, day: string) => ({ views: 100 + ((id + day.charCodeAt(9)) % 50), watch: 300 + (id % 41), revenue: 90_000 + id });

let reference: D1Database;

beforeAll(async () => {
  reference = objectDb(env.NETWORK_STORE!.get(env.NETWORK_STORE!.idFromName(`span-facts-reference-${BASE}`)) as unknown as StoreCaller);
  const networks: Row[] = [...NETWORKS, NO_STORE].map((id) => ({ id, slug: `span-${id}`, name: `Span ${id}`, created_at: 0 }));
  const channels: Row[] = ids.map((id) => ({
    id,
    youtube_id: `UC${String(id).padStart(22, 's')}`,
    title: `Span ${id}`,
    network_id: networkOf(id),
    category_id: CATEGORY,
    created_at: 0,
  }));
  const snapshots: Row[] = ids.flatMap((id) => [
    { channel_id: id, day: BASE_DAY, subscriber_count: 100, view_count: 10_000, video_count: 3 },
    { channel_id: id, day: END_DAY, subscriber_count: 110, view_count: 10_000 + viewsGrown(id), video_count: 3 },
  ]);
  const daily = (of: number[]): Row[] =>
    of.filter(hasFacts).flatMap((id) =>
      FACT_DAYS.map((day) => {
        const f = fact(id, day);
        return { channel_id: id, day, views: f.views, watch_time_minutes: f.watch, partner_revenue_micros: f.revenue };
      }),
    );
  for (const db of [env.DB, reference]) {
    await insertRows(db, 'networks', networks);
    await insertRows(db, 'channels', channels);
    await insertRows(db, 'channel_snapshots', snapshots);
  }
  await insertRows(reference, 'channel_daily', daily(ids));
  await insertRows(env.DB, 'channel_daily', daily(ids.filter((id) => !inStore(id))));
  // The shared D1 records each store (as an import's catalogue copy does before its first write).
  await insertRows(
    env.DB,
    'network_stores',
    NETWORKS.map((network_id) => ({ network_id, opened_at: 0 })),
  );
  // A store holds its network and channels (as an import copies them) and their facts.
  for (const network of NETWORKS) {
    const store = partnerDb(splitEnv, network);
    const own = ids.filter((id) => networkOf(id) === network);
    await insertRows(
      store,
      'networks',
      networks.filter((n) => n.id === network),
    );
    await insertRows(
      store,
      'channels',
      channels.filter((c) => own.includes(Number(c.id))),
    );
    await insertRows(store, 'channel_daily', daily(own));
  }
});

async function rowsOf(db: D1Database, table: string): Promise<Row[]> {
  const { results } = await db
    .prepare(`SELECT * FROM ${table} WHERE channel_id BETWEEN ? AND ? ORDER BY channel_id`)
    .bind(BASE, BASE + 9_999)
    .all<Row>();
  return results;
}

describe('the split public refresh over many spans', () => {
  it('sums and writes in chunks what the default refresh writes on one database', async () => {
    expect(ids.filter(inStore).length).toBeGreaterThan(SPANS_PER_STATEMENT);
    const split = createRunner(env.DB, { storeOf: (id) => partnerDb(splitEnv, id) });
    const one = createRunner(reference);
    for (const runner of [split, one]) {
      await refreshHistory(runner, ['2026-02'], ids);
      await refreshNow(runner, END_DAY, ids);
    }
    for (const table of ['channel_history_monthly', 'channel_now']) {
      const rows = await rowsOf(env.DB, table);
      expect(rows).toHaveLength(CHANNELS);
      expect(rows).toEqual(await rowsOf(reference, table));
    }
    // The facts' own rates over (base, end] by hand; the channels without facts have no rate at all.
    const history = await rowsOf(env.DB, 'channel_history_monthly');
    for (const row of history) {
      const id = Number(row.channel_id);
      const span = FACT_DAYS.filter((day) => day > BASE_DAY && day <= END_DAY).map((day) => fact(id, day));
      const views = span.reduce((s, f) => s + f.views, 0);
      const sum = (k: 'watch' | 'revenue') => span.reduce((s, f) => s + f[k], 0);
      expect([row.watch_time_minutes, row.earnings_micros]).toEqual(
        hasFacts(id)
          ? [Math.round(viewsGrown(id) * (sum('watch') / views)), Math.round(viewsGrown(id) * (sum('revenue') / views))]
          : [0, 0],
      );
    }
  });
});
