// What every public-stats server function receives: the database, the bindings and the clock.
import type { Bindings } from '../env';
import { readTogether } from '../db/read-together';

export interface PublicContext {
  db: D1Database;
  env: Bindings;
  /** The request time; pages and the compatibility API pass it so tests can pin it. */
  now: Date;
}

/** A compatibility path's handler: the query (or form) values in, the answer's body out. */
export type PathHandler = (ctx: PublicContext, params: URLSearchParams) => Promise<unknown>;

/** Handlers by path under /youtube/api, e.g. '/stat/get_top_channels'. */
export type PathTable = Readonly<Record<string, PathHandler>>;

/**
 * A PublicContext for the request handled by Hono or Astro.
 * @example const ctx = publicContext(c.env)
 */
export function publicContext(env: Bindings, now = new Date()): PublicContext {
  return { db: readTogether(env.DB), env, now };
}
