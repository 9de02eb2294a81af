// The buckets benchmark's worker (run by `npm run bench:buckets` under `wrangler dev`): one network spread
// over N bucket stores (the product's NetworkStore, addressed by partnerDb), filled at the storage level
// (generate.ts), and the product's own reads over it: statsDbFor resolves a user's scope in the shared D1
// and fans out to the buckets holding the scope's channels; the cards are split/dashboard.ts's. Its entry
// module (buckets.ts writes it) builds the class from migrations/ through split/entry.ts.
import * as z from 'zod';
import { partnerDb, storeName } from '../../../src/server/partner-store';
import type { StoreCaller } from '../../../src/server/partner-store/object-db';
import type { StoreStatement } from '../../../src/server/partner-store/wire';
import { statsDbFor } from '../../../src/server/stats/stores';
import { scopeFor } from '../../../src/server/stats/filters';
import { withAccountDefaults } from '../../../src/server/auth/session-user';
import { dashboardAnswers, ownerOf } from '../split/dashboard';
import { catalogue, facts, type Sql } from './generate';
import { rebalanceChannels } from './rebalance';
import { BadParam, type Route, routedWorker } from '../worker-routes';

interface Env {
  SHARED: D1Database;
  NETWORK_STORE: DurableObjectNamespace;
}

const shapeSchema = z.object({
  network: z.number().int().min(1).max(8),
  channels: z.number().int().min(1).max(100_000),
  buckets: z.number().int().min(1).max(64),
  first: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  days: z.number().int().min(1).max(4000),
  countryFrom: z.string().regex(/^\d{4}-\d{2}-01$/),
  titleFrom: z.string().regex(/^\d{4}-\d{2}-01$/),
  countries: z.number().int().min(1).max(200),
  titles: z.number().int().min(1).max(50),
  videos: z.number().int().min(1).max(1000),
});
const setupBody = z.object({ shape: shapeSchema, partner: z.array(z.number().int().positive()).max(1000) });
const fillBody = z.object({ shape: shapeSchema, bucket: z.number().int().min(0).max(63), from: z.number().int(), to: z.number().int() });
const moveBody = z.object({
  network: z.number().int().min(1),
  from: z.number().int().min(0),
  to: z.number().int().min(0),
  channels: z.number().int().min(1),
});
const PARTNER_USER = 100;

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new BadParam(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  return parsed.data;
}

/** The product's store seam, split: a network's bucket store as a D1Database. */
const envOf = (env: Env) => ({ DB: env.SHARED, PARTNER_STORE: 'objects', NETWORK_STORE: env.NETWORK_STORE });
const bucketDb = (env: Env, network: number, bucket: number) => partnerDb(envOf(env), network, bucket);
const stubOf = (env: Env, name: string) =>
  env.NETWORK_STORE.get(env.NETWORK_STORE.idFromName(name)) as unknown as StoreCaller & { size(): Promise<number> };

async function batch(db: D1Database, statements: Sql[]): Promise<void> {
  await db.batch(statements.map(({ query, params }) => db.prepare(query).bind(...params)));
}

/**
 * The catalogue in the shared D1 (network, channels with their bucket, titles, videos), the owner (user
 * `network`, granted the network) and, for network 1, the partner granted `partner`'s channels.
 */
async function setup(env: Env, request: Request): Promise<unknown> {
  const { shape, partner } = parse(setupBody, await request.json());
  await batch(env.SHARED, catalogue(shape, null, 1, shape.channels));
  const owner = ownerOf(shape.network);
  const statements = [
    env.SHARED.prepare('INSERT INTO users (id, email, created_at) VALUES (?, ?, 0)').bind(owner.id, owner.email),
    env.SHARED.prepare('INSERT INTO network_grants (user_id, network_id, created_at) VALUES (?, ?, 0)').bind(owner.id, shape.network),
  ];
  if (partner.length > 0)
    statements.push(
      env.SHARED.prepare('INSERT INTO users (id, email, created_at) VALUES (?, ?, 0)').bind(PARTNER_USER, 'partner@bench.example'),
      env.SHARED.prepare('INSERT INTO channel_grants (user_id, channel_id, created_at) SELECT ?, value, 0 FROM json_each(?)').bind(
        PARTNER_USER,
        JSON.stringify(partner),
      ),
    );
  await env.SHARED.batch(statements);
  return { channels: shape.channels };
}

/** One bucket's channels numbered from..to: their catalogue copy, then every fact, in one transaction. */
async function fill(env: Env, request: Request): Promise<unknown> {
  const { shape, bucket, from, to } = parse(fillBody, await request.json());
  const started = Date.now();
  const store = bucketDb(env, shape.network, bucket);
  await batch(store, [...catalogue(shape, bucket, from, to), ...facts(shape, bucket, from, to)]);
  return { ms: Date.now() - started };
}

/**
 * The dashboard of the network's owner (`who=owner`: every channel) or of the partner (`who=partner`: 50
 * channels over several buckets): the scope resolved and the stores chosen by the product's statsDbFor,
 * then every card of the default view. Both times are the worker's clock.
 */
async function dashboard(env: Env, url: URL): Promise<unknown> {
  const who = parse(z.enum(['owner', 'partner']), url.searchParams.get('who'));
  const network = parse(z.coerce.number().int().min(1).max(8), url.searchParams.get('network'));
  const today = parse(z.string().regex(/^\d{4}-\d{2}-\d{2}$/), url.searchParams.get('today'));
  const user =
    who === 'owner'
      ? ownerOf(network)
      : withAccountDefaults({ id: PARTNER_USER, email: 'partner@bench.example', userName: 'Partner', showTitle: true });
  const started = Date.now();
  const { db, scope } = await statsDbFor(envOf(env), scopeFor(user, {}));
  const resolveMs = Date.now() - started;
  const ids = scope.channelIds ?? [];
  const answer = await dashboardAnswers(db, user, ids, today, new Date(`${today}T12:00:00Z`));
  return { ms: Date.now() - started, resolveMs, channels: ids.length, ...answer };
}

/** The namespace as the product sees it, recording every statement sent to a store into `sink`. */
function recording(ns: DurableObjectNamespace, sink: string[]): DurableObjectNamespace {
  const get = (id: DurableObjectId) => {
    const stub = ns.get(id) as unknown as StoreCaller;
    return { batch: (statements: StoreStatement[]) => (sink.push(...statements.map((s) => s.query)), stub.batch(statements)) };
  };
  return { idFromName: (name: string) => ns.idFromName(name), get } as unknown as DurableObjectNamespace;
}

/** The tables the owner's default dashboard reads in the stores: every FROM and JOIN of every statement sent. */
async function tables(env: Env, url: URL): Promise<unknown> {
  const network = parse(z.coerce.number().int().min(1).max(8), url.searchParams.get('network'));
  const today = parse(z.string().regex(/^\d{4}-\d{2}-\d{2}$/), url.searchParams.get('today'));
  const sink: string[] = [];
  const user = ownerOf(network);
  const { db, scope } = await statsDbFor({ ...envOf(env), NETWORK_STORE: recording(env.NETWORK_STORE, sink) }, scopeFor(user, {}));
  await dashboardAnswers(db, user, scope.channelIds ?? [], today, new Date(`${today}T12:00:00Z`));
  const names = new Set(sink.flatMap((q) => [...q.matchAll(/\b(?:FROM|JOIN)\s+([a-z_]+)/gi)].map((m) => m[1] ?? '')));
  return { statements: sink.length, tables: [...names].sort() };
}

/** Bytes of every bucket store of a network (the object's SQLite size). */
async function sizes(env: Env, url: URL): Promise<unknown> {
  const network = parse(z.coerce.number().int().min(1).max(8), url.searchParams.get('network'));
  const buckets = parse(z.coerce.number().int().min(1).max(64), url.searchParams.get('buckets'));
  return { bytes: await Promise.all(Array.from({ length: buckets }, (_, b) => stubOf(env, storeName(network, b)).size())) };
}

/** A move of `channels` channels from one bucket to another through the product's rebalance.ts, timed on the worker's clock. */
async function rebalance(env: Env, request: Request): Promise<unknown> {
  const { network, from, to, channels } = parse(moveBody, await request.json());
  return rebalanceChannels(env.SHARED, (b) => bucketDb(env, network, b), { network, from, to, count: channels });
}

const ROUTES: Record<string, Route<Env>> = {
  '/setup': (env, request) => setup(env, request),
  '/fill': (env, request) => fill(env, request),
  '/dashboard': (env, _request, url) => dashboard(env, url),
  '/sizes': (env, _request, url) => sizes(env, url),
  '/tables': (env, _request, url) => tables(env, url),
  '/rebalance': (env, request) => rebalance(env, request),
  '/health': async () => ({ ok: true }),
};

export default routedWorker<Env>(ROUTES);
