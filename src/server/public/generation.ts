// The public data generation: bumped when the rollups change, part of every page cache key.

/** The KV key holding the generation. */
export const GENERATION_KEY = 'public:generation';
/** How long an isolate trusts the generation it read: KV itself takes up to 60 s to spread. */
const GENERATION_REUSE_MS = 30_000;

// Per isolate, on purpose: reading KV on every cached request would cost more than the cache saves.
let known: { value: string; readAt: number } | null = null;

/**
 * The current generation ('0' before the first bump).
 * @example const generation = await readPublicGeneration(env.KV)
 */
export async function readPublicGeneration(kv: KVNamespace, now = Date.now()): Promise<string> {
  if (known && now - known.readAt < GENERATION_REUSE_MS) return known.value;
  const value = (await kv.get(GENERATION_KEY)) ?? '0';
  known = { value, readAt: now };
  return value;
}

/**
 * Starts a new generation, so every cached public page is rendered again on its next visit.
 * Called after the rollups that feed the public pages have changed.
 */
export async function bumpPublicGeneration(kv: KVNamespace, now = Date.now()): Promise<void> {
  const value = String(now);
  await kv.put(GENERATION_KEY, value);
  known = { value, readAt: now };
}
