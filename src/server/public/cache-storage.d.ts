// Workers' CacheStorage has a `default` cache; the DOM library's CacheStorage (Astro's strict config
// includes it) wins the global `caches`' type, so the Workers member is declared on it here.
interface CacheStorage {
  /** The data centre's default cache (Workers only). */
  readonly default: Cache;
}
