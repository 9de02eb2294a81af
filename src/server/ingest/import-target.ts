// Where the Worker's imports and rollup refreshes write: the shared D1, and the network stores when
// partner data is split by network (PARTNER_STORE=objects, docs/partner-store.md).
import { partnerDb, partnerStoreMode, type PartnerStoreEnv } from '../partner-store';
import type { ImportTarget } from './run-import';

/**
 * The install's import target: on a default install the shared D1 alone, split the store of each network.
 * @example await runImport(importTarget(c.env), files, { networkId })
 */
export function importTarget(env: PartnerStoreEnv & { KV: KVNamespace }): ImportTarget {
  const target: ImportTarget = { db: env.DB, kv: env.KV };
  if (partnerStoreMode(env) === 'objects') target.storeOf = (networkId, bucket) => partnerDb(env, networkId, bucket);
  return target;
}
