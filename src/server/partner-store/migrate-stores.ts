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
  slug: string;
  /** Migrations the store has applied, and the newest of them. */
  applied: number;
  latest: string | null;
}

export interface StoreFailed {
  network_id: number;
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
 * Asks the stores of up to `limit` networks after id `after` (in id order; those with a store, in
 * `network_stores`) which migrations they hold, which first makes each apply the ones it lacks. One
 * failing store is reported and the rest go on.
 * @example const page = await migrateStores(env.DB, (id) => partnerDb(env, id), { after: 0, limit: 200 })
 */
export async function migrateStores(shared: D1Database, storeOf: StoreOf, page: { after: number; limit: number }): Promise<MigratePage> {
  const limit = Math.min(Math.max(1, Math.trunc(page.limit)), MIGRATE_PAGE_MAX);
  const networks = await all<{ id: number; slug: string }>(
    shared,
    raw(
      'SELECT n.id, n.slug FROM network_stores AS s JOIN networks AS n ON n.id = s.network_id WHERE s.network_id > ?1 ORDER BY s.network_id LIMIT ?2',
      page.after,
      limit,
    ),
    'sql',
  );
  const answers = await Promise.allSettled(
    networks.map((n) =>
      storeOf(n.id)
        .prepare(`SELECT count(*) AS applied, max(name) AS latest FROM ${MIGRATIONS_TABLE}`)
        .first<{ applied: number; latest: string | null }>(),
    ),
  );
  const result: MigratePage = { migrated: [], failed: [], next: networks.length === limit ? (networks.at(-1)?.id ?? null) : null };
  answers.forEach((answer, i) => {
    const network = networks[i];
    if (!network) return;
    if (answer.status === 'fulfilled') {
      result.migrated.push({
        network_id: network.id,
        slug: network.slug,
        applied: answer.value?.applied ?? 0,
        latest: answer.value?.latest ?? null,
      });
    } else {
      const reason: unknown = answer.reason;
      result.failed.push({ network_id: network.id, slug: network.slug, error: reason instanceof Error ? reason.message : String(reason) });
    }
  });
  return result;
}
