// What the split tests compare with: a store standing for a default install's one database, network rows
// written alike into each database a test fills, the same files loaded into both, and the dashboard cards
// both must answer alike.
import { env } from 'cloudflare:test';
import { expect } from 'vitest';
import type { ImportFile } from '../../src/server/ingest/load/files';
import { runImport } from '../../src/server/ingest/run-import';
import { partnerDb } from '../../src/server/partner-store';
import { objectDb, type StoreCaller } from '../../src/server/partner-store/object-db';
import { getBase } from '../../src/server/stats/base';
import { getBreakdown } from '../../src/server/stats/breakdown';
import { getDemographics } from '../../src/server/stats/demographics';
import { getEngagement } from '../../src/server/stats/engagement';
import { getLocation } from '../../src/server/stats/location';
import { getTraffic } from '../../src/server/stats/traffic';
import { getSearchTerms } from '../../src/server/stats/search-terms';
import type { StatRequest } from '../../src/server/stats/request';
import type { StatsDb } from '../../src/server/stats/stores';
import { splitEnv } from './split-world';

/** The split install's store of a network's bucket (0: its first store). */
export const storeOf = (networkId: number, bucket?: number) => partnerDb(splitEnv, networkId, bucket);

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

/**
 * The same files loaded into the split install (each network's facts in its stores) and into the reference,
 * every file `loaded` in both with no reason given.
 * @example await loadAlike(reference, files, { networkId: 795_001, now: NOW })
 */
export async function loadAlike(
  reference: D1Database,
  files: () => ImportFile[],
  options: { networkId: number; now: number },
): Promise<void> {
  const loaded = files().map(() => ['loaded', undefined]);
  const split = await runImport({ db: env.DB, kv: env.KV, storeOf }, files(), options);
  expect(split.files.map((f) => [f.status, f.reason])).toEqual(loaded);
  const one = await runImport({ db: reference, kv: env.KV }, files(), options);
  expect(one.files.map((f) => [f.status, f.reason])).toEqual(loaded);
}

/** The dashboard's cards as the split tests compare them: each read from the stores and from one database. */
export const DASHBOARD_CARDS: ReadonlyArray<(db: StatsDb, req: StatRequest) => Promise<unknown>> = [
  getBase,
  getEngagement,
  getLocation,
  getDemographics,
  getTraffic,
  getSearchTerms,
  (d, r) => getBreakdown(d, r, 'views', 'channels'),
];
