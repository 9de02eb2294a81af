// A scope resolved to channel ids in the shared D1, for statements that run in a network's store, where
// the grants are not (docs/partner-store.md, "A user whose channels span two networks").
import { all } from '../db/query';
import { raw } from '../db/sql';
import { type Scope, scopeCte } from './filters';

export interface ResolvedScope {
  /** The same scope, its statements reading these channels instead of joining the grants. */
  scope: Scope;
  /** The scope's channels by the network holding them, networks ascending: the stores a request asks. */
  byNetwork: Map<number, number[]>;
  /** Channels of the scope that belong to no network (public channels): no store holds facts of theirs. */
  unnetworked: number[];
}

/**
 * Resolves the user's grants and the request's channel, in-house and UGC filters into channel ids,
 * grouped by network: one statement against the shared D1.
 * @example const { scope, byNetwork } = await resolveScope(env.DB, scopeFor(user, filters))
 */
export async function resolveScope(db: D1Database, scope: Scope): Promise<ResolvedScope> {
  const cte = scopeCte({ ...scope, channelIds: undefined });
  const rows = await all<{ id: number; networkId: number | null }>(
    db,
    raw(
      `${cte.sql}\nSELECT s.channel_id AS id, c.network_id FROM scope s JOIN channels c ON c.id = s.channel_id ORDER BY s.channel_id`,
      ...cte.params,
    ),
  );
  const byNetwork = new Map<number, number[]>();
  const unnetworked: number[] = [];
  for (const row of rows) {
    if (row.networkId === null) unnetworked.push(row.id);
    else byNetwork.set(row.networkId, [...(byNetwork.get(row.networkId) ?? []), row.id]);
  }
  return {
    scope: { ...scope, channelIds: rows.map((row) => row.id) },
    byNetwork: new Map([...byNetwork].sort(([a], [b]) => a - b)),
    unnetworked,
  };
}
