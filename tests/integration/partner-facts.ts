// Partner facts where the install keeps them, for tests that write or read them directly: the shared D1
// on a default install; on a split one (vitest.integration-split.config.ts, docs/partner-store.md) a
// network's channels' facts in the network's store beside copies of its catalogue rows, the facts of
// channels of no network in the shared D1. The same test then holds in both modes.
import { env } from 'cloudflare:test';
import { refreshRollups, type RollupChanges } from '../../src/server/ingest/rollup/index';
import { databasesOf, refreshRollups as refreshEveryRollup } from '../../src/server/ingest/run-import';
import { MOVE_PAGE_ROWS_MAX, moveStep, type MoveCursor } from '../../src/server/partner-store/move-network';
import { MOVED_TABLES } from '../../src/server/partner-store/move-tables';
import { importTarget } from '../../src/server/ingest/import-target';
import { partnerDb, partnerStoreMode } from '../../src/server/partner-store';
import { insertRows, type Row } from './rollup/factory';

/** True in the split pass: the tests' bindings set PARTNER_STORE=objects. */
export const SPLIT = partnerStoreMode(env) === 'objects';

/** The database holding a network's partner facts (the shared D1 for no network, or unsplit). */
export function factsDb(networkId: number | null): D1Database {
  return SPLIT && networkId !== null ? partnerDb(env, networkId) : env.DB;
}

/** The network of each channel, as the shared D1 has it. */
async function networksOf(channelIds: number[]): Promise<Map<number, number | null>> {
  const { results } = await env.DB.prepare('SELECT id, network_id FROM channels WHERE id IN (SELECT value FROM json_each(?))')
    .bind(JSON.stringify([...new Set(channelIds)]))
    .all<{ id: number; network_id: number | null }>();
  return new Map(results.map((r) => [r.id, r.network_id]));
}

/** Items grouped by the network of their channel (null for no network, and every item when unsplit). */
async function byNetwork<T>(items: T[], channelOf: (item: T) => number): Promise<Map<number | null, T[]>> {
  const networkOf = SPLIT ? await networksOf(items.map(channelOf)) : new Map<number, number | null>();
  const groups = new Map<number | null, T[]>();
  for (const item of items) {
    const network = networkOf.get(channelOf(item)) ?? null;
    const group = groups.get(network);
    if (group) group.push(item);
    else groups.set(network, [item]);
  }
  return groups;
}

/** The database holding a channel's partner facts. */
export async function factsDbOfChannel(channelId: number): Promise<D1Database> {
  return factsDb((await networksOf([channelId])).get(channelId) ?? null);
}

/**
 * Copies a network's catalogue rows (its row without the owner, its channels, titles and videos) from
 * the shared D1 into its store with partner-move's own catalogue pages, and records the store in
 * `network_stores`, as the importer's copies leave them. Upserts, so a test may call it again after
 * adding rows. Nothing when unsplit.
 */
export async function copyNetworkCatalogue(networkId: number): Promise<void> {
  if (!SPLIT) return;
  await env.DB.prepare('INSERT INTO network_stores (network_id, opened_at) VALUES (?, unixepoch()) ON CONFLICT DO NOTHING')
    .bind(networkId)
    .run();
  const store = partnerDb(env, networkId);
  // The copy phase starts with the catalogue tables; it stops at the first partner table.
  let cursor: MoveCursor | null = { network: networkId, phase: 'copy', table: 0, after: null };
  while (cursor && MOVED_TABLES[cursor.table]?.catalogue) cursor = (await moveStep(env.DB, store, cursor, MOVE_PAGE_ROWS_MAX)).cursor;
}

/**
 * Inserts rows of a partner table (each with a channel_id) into the database of each row's channel,
 * copying the catalogue of every network written to first.
 * @example await insertPartnerRows('channel_daily', rows)
 */
export async function insertPartnerRows(table: string, rows: Row[], replace = false): Promise<void> {
  for (const [network, group] of await byNetwork(rows, (r) => Number(r.channel_id))) {
    if (network !== null) await copyNetworkCatalogue(network);
    await insertRows(table, group, replace, factsDb(network));
  }
}

/**
 * Refreshes the rollups of changed channel days where their facts live, as an import does: each network's
 * store, then the shared D1 (whose public estimates read the stores).
 */
export async function refreshPartnerRollups(changes: Required<Pick<RollupChanges, 'channelDays'>>): Promise<void> {
  const target = importTarget(env);
  for (const [network, channelDays] of await byNetwork(changes.channelDays, (d) => d.channelId)) {
    await refreshRollups(factsDb(network), { channelDays }, target.db);
  }
}

/** The shared D1 and, split, every network store it has recorded (network_stores). */
export function everyFactsDb(): Promise<D1Database[]> {
  return databasesOf(importTarget(env));
}

/** Rebuilds every rollup as `npm run admin -- rollups --rebuild` does: split, every store's and then the shared D1's. */
export async function rebuildPartnerRollups(): Promise<void> {
  await refreshEveryRollup(importTarget(env), { rebuild: true });
}

/** Rows of a query in one database. */
export async function rowsIn<T = Row>(db: D1Database, sql: string, ...params: unknown[]): Promise<T[]> {
  return (
    await db
      .prepare(sql)
      .bind(...params)
      .all<T>()
  ).results;
}
