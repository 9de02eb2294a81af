// One import as every way in (command line, admin API, schedule) runs it: pending rollups, load files, rollups.
import { importFiles, importSplit } from './load/import-files';
import type { ImportFile, ImportOptions, ImportSummary } from './load/files';
import type { StoreOf } from './load/import-session';
import { all } from '../db/query';
import { raw } from '../db/sql';
import { bumpPublicGeneration } from '../public/generation';
import { rebuildAllRollups, refreshPendingRollups, type RollupReport } from './rollup/index';

/** Where an import writes: the database, and the KV whose public data generation retires cached pages. */
export interface ImportTarget {
  db: D1Database;
  kv: KVNamespace;
  /** Partner data split by network: each network's store (partnerDb). Absent: everything in `db`. */
  storeOf?: StoreOf;
}

export interface ImportRun extends ImportSummary {
  rollupMs: number;
  /** (channel, month) buckets whose rollups were refreshed, left over from earlier loads included. */
  rollupBuckets: number;
}

/**
 * Refreshes rollups left pending by an earlier load that was cut off, loads the files (each one
 * atomically, with the record of the buckets it dirtied), then refreshes those buckets. When any
 * rollup changed it starts a new public data generation, so cached public pages are rendered again:
 * no caller has to remember to. A dry run decides and reports, and writes nothing (nor bumps).
 * @example const run = await runImport({ db: env.DB, kv: env.KV }, [{ name, bytes }], { networkId: 3 })
 */
export async function runImport(target: ImportTarget, files: ImportFile[], options: ImportOptions = {}): Promise<ImportRun> {
  const { db } = target;
  if (options.dryRun) return { ...(await importFiles(db, files, options)), rollupMs: 0, rollupBuckets: 0 };
  if (target.storeOf) return runSplitImport(target, target.storeOf, files, options);
  const before = await refreshPendingRollups(db);
  const summary = await importFiles(db, files, options);
  const after = await refreshPendingRollups(db);
  const rollupBuckets = before.buckets + after.buckets;
  if (rollupBuckets > 0) await bumpPublicGeneration(target.kv);
  return { ...summary, rollupMs: before.ms + after.ms, rollupBuckets };
}

/**
 * runImport on a split install: the files go to their networks' stores, then the rollups of every
 * database written are refreshed: partner rollups there (the marks are in the same database as the
 * facts), the public estimates of those channels and months in the shared D1, from the stores' facts.
 * Marks an earlier load left in another network's store wait for that network's next import or the
 * schedule.
 */
async function runSplitImport(target: ImportTarget, storeOf: StoreOf, files: ImportFile[], options: ImportOptions): Promise<ImportRun> {
  const { summary, written } = await importSplit(target.db, storeOf, files, options);
  let rollupMs = 0;
  let rollupBuckets = 0;
  for (const db of written) {
    const refreshed = await refreshPendingRollups(db, target.db);
    rollupMs += refreshed.ms;
    rollupBuckets += refreshed.buckets;
  }
  if (rollupBuckets > 0) await bumpPublicGeneration(target.kv);
  return { ...summary, rollupMs, rollupBuckets };
}

/**
 * Rebuilds every rollup from the facts (a bulk load that skipped the per-file refresh: the demo
 * seed) and starts a new public data generation, as runImport does. Split, the shared D1's (public
 * estimates from the stores' facts) and every network store's.
 * @example const { statements } = await rebuildAndPublish({ db: env.DB, kv: env.KV })
 */
export async function rebuildAndPublish(target: ImportTarget): Promise<RollupReport> {
  const rebuilt = await rebuildEvery(target);
  await bumpPublicGeneration(target.kv);
  return rebuilt;
}

/** Every rollup of the install rebuilt: every network store (none on the default install), then the shared D1. */
async function rebuildEvery(target: ImportTarget): Promise<RollupReport> {
  const [, ...stores] = await databasesOf(target);
  return rebuildAllRollups(target.db, stores);
}

export interface RollupRefresh {
  pendingBuckets: number;
  rebuilt: boolean;
  statements: number;
}

/**
 * Refreshes the rollups earlier loads left pending and, when asked, rebuilds them all (the operator's
 * `rollups` command and the schedule's catch-up); publishes a new generation when anything changed.
 * Pending goes first either way: a rebuild clears only the marks it read before it started.
 * @example const { pendingBuckets } = await refreshRollups({ db: env.DB, kv: env.KV }, { rebuild: false })
 */
export async function refreshRollups(
  target: ImportTarget,
  options: { rebuild: boolean; say?: (line: string) => void },
): Promise<RollupRefresh> {
  const say = options.say ?? (() => undefined);
  let pendingBuckets = 0;
  let statements = 0;
  // Split by network, every network's store keeps its own marks and rollups.
  const databases = await databasesOf(target);
  for (const [i, db] of databases.entries()) {
    const pending = await refreshPendingRollups(db, target.db);
    pendingBuckets += pending.buckets;
    statements += pending.statements;
    if (databases.length > 1 || pending.buckets > 0)
      say(`pending: database ${i + 1} of ${databases.length}, ${pending.buckets} channel months`);
  }
  if (options.rebuild) {
    say(`rebuilding every rollup (${databases.length} ${databases.length === 1 ? 'database' : 'databases'}) ...`);
    statements += (await rebuildEvery(target)).statements;
  }
  if (pendingBuckets > 0 || options.rebuild) await bumpPublicGeneration(target.kv);
  return { pendingBuckets, rebuilt: options.rebuild, statements };
}

/**
 * The shared D1 and, split, the store of every network that has one (`network_stores`), every bucket its
 * channels live in: what a rebuild walks, and what the seed's reset clears (read before it, since the
 * reset forgets them).
 * @example const [shared, ...stores] = await databasesOf({ db: env.DB, kv: env.KV })
 */
export async function databasesOf(target: ImportTarget): Promise<D1Database[]> {
  const { storeOf } = target;
  if (!storeOf) return [target.db];
  const stores = await all<{ id: number; bucket: number }>(
    target.db,
    raw(`SELECT network_id AS id, 0 AS bucket FROM network_stores
      UNION SELECT network_id, store_bucket FROM channels WHERE network_id IN (SELECT network_id FROM network_stores)
      ORDER BY 1, 2`),
    'sql',
  );
  return [target.db, ...stores.map((s) => storeOf(s.id, s.bucket))];
}
