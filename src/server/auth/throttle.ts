// Exact login throttling in D1: too many failures for an account or an IP within a window -> 429.
import { first, run, statement } from '../db/query';

export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;

/** The two counters a sign-in attempt is charged to. */
export interface ThrottleScopes {
  account: string;
  ip: string;
}

/**
 * Scopes for an attempt; the account is keyed by the login as typed (lower-cased), so guessing at
 * an address that has no account is throttled exactly like guessing at one that has.
 */
export function throttleScopes(login: string, ip: string): ThrottleScopes {
  return { account: accountScope(login), ip: `ip:${ip}` };
}

function accountScope(login: string): string {
  return `account:${login.trim().toLowerCase()}`;
}

/**
 * Seconds until another attempt is allowed, or 0 when it is allowed now. Blocked while a scope has
 * LOGIN_FAILURE_LIMIT failures in the window; the block ends when the LIMIT-th most recent of them
 * leaves the window.
 */
export async function secondsUntilAllowed(db: D1Database, scopes: ThrottleScopes, now: number): Promise<number> {
  const tenthLatest = `(SELECT failed_at FROM login_failures WHERE scope = ? AND failed_at > ?
                         ORDER BY failed_at DESC LIMIT 1 OFFSET ?)`;
  const since = now - LOGIN_FAILURE_WINDOW_SECONDS;
  const offset = LOGIN_FAILURE_LIMIT - 1;
  const row = await first<{ blockingFailure: number | null }>(
    db,
    `SELECT max(coalesce(${tenthLatest}, 0), coalesce(${tenthLatest}, 0)) AS blocking_failure`,
    scopes.account,
    since,
    offset,
    scopes.ip,
    since,
    offset,
  );
  const failedAt = row?.blockingFailure ?? 0;
  if (failedAt === 0) return 0;
  return Math.max(0, failedAt + LOGIN_FAILURE_WINDOW_SECONDS - now);
}

/** Counts a failed attempt against both scopes and forgets failures that left the window. */
export async function recordLoginFailure(db: D1Database, scopes: ThrottleScopes, now: number): Promise<void> {
  const insert = 'INSERT INTO login_failures (scope, failed_at) VALUES (?, ?)';
  await db.batch([
    statement(db, 'DELETE FROM login_failures WHERE failed_at <= ?', now - LOGIN_FAILURE_WINDOW_SECONDS),
    statement(db, insert, scopes.account, now),
    statement(db, insert, scopes.ip, now),
  ]);
}

/** A successful sign-in (or password reset) wipes the account's failures; the IP keeps its count. */
export async function clearAccountFailures(db: D1Database, login: string): Promise<void> {
  await run(db, 'DELETE FROM login_failures WHERE scope = ?', accountScope(login));
}

/** "Try again in 14 minutes." for a 429 answer. */
export function throttledMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
