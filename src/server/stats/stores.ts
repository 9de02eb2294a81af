// Where a request's stats statements run: the shared D1 (the default install), or, when partner facts
// are split by network (PARTNER_STORE=objects), the stores of the networks the user's scope spans, asked
// together and merged (docs/partner-store.md).
import { allBatch } from '../db/query';
import type { Fragment } from '../db/sql';
import { partnerDb, partnerStoreMode, type PartnerStoreEnv } from '../partner-store';
import type { Scope } from './filters';
import type { Mergeable } from './merge';
import { resolveScope } from './resolved-scope';
import type { StatRow } from './runner';

/** One store of a scope and the scope's channels it holds. */
export interface ScopeStore {
  db: D1Database;
  channelIds: readonly number[];
}

/** Several stores answering one scope, and the shared D1 for the catalogue's labels. */
export class ScopeStores {
  constructor(
    readonly shared: D1Database,
    readonly stores: readonly ScopeStore[],
    /** The scope's ids as its statements bind them (scopeCte): each store is sent its own instead. */
    readonly scopeJson: string,
  ) {}
}

/**
 * A statement as one store runs it: the scope's ids narrowed to the store's own. The shared D1 holds
 * the whole catalogue (videos of every network), so a store must never be asked about channels it
 * does not hold the facts of.
 */
function forStore(statement: Fragment, scopeJson: string, store: ScopeStore): Fragment {
  const own = JSON.stringify(store.channelIds);
  return { sql: statement.sql, params: statement.params.map((p) => (p === scopeJson ? own : p)) };
}

/** What stats functions read from: one database, or several stores merged. */
export type StatsDb = D1Database | ScopeStores;

/**
 * The database(s) a scope's figures are read from, and the scope as their statements must see it. On
 * the default install: the shared D1 and the scope unchanged. Split: the scope resolved to channel ids
 * in the shared D1 (where the grants are), and the store of each network it spans; channels of no
 * network keep their facts in the shared D1, which then answers beside the stores.
 * @example const { db, scope } = await statsDbFor(c.env, scopeFor(c.var.user, filters))
 */
export async function statsDbFor(env: PartnerStoreEnv, scope: Scope): Promise<{ db: StatsDb; scope: Scope }> {
  if (partnerStoreMode(env) === 'shared') return { db: env.DB, scope };
  const resolved = await resolveScope(env.DB, scope);
  const stores: ScopeStore[] = [...resolved.byNetwork].map(([id, channelIds]) => ({ db: partnerDb(env, id), channelIds }));
  // No channel at all: any database answers the empty sums; the shared one is already at hand.
  if (resolved.unnetworked.length > 0 || stores.length === 0) stores.push({ db: env.DB, channelIds: resolved.unnetworked });
  const [only] = stores;
  if (stores.length === 1 && only) return { db: only.db, scope: resolved.scope };
  return { db: new ScopeStores(env.DB, stores, JSON.stringify(resolved.scope.channelIds)), scope: resolved.scope };
}

/**
 * Runs statements on every store (one batch each, all started together) and merges each statement's
 * rows by its rule; catalogue statements run once in the shared D1. A statement without a merge rule
 * cannot be answered by several stores: refused loudly rather than answered from one of them.
 */
export async function runOnStores(stores: ScopeStores, statements: Mergeable[]): Promise<StatRow[][]> {
  const local = statements.map((s, i) => ({ s, i })).filter(({ s }) => !s.shared);
  const shared = statements.map((s, i) => ({ s, i })).filter(({ s }) => s.shared);
  for (const { s } of local) {
    if (!s.merge) throw new Error(`A stats statement has no rule to merge several network stores: ${s.sql.slice(0, 120)}`);
  }
  const perStore = local.map(({ s }): Fragment => s.perStore ?? s);
  const ask = (store: ScopeStore) =>
    perStore.length
      ? allBatch<StatRow[]>(
          store.db,
          perStore.map((s) => forStore(s, stores.scopeJson, store)),
          'sql',
        )
      : Promise.resolve([]);
  const [sharedRows, ...storeRows] = await Promise.all([
    shared.length
      ? allBatch<StatRow[]>(
          stores.shared,
          shared.map(({ s }) => s),
          'sql',
        )
      : Promise.resolve([]),
    ...stores.stores.map(ask),
  ]);
  const out: StatRow[][] = new Array<StatRow[]>(statements.length);
  shared.forEach(({ i }, k) => (out[i] = sharedRows?.[k] ?? []));
  local.forEach(({ s, i }, k) => (out[i] = s.merge?.(storeRows.map((rows) => rows[k] ?? [])) ?? []));
  return out;
}

/**
 * A resolved request (anything carrying a scope) with the database(s) to run it on: statsDbFor() for
 * its scope, the request given the scope as the stores must see it.
 * @example const [db, request] = await onStores(c.env, resolveRequest(c.var.user, body))
 */
export async function onStores<R extends { scope: Scope }>(env: PartnerStoreEnv, req: R): Promise<[StatsDb, R]> {
  const { db, scope } = await statsDbFor(env, req.scope);
  return [db, { ...req, scope }];
}
