// The product's NetworkStore: the store class with migrations/ bundled in by Vite (Astro's build, vitest).
import { migrationsFrom } from './migrations';
import { networkStoreClass } from './network-store';

const files = import.meta.glob<string>('../../../migrations/*.sql', { query: '?raw', import: 'default', eager: true });

/** The migrations every network's store applies, in order. */
export const STORE_MIGRATIONS = migrationsFrom(files);

/** The Durable Object class bound as NETWORK_STORE (wrangler.toml). */
export const NetworkStore = networkStoreClass(STORE_MIGRATIONS);
