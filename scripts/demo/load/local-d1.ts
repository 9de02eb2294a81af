// Opens the local D1 database (and KV) that `wrangler dev` uses, for every command that writes it
// locally (seed, import, admin): one path, scripts/import/local-d1.ts, one request per batch or query.
import type { StoreOf } from '../../../src/server/ingest/load/import-session.ts';
import { openImportD1 } from '../../import/local-d1.ts';

export interface LocalD1 {
  db: D1Database;
  /** The KV binding: loads bump the public data generation there, retiring cached pages. */
  kv: KVNamespace;
  /** The report archive (wrangler.toml REPORTS), where replays read from. */
  reports: R2Bucket;
  /** Each network's store when the install splits partner data by network (PARTNER_STORE=objects). */
  storeOf?: StoreOf;
  /** A network's store whatever the setting: partner-move fills them before the install is switched. */
  networkStore: StoreOf;
  dispose(): Promise<void>;
}

/**
 * The DB and KV bindings of wrangler.toml, persisted under persistTo (wrangler's --persist-to layout:
 * <persistTo>/v3/d1/...). Only ever local: nothing here reaches a deployed database.
 */
export function openLocalD1(root: string, persistTo: string): Promise<LocalD1> {
  return openImportD1(root, persistTo);
}
