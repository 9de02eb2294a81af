// The shard benchmark's worker (run by `npm run bench:shards` under `wrangler dev`): the same partner-like
// rows in (A) one D1 database per network, (B) one SQLite-backed Durable Object per network and, as the
// baseline, one shared D1 holding every network; fans the dashboard queries out to N networks and merges.
import { DurableObject } from 'cloudflare:workers';
import { loadStatements, QUERIES, queryBindings, SCHEMA, type ShardAnswer, type ShardShape } from './sql.ts';

/** Networks the test wrangler.toml binds a D1 database for (SHARD_0 ... SHARD_15). */
const MAX_SHARDS = 16;

interface Env {
  SHARED: D1Database;
  NETWORK_STORE: DurableObjectNamespace<NetworkStore>;
  [shard: `SHARD_${number}`]: D1Database;
}

/** (B): one network's partner facts in the object's own SQLite database. */
export class NetworkStore extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Schema before the first call, as a product shard would run its migrations (docs/partner-store.md).
    void ctx.blockConcurrencyWhile(async () => {
      for (const sql of SCHEMA) ctx.storage.sql.exec(sql);
    });
  }

  /** Fills the shard in one transaction: all statements or none, like a D1 batch. */
  load(shape: ShardShape): { bytes: number } {
    this.ctx.storage.transactionSync(() => {
      for (const { sql, bindings } of loadStatements(shape)) this.ctx.storage.sql.exec(sql, ...bindings);
    });
    return { bytes: this.ctx.storage.sql.databaseSize };
  }

  /** The four dashboard queries, run where the data is: one call per request. */
  dashboard(channels: number[], from: string, to: string): ShardAnswer {
    const bindings = queryBindings(channels, from, to);
    const run = (key: keyof typeof QUERIES) =>
      this.ctx.storage.sql.exec(QUERIES[key], ...bindings[key]).toArray() as ShardAnswer[typeof key];
    return {
      total90: run('total90'),
      lifetimeByChannel: run('lifetimeByChannel'),
      countries90: run('countries90'),
      countriesLifetime: run('countriesLifetime'),
    };
  }

  /** A call that touches nothing: the cost of crossing into the object. */
  ping(): number {
    return 1;
  }

  /** A call that runs the smallest statement: crossing plus one SQLite step. */
  sqlPing(): number {
    return this.ctx.storage.sql.exec('SELECT 1 AS one').one().one as number;
  }
}

function shardDb(env: Env, k: number): D1Database {
  const db = env[`SHARD_${k}`];
  if (!db) throw new Error(`no binding SHARD_${k} in the test wrangler.toml`);
  return db;
}

function storeStub(env: Env, k: number): DurableObjectStub<NetworkStore> {
  return env.NETWORK_STORE.get(env.NETWORK_STORE.idFromName(`network-${k}`));
}

async function d1Load(db: D1Database, shape: ShardShape): Promise<number> {
  await db.batch(SCHEMA.map((sql) => db.prepare(sql)));
  const results = await db.batch(loadStatements(shape).map(({ sql, bindings }) => db.prepare(sql).bind(...bindings)));
  return results.at(-1)?.meta.size_after ?? 0;
}

async function d1Dashboard(db: D1Database, channels: number[], from: string, to: string): Promise<ShardAnswer> {
  const bindings = queryBindings(channels, from, to);
  const keys = Object.keys(QUERIES) as Array<keyof typeof QUERIES>;
  // One batch per shard: one round trip, as the product's stats runner answers with one db.batch.
  const results = await db.batch(keys.map((key) => db.prepare(QUERIES[key]).bind(...bindings[key])));
  return Object.fromEntries(keys.map((key, i) => [key, results[i]?.results ?? []])) as unknown as ShardAnswer;
}

type Row = Record<string, number | string | null>;

/** Sums rows by key `k` (or everything into one row when the rows have no key): the merge of a fan-out. */
function mergeRows(lists: Row[][]): Row[] {
  const byKey = new Map<string, Row>();
  for (const row of lists.flat()) {
    const key = String(row.k ?? '');
    const into = byKey.get(key) ?? { k: row.k ?? null, views: 0, revenue: 0 };
    into.views = Number(into.views) + Number(row.views ?? 0);
    into.revenue = Number(into.revenue) + Number(row.revenue ?? 0);
    byKey.set(key, into);
  }
  return [...byKey.values()].sort((a, b) => String(a.k).localeCompare(String(b.k)));
}

function merge(answers: ShardAnswer[]): Record<keyof ShardAnswer, Row[]> {
  const keys = Object.keys(QUERIES) as Array<keyof ShardAnswer>;
  return Object.fromEntries(keys.map((key) => [key, mergeRows(answers.map((a) => a[key]))])) as Record<keyof ShardAnswer, Row[]>;
}

function channelsOf(k: number, perNetwork: number): number[] {
  return Array.from({ length: perNetwork }, (_, i) => networkFirstChannel(k) + i);
}

/** Channel ids never collide across networks, so the shared baseline can hold all of them. */
function networkFirstChannel(k: number): number {
  return (k + 1) * 100_000;
}

function intParam(url: URL, name: string, min: number, max: number): number {
  const value = Number(url.searchParams.get(name));
  if (!Number.isInteger(value) || value < min || value > max) throw new RangeError(`${name} must be an integer in ${min}..${max}`);
  return value;
}

async function load(env: Env, url: URL): Promise<unknown> {
  const k = intParam(url, 'network', 0, MAX_SHARDS - 1);
  const store = url.searchParams.get('store');
  const shape: ShardShape = {
    firstChannel: networkFirstChannel(k),
    channels: intParam(url, 'channels', 1, 1000),
    days: intParam(url, 'days', 90, 3650),
    start: '2024-01-01',
  };
  const started = Date.now();
  let bytes: number;
  if (store === 'd1') bytes = await d1Load(shardDb(env, k), shape);
  else if (store === 'do') bytes = (await storeStub(env, k).load(shape)).bytes;
  else if (store === 'shared') bytes = await d1Load(env.SHARED, shape);
  else throw new RangeError('store must be d1, do or shared');
  return { ms: Date.now() - started, bytes };
}

/** Independent shards asked together and awaited together: the request waits for the slowest one. */
function inParallel<T>(networks: number[], ask: (k: number) => Promise<T>): Promise<T[]> {
  return Promise.all(networks.map(ask));
}

async function inTurn<T>(networks: number[], ask: (k: number) => Promise<T>): Promise<T[]> {
  const answers: T[] = [];
  for (const k of networks) answers.push(await ask(k));
  return answers;
}

async function query(env: Env, url: URL): Promise<unknown> {
  const n = intParam(url, 'n', 1, MAX_SHARDS);
  const perNetwork = intParam(url, 'channels', 1, 1000);
  const from = url.searchParams.get('from') ?? '';
  const to = url.searchParams.get('to') ?? '';
  const store = url.searchParams.get('store');
  const networks = Array.from({ length: n }, (_, k) => k);
  // sequential=1 asks one shard after the other: compared with the parallel fan-out it shows whether the
  // engine underneath runs shards side by side (production: separate machines) or one at a time.
  const fanOut = url.searchParams.get('sequential') === '1' ? inTurn : inParallel;
  const started = Date.now();
  let answers: ShardAnswer[];
  if (store === 'd1') answers = await fanOut(networks, (k) => d1Dashboard(shardDb(env, k), channelsOf(k, perNetwork), from, to));
  else if (store === 'do') answers = await fanOut(networks, (k) => storeStub(env, k).dashboard(channelsOf(k, perNetwork), from, to));
  else if (store === 'shared')
    answers = [
      await d1Dashboard(
        env.SHARED,
        networks.flatMap((k) => channelsOf(k, perNetwork)),
        from,
        to,
      ),
    ];
  else throw new RangeError('store must be d1, do or shared');
  const merged = merge(answers);
  return { ms: Date.now() - started, merged };
}

async function ping(env: Env, url: URL): Promise<unknown> {
  const calls = intParam(url, 'calls', 1, 5000);
  const store = url.searchParams.get('store');
  const started = Date.now();
  for (let i = 0; i < calls; i++) {
    if (store === 'd1') await shardDb(env, 0).prepare('SELECT 1 AS one').first();
    else if (store === 'do') await storeStub(env, 0).ping();
    else if (store === 'do-sql') await storeStub(env, 0).sqlPing();
    else throw new RangeError('store must be d1, do or do-sql');
  }
  return { ms: Date.now() - started, calls };
}

const ROUTES: Record<string, (env: Env, url: URL) => Promise<unknown>> = { '/load': load, '/query': query, '/ping': ping };

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    const route = ROUTES[url.pathname];
    if (!route) return Response.json({ error: `unknown path ${url.pathname}` }, { status: 404 });
    try {
      return Response.json(await route(env, url));
    } catch (error) {
      const status = error instanceof RangeError ? 400 : 500;
      return Response.json({ error: error instanceof Error ? error.message : String(error) }, { status });
    }
  },
} satisfies ExportedHandler<Env>;
