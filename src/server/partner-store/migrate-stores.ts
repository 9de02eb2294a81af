// Migrating every network's store at once (`npm run admin -- partner-migrate`): a store applies the
// product's migrations before its first call after a deploy (network-store.ts), so a network nobody
// reads would wait for its first reader; this walks the networks that have a store (`network_stores`)
// so every store is current right after the deploy and a failure is seen per network, not by a partner.
import type { StoreOf } from '../ingest/load/import-session';
import { all } from '../db/query';
import { raw } from '../db/sql';
import { MIGRATIONS_TABLE } from './migrations';

/** Networks asked per call: a page keeps one request's calls to objects far below a Worker's subrequests. */
export const MIGRATE_PAGE_MAX = 200;

export interface StoreMigrated {
  network_id: number;
  /** The bucket's store, when the network is spread over several (none: its first store). */
  bucket?: number;
  slug: string;
  /** Migrations the store has applied, and the newest of them. */
  applied: number;
  latest: string | null;
}

export interface StoreFailed {
  network_id: number;
  bucket?: number;
  slug: string;
  error: string;
}

export interface MigratePage {
  migrated: StoreMigrated[];
  failed: StoreFailed[];
  /** The `after` of the next page, or null when every network has been asked. */
  next: number | null;
}

/**
 * Asks the stores of networks after id `after` (in id order; those with a store, in `network_stores`),
 * every bucket's store of a network spread over several, up to `limit` stores, which migrations they
 * hold, which first makes each apply the ones it lacks. One failing store is reported and the rest go on.
 * @example const page = await migrateStores(env.DB, (id, bucket) => partnerDb(env, id, bucket), { after: 0, limit: 200 })
 */
export async function migrateStores(shared: D1Database, storeOf: StoreOf, page: { after: number; limit: number }): Promise<MigratePage> {
  const limit = Math.min(Math.max(1, Math.trunc(page.limit)), MIGRATE_PAGE_MAX);
  const candidates = await all<{ id: number; slug: string; buckets: string | null }>(
    shared,
    raw(
      `SELECT n.id, n.slug, (SELECT group_concat(b) FROM (SELECT DISTINCT store_bucket AS b FROM channels
          WHERE network_id = n.id AND store_bucket > 0 ORDER BY 1)) AS buckets
        FROM network_stores AS s JOIN networks AS n ON n.id = s.network_id WHERE s.network_id > ?1 ORDER BY s.network_id LIMIT ?2`,
      page.after,
      limit,
    ),
    'sql',
  );
  // Whole networks, as many as `limit` stores hold (one network at least, whatever its buckets).
  const stores: Array<{ id: number; slug: string; bucket: number }> = [];
  let networks = 0;
  for (const n of candidates) {
    const buckets = [0, ...(n.buckets ? n.buckets.split(',').map(Number) : [])];
    if (networks > 0 && stores.length + buckets.length > limit) break;
    stores.push(...buckets.map((bucket) => ({ id: n.id, slug: n.slug, bucket })));
    networks++;
  }
  const answers = await Promise.allSettled(
    stores.map((n) =>
      storeOf(n.id, n.bucket)
        .prepare(`SELECT count(*) AS applied, max(name) AS latest FROM ${MIGRATIONS_TABLE}`)
        .first<{ applied: number; latest: string | null }>(),
    ),
  );
  const more = networks < candidates.length || candidates.length === limit;
  const result: MigratePage = { migrated: [], failed: [], next: more ? (candidates[networks - 1]?.id ?? null) : null };
  answers.forEach((answer, i) => {
    const store = stores[i];
    if (!store) return;
    const named = { network_id: store.id, ...(store.bucket > 0 ? { bucket: store.bucket } : {}), slug: store.slug };
    if (answer.status === 'fulfilled') {
      result.migrated.push({ ...named, applied: answer.value?.applied ?? 0, latest: answer.value?.latest ?? null });
    } else {
      const reason: unknown = answer.reason;
      result.failed.push({ ...named, error: reason instanceof Error ? reason.message : String(reason) });
    }
  });
  return result;
}
