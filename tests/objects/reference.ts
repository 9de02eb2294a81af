// What the split tests compare with: a store standing for a default install's one database, and network
// rows written alike into each database a test fills.
import { env } from 'cloudflare:test';
import { objectDb, type StoreCaller } from '../../src/server/partner-store/object-db';

/**
 * A store of the test's own name, holding what one shared D1 would: the same files or rows loaded there
 * give the answers a split install must give.
 * @example const reference = referenceStore('import-buckets-reference')
 */
export function referenceStore(name: string): D1Database {
  return objectDb(env.NETWORK_STORE!.get(env.NETWORK_STORE!.idFromName(name)) as unknown as StoreCaller);
}

/**
 * A partner network's row in each database (`buckets`: how many stores its new channels spread over).
 * @example await insertNetwork([env.DB, reference], { id: 795_001, slug: 'buckets', buckets: 3 })
 */
export async function insertNetwork(dbs: readonly D1Database[], network: { id: number; slug: string; buckets?: number }): Promise<void> {
  for (const db of dbs) {
    await db
      .prepare('INSERT INTO networks (id, slug, name, is_partner, store_buckets, created_at) VALUES (?1, ?2, ?2, 1, ?3, 0)')
      .bind(network.id, network.slug, network.buckets ?? 1)
      .run();
  }
}
