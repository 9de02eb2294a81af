// Opens the local D1 database (and KV) through wrangler's platform proxy (the same files `wrangler dev` uses).
import path from 'node:path';
import { getPlatformProxy } from 'wrangler';

export interface LocalD1 {
  db: D1Database;
  /** The KV binding: loads bump the public data generation there, retiring cached pages. */
  kv: KVNamespace;
  dispose(): Promise<void>;
}

/**
 * The DB binding of wrangler.toml, persisted under persistTo (wrangler's --persist-to layout:
 * <persistTo>/v3/d1/...). Remote bindings are switched off: the seed only ever writes locally.
 */
export async function openLocalD1(root: string, persistTo: string): Promise<LocalD1> {
  const proxy = await getPlatformProxy<{ DB: D1Database; KV: KVNamespace }>({
    configPath: path.join(root, 'wrangler.toml'),
    persist: { path: path.join(persistTo, 'v3') },
    remoteBindings: false,
  });
  return { db: proxy.env.DB, kv: proxy.env.KV, dispose: () => proxy.dispose() };
}
