// The local database for npm run import: wrangler's local D1 files, reached through one request per batch or query.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Miniflare } from 'miniflare';
import { partnerStoreMode } from '../../src/server/partner-store/index.ts';
import type { LocalD1 } from '../demo/load/local-d1.ts';
import type { StoreOf } from '../../src/server/ingest/load/import-session.ts';
import { readLocalVar } from '../lib/local-vars.ts';
import { bridgeScript } from './bridge/bundle.ts';
import { guardWorkerd } from './workerd-guard.ts';

// Why not wrangler's platform proxy: its D1 binding sends every prepare() and bind() to workerd as a
// synchronous call of its own (the main thread blocks until workerd has the value), so a report's
// megabytes of rows crossed one chunk at a time and a folder of small files paid some twenty blocking
// round trips per file. Here statements are built in Node and a whole batch crosses in one request.

type Param = string | number | boolean | null;

interface Call {
  sql: string;
  params: Param[];
}

/** Posts to the import's workerd and returns its answer, or throws D1's error message. */
type Send = (route: string, body: object) => Promise<unknown>;

function param(value: unknown): Param {
  if (value === undefined) return null;
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return Number(value);
  throw new TypeError(`D1 binds strings, numbers and null, not ${typeof value}`);
}

class BridgeStatement {
  constructor(
    private readonly send: Send,
    readonly call: Call,
  ) {}

  bind(...values: unknown[]): D1PreparedStatement {
    return asStatement(new BridgeStatement(this.send, { sql: this.call.sql, params: values.map(param) }));
  }

  async first<T>(column?: string): Promise<T | null> {
    const { results } = (await this.send('/query', { ...this.call, mode: 'all' })) as D1Result<Record<string, unknown>>;
    const row = results[0];
    if (!row) return null;
    return (column === undefined ? row : (row[column] ?? null)) as T;
  }

  async all<T>(): Promise<D1Result<T>> {
    return (await this.send('/query', { ...this.call, mode: 'all' })) as D1Result<T>;
  }

  async run<T>(): Promise<D1Result<T>> {
    return (await this.send('/query', { ...this.call, mode: 'run' })) as D1Result<T>;
  }

  async raw<T>(options?: { columnNames?: boolean }): Promise<T[]> {
    const rows = (await this.send('/query', { ...this.call, mode: 'raw' })) as T[];
    return options?.columnNames ? rows : rows.slice(1);
  }
}

/** D1's declared classes are abstract; this statement has every method the importer calls on one. */
function asStatement(statement: BridgeStatement): D1PreparedStatement {
  return statement as unknown as D1PreparedStatement;
}

function callOf(statement: D1PreparedStatement): Call {
  if (!(statement instanceof BridgeStatement)) throw new TypeError('a statement of another database');
  return statement.call;
}

/**
 * A request's statements stop at about this many characters of bound values; the rest follow in more
 * requests. About one staged JSON chunk (MAX_JSON_BYTES) per request: against 8 MB requests the
 * 1,000,000-row import took 34–36 s instead of 46–49 s and its process tree 536–542 MB instead of
 * 624–740 MB (docs/data-model.md, "The 1,000,000-row import"), the workerd's heap growing with the
 * size of the requests it parses, not with the rows it stores; 400 kB parts gained nothing more.
 */
const MAX_PART_CHARS = 1_000_000;

const sizeOf = (call: Call) => call.sql.length + call.params.reduce<number>((n, p) => n + (typeof p === 'string' ? p.length : 8), 0);

/** Sends a batch in parts of at most MAX_PART_CHARS (one statement may pass it alone); workerd runs them as one batch. */
async function sendBatch(send: Send, calls: Call[], id: number): Promise<unknown> {
  let part: Call[] = [];
  let size = 0;
  let staged = false;
  for (const call of calls) {
    if (part.length > 0 && size + sizeOf(call) > MAX_PART_CHARS) {
      await send('/stage', { id, statements: part });
      staged = true;
      part = [];
      size = 0;
    }
    part.push(call);
    size += sizeOf(call);
  }
  return send('/batch', { statements: part, ...(staged ? { staged: id } : {}) });
}

function bridgeDatabase(send: Send): D1Database {
  let batches = 0;
  const db = {
    prepare: (sql: string) => asStatement(new BridgeStatement(send, { sql, params: [] })),
    batch: async <T>(statements: D1PreparedStatement[]) => (await sendBatch(send, statements.map(callOf), ++batches)) as Array<D1Result<T>>,
    exec: async (sql: string) => (await send('/exec', { sql })) as D1ExecResult,
    withSession: () => {
      throw new Error('sessions are not used by the local import');
    },
    dump: () => Promise.reject(new Error('dump is not supported')),
  };
  return db as unknown as D1Database;
}

/** A TOML string setting of wrangler.toml (the first one named so). */
function tomlString(toml: string, key: string): string {
  const found = new RegExp(`^${key}\\s*=\\s*"([^"]*)"`, 'm').exec(toml);
  if (!found?.[1]) throw new Error(`wrangler.toml has no ${key}`);
  return found[1];
}

/** The bucket_name of wrangler.toml's REPORTS binding. */
function reportsBucketName(toml: string): string {
  const found = /binding\s*=\s*"REPORTS"\s*\nbucket_name\s*=\s*"([^"]+)"/.exec(toml);
  if (!found?.[1]) throw new Error('wrangler.toml has no REPORTS bucket');
  return found[1];
}

/**
 * The local install's PARTNER_STORE, as wrangler dev sees it: the environment's (a run's --var), else
 * .dev.vars'; unset is shared. A value the Worker would refuse is refused here too.
 * @example localPartnerStore(ROOT) // 'shared'
 */
export function localPartnerStore(root: string): ReturnType<typeof partnerStoreMode> {
  return partnerStoreMode({ PARTNER_STORE: process.env.PARTNER_STORE ?? readLocalVar(root, 'PARTNER_STORE') });
}

/**
 * Where the network stores of the local state under persistTo live: Miniflare's folder for the
 * NETWORK_STORE class of wrangler.toml's worker, the one openImportD1 and wrangler dev open.
 * @example localStoresDir(ROOT, '.wrangler/state') // '.wrangler/state/v3/do/viewdeck-NetworkStore'
 */
export function localStoresDir(root: string, persistTo: string): string {
  const toml = readFileSync(path.join(root, 'wrangler.toml'), 'utf8');
  return path.join(persistTo, 'v3', 'do', `${tomlString(toml, 'name')}-NetworkStore`);
}

/**
 * The DB and KV bindings of wrangler.toml over the files under persistTo (wrangler's --persist-to
 * layout, <persistTo>/v3/d1 and v3/kv: the ones npm start and the seed use) and, when the install
 * splits partner data by network (localPartnerStore), each network's store under v3/do, hosted by the
 * worker name and class wrangler dev gives them, so the scripts and the server open the same objects.
 * @example const local = await openImportD1(root, '.wrangler/state'); await local.db.batch([...]); await local.dispose()
 */
export async function openImportD1(root: string, persistTo: string): Promise<LocalD1> {
  const toml = readFileSync(path.join(root, 'wrangler.toml'), 'utf8');
  const split = localPartnerStore(root) === 'objects';
  const mf = new Miniflare({
    name: tomlString(toml, 'name'),
    modules: true,
    script: await bridgeScript(root),
    compatibilityDate: tomlString(toml, 'compatibility_date'),
    d1Databases: { DB: tomlString(toml, 'database_id') },
    kvNamespaces: { KV: /binding\s*=\s*"KV"\s*\nid\s*=\s*"([^"]+)"/.exec(toml)?.[1] ?? 'KV' },
    durableObjects: { NETWORK_STORE: { className: 'NetworkStore', useSQLite: true } },
    d1Persist: path.join(persistTo, 'v3', 'd1'),
    kvPersist: path.join(persistTo, 'v3', 'kv'),
    durableObjectsPersist: path.join(persistTo, 'v3', 'do'),
    // The report archive, where wrangler dev keeps it (<persistTo>/v3/r2/<bucket name>).
    r2Buckets: { REPORTS: reportsBucketName(toml) },
    r2Persist: path.join(persistTo, 'v3', 'r2'),
  });
  const url = await mf.ready;
  const release = guardWorkerd();
  const send: Send = async (route, body) => {
    const res = await mf.dispatchFetch(new URL(route, url), { method: 'POST', body: JSON.stringify(body) }).catch((error: unknown) => {
      // undici says only "fetch failed"; the reason is its cause.
      const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
      throw new Error(`the local database did not answer ${route}${cause}`);
    });
    const answer = (await res.json()) as { out?: unknown; error?: string };
    if (!res.ok) throw new Error(answer.error ?? `local database: ${res.status}`);
    return answer.out;
  };
  const kv = {
    get: async (key: string) => (await send('/kv/get', { key })) as string | null,
    put: async (key: string, value: string) => {
      await send('/kv/put', { key, value });
    },
  };
  const networkStore: StoreOf = (networkId, bucket = 0) =>
    bridgeDatabase((route, body) => send(route, { ...body, store: networkId, bucket }));
  // Miniflare's R2 binding answers from Node; its types are Miniflare's own copy of workers-types'.
  const reports = (await mf.getR2Bucket('REPORTS')) as unknown as R2Bucket;
  const local: LocalD1 = {
    db: bridgeDatabase(send),
    kv: kv as unknown as KVNamespace,
    reports,
    networkStore,
    dispose: async () => {
      release();
      await mf.dispose();
    },
  };
  if (split) local.storeOf = networkStore;
  return local;
}
