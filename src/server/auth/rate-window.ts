// Exact sliding-window counters in D1, charged atomically: all of an event's counters or none.
import { statement } from '../db/query';
import { raw } from '../db/sql';
import { newToken } from './token';
import { SECONDS_PER_DAY } from '../../lib/dates/time';

/** One counter an event is charged to: at most `limit` events per `windowSeconds`. */
export interface RateLimit {
  scope: string;
  limit: number;
  windowSeconds: number;
}

/** Longer than every window in use, so one cleanup serves all of them. */
export const RATE_WINDOW_CLEANUP_SECONDS = SECONDS_PER_DAY;

export type Reservation = { ok: true; hitId: string } | { ok: false; retryAfterSeconds: number };

/**
 * One statement, so SQLite runs it as a unit: N simultaneous callers are counted one after another
 * and at most `limit` of them get in, whatever the interleaving of their requests.
 */
const CHARGE_SQL = `
  INSERT INTO rate_limit_hits (scope, hit_id, hit_at)
  SELECT json_extract(c.value, '$.scope'), ?1, ?2 FROM json_each(?3) c
   WHERE NOT EXISTS (
     SELECT 1 FROM json_each(?3) l
      WHERE (SELECT count(*) FROM rate_limit_hits h
              WHERE h.scope = json_extract(l.value, '$.scope')
                AND h.hit_at > ?2 - json_extract(l.value, '$.windowSeconds'))
            >= json_extract(l.value, '$.limit'))
  RETURNING scope`;

/**
 * Charges one event to every counter, or to none when any of them is full.
 * @example const r = await reserve(db, [{ scope: 'mail:ip:1.2.3.4', limit: 10, windowSeconds: 3600 }], now)
 */
export async function reserve(db: D1Database, limits: RateLimit[], now: number): Promise<Reservation> {
  const hitId = newToken();
  const [, charged] = await db.batch<{ scope: string }>([
    statement(db, raw('DELETE FROM rate_limit_hits WHERE hit_at <= ?', now - RATE_WINDOW_CLEANUP_SECONDS)),
    statement(db, raw(CHARGE_SQL, hitId, now, JSON.stringify(limits))),
  ]);
  if ((charged?.results.length ?? 0) > 0) return { ok: true, hitId };
  return { ok: false, retryAfterSeconds: await secondsUntilFree(db, limits, now) };
}

/**
 * When the fullest counter has room again: its limit-th most recent hit leaves the window. At
 * least 1, since the refusal already happened.
 */
async function secondsUntilFree(db: D1Database, limits: RateLimit[], now: number): Promise<number> {
  const oldestBlocking = `SELECT hit_at + ? AS free_at FROM rate_limit_hits WHERE scope = ? AND hit_at > ?
                           ORDER BY hit_at DESC LIMIT 1 OFFSET ?`;
  const answers = await db.batch<{ free_at: number }>(
    limits.map((l) => statement(db, raw(oldestBlocking, l.windowSeconds, l.scope, now - l.windowSeconds, l.limit - 1))),
  );
  const latest = Math.max(0, ...answers.map((a) => a.results[0]?.free_at ?? 0));
  return Math.max(1, latest - now);
}

/** Takes back every charge of one event (a sign-in that turned out good). */
export function refundStatement(db: D1Database, hitId: string): D1PreparedStatement {
  return statement(db, raw('DELETE FROM rate_limit_hits WHERE hit_id = ?', hitId));
}

/** Empties one counter. */
export function clearScopeStatement(db: D1Database, scope: string): D1PreparedStatement {
  return statement(db, raw('DELETE FROM rate_limit_hits WHERE scope = ?', scope));
}

/** Empties every counter whose name starts with prefix. */
export function clearScopePrefixStatement(db: D1Database, prefix: string): D1PreparedStatement {
  return statement(db, raw('DELETE FROM rate_limit_hits WHERE substr(scope, 1, length(?1)) = ?1', prefix));
}
