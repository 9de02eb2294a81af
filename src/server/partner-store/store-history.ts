// A network store's history: Cloudflare keeps 30 days of every SQLite-backed Durable Object and restores
// one to a past moment from inside the object (docs/backup.md, "Network stores: point-in-time recovery").
// These are the store's calls for it (network-store.ts); store-restore.ts (admin/) uses them in order.
import type { PartnerStoreEnv } from '.';
import { PartnerStoreError, storeName } from '.';

/** How far back Cloudflare keeps a store's history. */
export const STORE_HISTORY_DAYS = 30;

/** The bookmark of now and, when asked, of a past moment. */
export interface StoreBookmarks {
  now: string;
  at: string | null;
}

/** What the restore needs of a network's store (Durable Object RPC, network-store.ts). */
export interface StoreHistory {
  bookmarks(at: number | null): Promise<StoreBookmarks>;
  scheduleRestore(bookmark: string): Promise<string>;
  restart(reason: string): Promise<void>;
  size(): Promise<number>;
}

/**
 * Network `networkId`'s store (of `bucket`), for its history: needs the NETWORK_STORE binding whatever PARTNER_STORE says
 * (the caller checks the install is split).
 * @example const store = networkStoreHistory(c.env, 7)
 */
export function networkStoreHistory(env: PartnerStoreEnv, networkId: number, bucket = 0): StoreHistory {
  const namespace = env.NETWORK_STORE;
  if (!namespace) throw new PartnerStoreError('PARTNER_STORE=objects needs the NETWORK_STORE Durable Object binding (wrangler.toml).');
  return namespace.get(namespace.idFromName(storeName(networkId, bucket))) as unknown as StoreHistory;
}
