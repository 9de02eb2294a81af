// The local scripts' own workerd (seed, import, admin): runs a whole D1 batch or query per request, so
// Node sends each once, against the shared D1 or, when the request names a network, that network's
// store. Bundled by bundle.ts; the store class is the product's, over the migrations bundle.ts reads.
import { storeName } from '../../../src/server/partner-store';
import { networkStoreClass } from '../../../src/server/partner-store/network-store';
import { objectDb, type StoreCaller } from '../../../src/server/partner-store/object-db';
import type { StoreMigration } from '../../../src/server/partner-store/migrations';

/** The product's migrations, written in by the bundler (bundle.ts). */
declare const STORE_MIGRATIONS: StoreMigration[];

/** Hosted here under the worker name and class wrangler dev uses, so both open the same objects. */
export const NetworkStore = networkStoreClass(STORE_MIGRATIONS);

interface Env {
  DB: D1Database;
  KV: KVNamespace;
  NETWORK_STORE: DurableObjectNamespace;
}

type Param = string | number | boolean | null;

interface Call {
  sql: string;
  params: Param[];
}

interface Body extends Partial<Call> {
  /** The network whose store answers; absent, the shared D1. */
  store?: number;
  /** The bucket of that network's stores (channels.store_bucket); absent, 0. */
  bucket?: number;
  statements?: Call[];
  staged?: number;
  id?: number;
  mode?: 'all' | 'raw' | 'run';
  key?: string;
  value?: string;
}

const staged = new Map<number, Call[]>();

function prepared(db: D1Database, call: Call): D1PreparedStatement {
  const statement = db.prepare(call.sql);
  return call.params.length > 0 ? statement.bind(...call.params) : statement;
}

function databaseOf(env: Env, store: number | undefined, bucket = 0): D1Database {
  if (store === undefined) return env.DB;
  const namespace = env.NETWORK_STORE;
  return objectDb(namespace.get(namespace.idFromName(storeName(store, bucket))) as unknown as StoreCaller);
}

async function answer(env: Env, path: string, body: Body): Promise<unknown> {
  const db = databaseOf(env, body.store, body.bucket);
  switch (path) {
    case '/stage': {
      const id = body.id ?? 0;
      staged.set(id, [...(staged.get(id) ?? []), ...(body.statements ?? [])]);
      return null;
    }
    case '/batch': {
      const statements = [...(body.staged === undefined ? [] : (staged.get(body.staged) ?? [])), ...(body.statements ?? [])];
      if (body.staged !== undefined) staged.delete(body.staged);
      return db.batch(statements.map((s) => prepared(db, s)));
    }
    case '/query': {
      const call = { sql: body.sql ?? '', params: body.params ?? [] };
      if (body.mode === 'raw') return prepared(db, call).raw({ columnNames: true });
      return body.mode === 'run' ? prepared(db, call).run() : prepared(db, call).all();
    }
    case '/exec':
      return db.exec(body.sql ?? '');
    case '/kv/get':
      return env.KV.get(body.key ?? '');
    case '/kv/put':
      await env.KV.put(body.key ?? '', body.value ?? '');
      return null;
    default:
      return undefined;
  }
}

/**
 * Requests are POST JSON: /batch {statements: [{sql, params}], staged?} answers D1's batch results,
 * the statements sent before under /stage {id, statements} first (a large file's batch crosses in
 * parts, each request a few megabytes); /query {sql, params, mode: 'all' | 'raw' | 'run'} one
 * statement's; /exec {sql}; /kv/get {key}; /kv/put {key, value}. Any of the database routes takes
 * `store` (a network id) and `bucket` (its bucket, 0 when absent). Errors answer 500 with {error} (D1's message), which the Node side throws again.
 */
export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const path = new URL(request.url).pathname;
    const body = (await request.json()) as Body;
    try {
      const out = await answer(env, path, body);
      if (out === undefined) return new Response('not found', { status: 404 });
      return Response.json({ out: out ?? null });
    } catch (error) {
      return Response.json({ error: error instanceof Error ? error.message : String(error) }, { status: 500 });
    }
  },
};
