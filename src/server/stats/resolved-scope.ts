// A scope resolved to channel ids in the shared D1, for statements that run in a network's store, where
// the grants are not (docs/partner-store.md, "A user whose channels span two networks").
import { all } from '../db/query';
import { raw } from '../db/sql';
import { type Scope, scopeCte } from './filters';

export interface ResolvedScope {
  /** The same scope, its statements reading these channels instead of joining the grants. */
  scope: Scope;
  /**
   * The scope's channels by the store holding their facts (network, then bucket: channels.store_bucket),
   * ascending: the stores a request asks.
   */
  stores: Array<{ networkId: number; bucket: number; channelIds: number[] }>;
  /** Channels of the scope that belong to no network (public channels): no store holds facts of theirs. */
  unnetworked: number[];
}

/**
 * Resolves the user's grants and the request's channel, in-house and UGC filters into channel ids,
 * grouped by the store holding their facts: one statement against the shared D1.
 * @example const { scope, stores } = await resolveScope(env.DB, scopeFor(user, filters))
 */
export async function resolveScope(db: D1Database, scope: Scope): Promise<ResolvedScope> {
  const cte = scopeCte({ ...scope, channelIds: undefined });
  const rows = await all<{ id: number; networkId: number | null; bucket: number }>(
    db,
    raw(
      `${cte.sql}\nSELECT s.channel_id AS id, c.network_id, c.store_bucket AS bucket FROM scope s JOIN channels c ON c.id = s.channel_id
      ORDER BY c.network_id, c.store_bucket, s.channel_id`,
      ...cte.params,
    ),
  );
  const stores: ResolvedScope['stores'] = [];
  const unnetworked: number[] = [];
  for (const row of rows) {
    const last = stores.at(-1);
    if (row.networkId === null) unnetworked.push(row.id);
    else if (last?.networkId === row.networkId && last.bucket === row.bucket) last.channelIds.push(row.id);
    else stores.push({ networkId: row.networkId, bucket: row.bucket, channelIds: [row.id] });
  }
  return { scope: { ...scope, channelIds: rows.map((row) => row.id).sort((a, b) => a - b) }, stores, unnetworked };
}
