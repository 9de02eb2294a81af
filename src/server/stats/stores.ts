// The database a request's partner figures are read from: one StatsDb whatever the install. On the
// default install it is the shared D1; when partner facts are split by network (PARTNER_STORE=objects)
// it is the stores of the networks the user's scope spans, asked together and merged
// (docs/partner-store.md, "Reads that go through the stores"). Figures are computed the same way on both.
import { allBatch } from '../db/query';
import { type Fragment, JsonList, sql } from '../db/sql';
import { partnerDb, partnerStoreMode, type PartnerStoreEnv } from '../partner-store';
import { type Scope, ScopeChannels } from './filters';
import { cutPerStore, mergeRows } from './merge';
import { resolveScope } from './resolved-scope';
import type { StatRow } from './runner';
import { oneStatement, orderBy, type Statement } from './statements';

/** What stats functions read from. */
export interface StatsDb {
  /** How many databases answer: 1 for one D1 or one store, more when a scope spans several stores. */
  readonly databases: number;
  /** Each statement's rows (keys as the SELECT names them), read together from one snapshot per database. */
  read(statements: readonly Statement[]): Promise<StatRow[][]>;
}

/**
 * One database answering every statement in one batch: one round trip, and the main and comparison
 * periods read from the same snapshot.
 * @example const [rows = []] = await oneDatabase(env.DB).read([compileStatQuery(q)])
 */
export function oneDatabase(db: D1Database): StatsDb {
  return { databases: 1, read: (statements) => allBatch<StatRow[]>(db, statements.map(oneStatement), 'sql') };
}

/** One store of a scope and the scope's channels it holds. */
export interface ScopeStore {
  db: D1Database;
  channelIds: readonly number[];
}

/** What each store is sent for a statement, and how their answers become the statement's rows. */
interface Plan {
  send: Fragment;
  finish(lists: StatRow[][]): StatRow[];
}

function plan(statement: Exclude<Statement, { catalogue: Fragment }>): Plan {
  if ('sql' in statement) return { send: statement, finish: mergeRows };
  if ('countOf' in statement) return { send: statement.countOf, finish: (lists) => [{ n: mergeRows(lists).length }] };
  const { rows, order, limit, offset } = statement;
  // Rows keyed by what one store owns are never combined, so each store's first offset + limit hold the
  // page; rows other stores may add to are sent whole and cut after they are added up.
  const send = cutPerStore(order) ? sql`${rows}\n${orderBy(order)} LIMIT ${offset + limit}` : rows;
  return { send, finish: (lists) => mergeRows(lists, order).slice(offset, offset + limit) };
}

/**
 * Several stores answering one scope, and the shared D1 for the catalogue. Each store gets one batch,
 * all started together, with the scope's channels narrowed to its own: the shared D1 holds the whole
 * catalogue, so a store must never be asked about channels it does not hold the facts of.
 */
export function scopeStores(shared: D1Database, stores: readonly ScopeStore[]): StatsDb {
  return {
    databases: stores.length,
    async read(statements) {
      const local = statements.flatMap((s, i) => ('catalogue' in s ? [] : [{ i, plan: plan(s) }]));
      const reads = statements.flatMap((s, i) => ('catalogue' in s ? [{ i, read: s.catalogue }] : []));
      const ask = (store: ScopeStore) => {
        const own = new JsonList(store.channelIds);
        const narrowed = local.map(({ plan }) => ({
          sql: plan.send.sql,
          params: plan.send.params.map((p) => (p instanceof ScopeChannels ? own : p)),
        }));
        return allBatch<StatRow[]>(store.db, narrowed, 'sql');
      };
      const [catalogueRows, ...storeRows] = await Promise.all([
        allBatch<StatRow[]>(
          shared,
          reads.map((r) => r.read),
          'sql',
        ),
        ...stores.map(ask),
      ]);
      const out = new Array<StatRow[]>(statements.length);
      reads.forEach(({ i }, k) => (out[i] = catalogueRows[k] ?? []));
      local.forEach(({ i, plan }, k) => (out[i] = plan.finish(storeRows.map((rows) => rows[k] ?? []))));
      return out;
    },
  };
}

/**
 * The database a scope's figures are read from, and the scope as its statements must see it. On the
 * default install: the shared D1 and the scope unchanged. Split: the scope resolved to channel ids in
 * the shared D1 (where the grants are), and each store it spans (a network's, or one bucket of a network
 * spread over several); channels of no network
 * keep their facts in the shared D1, which then answers beside the stores.
 * @example const { db, scope } = await statsDbFor(c.env, scopeFor(c.var.user, filters))
 */
export async function statsDbFor(env: PartnerStoreEnv, scope: Scope): Promise<{ db: StatsDb; scope: Scope }> {
  if (partnerStoreMode(env) === 'shared') return { db: oneDatabase(env.DB), scope };
  const resolved = await resolveScope(env.DB, scope);
  const stores: ScopeStore[] = resolved.stores.map((s) => ({ db: partnerDb(env, s.networkId, s.bucket), channelIds: s.channelIds }));
  // No channel at all: any database answers the empty sums; the shared one is already at hand.
  if (resolved.unnetworked.length > 0 || stores.length === 0) stores.push({ db: env.DB, channelIds: resolved.unnetworked });
  const [only] = stores;
  if (stores.length === 1 && only) return { db: oneDatabase(only.db), scope: resolved.scope };
  return { db: scopeStores(env.DB, stores), scope: resolved.scope };
}

/**
 * A resolved request (anything carrying a scope) with the database to run it on: statsDbFor() for its
 * scope, the request given the scope as the database must see it.
 * @example const [db, request] = await onStores(c.env, resolveRequest(c.var.user, body))
 */
export async function onStores<R extends { scope: Scope }>(env: PartnerStoreEnv, req: R): Promise<[StatsDb, R]> {
  const { db, scope } = await statsDbFor(env, req.scope);
  return [db, { ...req, scope }];
}
