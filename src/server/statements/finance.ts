// A network's finance for statements, from the stores that hold it: YouTube's monthly statement by channel
// (channel_finance_monthly with its Shorts part), claims attributed to partner channels, and for open months
// the estimates (channel_monthly). Each store is asked only about the channels it holds.
import type { FinanceMonth } from '../../lib/statements/month-lines';
import { all } from '../db/query';
import { JsonList, sql } from '../db/sql';
import type { ImportTarget } from '../ingest/run-import';
import { partnerDb, type PartnerStoreEnv, partnerStoreMode } from '../partner-store';
import type { BookChannel } from './books';

/**
 * Where statements read and write: the shared D1, and each network's stores on a split install. The
 * importer's target has this shape, so the demo loader computes statements on what it loaded.
 */
export type BooksTarget = Pick<ImportTarget, 'db' | 'storeOf'>;

/** The install's target from the worker's bindings. */
export function booksTarget(env: PartnerStoreEnv): BooksTarget {
  return partnerStoreMode(env) === 'objects'
    ? { db: env.DB, storeOf: (network, bucket) => partnerDb(env, network, bucket) }
    : { db: env.DB };
}

/** Channels by the store (network, bucket) that holds their facts. */
function byStore(channels: Iterable<BookChannel>): Map<number, number[]> {
  const stores = new Map<number, number[]>();
  for (const c of channels) stores.set(c.storeBucket, [...(stores.get(c.storeBucket) ?? []), c.id]);
  return stores;
}

async function fromStores<T>(
  target: BooksTarget,
  networkId: number,
  channels: Iterable<BookChannel>,
  read: (db: D1Database, ids: JsonList) => Promise<T[]>,
) {
  const storeOf = (bucket: number) => (target.storeOf ? target.storeOf(networkId, bucket) : target.db);
  const lists = await Promise.all([...byStore(channels)].map(([bucket, ids]) => read(storeOf(bucket), new JsonList(ids))));
  return lists.flat();
}

/**
 * The months [from, to] of YouTube's finance for these channels, one row per channel month that has a
 * statement or claims (a claims-only month has zero revenue of its own).
 * @example const rows = await readFinance(target, books.network.id, books.channels.values(), '2025-09', '2026-09')
 */
export async function readFinance(
  target: BooksTarget,
  networkId: number,
  channels: Iterable<BookChannel>,
  from: string,
  to: string,
): Promise<FinanceMonth[]> {
  const rows = await fromStores(target, networkId, channels, (db, ids) =>
    all<FinanceMonth>(
      db,
      sql`SELECT channel_id, month, sum(revenue) AS revenue_micros, sum(shorts) AS shorts_micros, sum(adjustment) AS adjustment_micros, sum(claims) AS claims_micros
        FROM (SELECT channel_id, month, revenue_micros AS revenue, shorts_micros AS shorts, adjustment_micros AS adjustment, 0 AS claims
            FROM channel_finance_monthly WHERE channel_id IN (SELECT value FROM json_each(${ids})) AND month BETWEEN ${from} AND ${to}
          UNION ALL SELECT channel_id, month, 0, 0, 0, revenue_micros
            FROM channel_claim_revenue_monthly WHERE channel_id IN (SELECT value FROM json_each(${ids})) AND month BETWEEN ${from} AND ${to})
        GROUP BY channel_id, month`,
    ),
  );
  return rows;
}

/**
 * An open month's estimates as finance rows: each channel's estimated revenue (channel_monthly) as its ads,
 * for the statement a partner sees before YouTube's finance is final.
 */
export async function readEstimates(
  target: BooksTarget,
  networkId: number,
  channels: Iterable<BookChannel>,
  month: string,
): Promise<FinanceMonth[]> {
  return fromStores(target, networkId, channels, (db, ids) =>
    all<FinanceMonth>(
      db,
      sql`SELECT channel_id, month, partner_revenue_micros AS revenue_micros, 0 AS shorts_micros, 0 AS adjustment_micros, 0 AS claims_micros
        FROM channel_monthly WHERE channel_id IN (SELECT value FROM json_each(${ids})) AND month = ${month} AND partner_revenue_micros <> 0`,
    ),
  );
}

/**
 * The months in [from, to] for which YouTube's finance is loaded for the network: any channel of it has a
 * statement row (the monthly file covers the whole content owner at once).
 */
export async function financeMonths(
  target: BooksTarget,
  networkId: number,
  channels: Iterable<BookChannel>,
  from: string,
  to: string,
): Promise<Set<string>> {
  const rows = await fromStores(target, networkId, channels, (db, ids) =>
    all<{ month: string }>(
      db,
      sql`SELECT DISTINCT month FROM channel_finance_monthly WHERE month BETWEEN ${from} AND ${to} AND channel_id IN (SELECT value FROM json_each(${ids}))`,
    ),
  );
  return new Set(rows.map((r) => r.month));
}
