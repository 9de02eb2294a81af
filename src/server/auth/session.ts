// Sessions in D1: the cookie carries a random token, the table only its SHA-256; 30-day sliding
// expiry within a 90-day absolute limit.
import { isLoopbackHost } from '../http/security-headers';
import { first, run, statement } from '../db/query';
import { raw } from '../db/sql';
import { SESSION_USER_COLUMNS, type SessionUserRow, toSessionUser } from '../users/users';
import { SESSION_TTL_SECONDS, isSessionOver, needsRenewal, nowSeconds, sessionExpiry } from './expiry';
import type { SessionUser } from './session-user';
import { hashToken, isTokenShaped, newToken } from './token';

export const SESSION_COOKIE = 'vd_session';

export interface ValidatedSession {
  user: SessionUser;
  tokenHash: string;
  expiresAt: number;
  renewed: boolean;
}

export interface NewSession {
  token: string;
  tokenHash: string;
  expiresAt: number;
  /** The INSERT, to run alone or in a batch with other writes. */
  insert: D1PreparedStatement;
}

/**
 * Prepares a new session for a user; nothing is stored until `insert` runs.
 * @example const s = await prepareSession(db, user.id); await s.insert.run()
 */
export async function prepareSession(db: D1Database, userId: number): Promise<NewSession> {
  const token = newToken();
  const tokenHash = await hashToken(token);
  const now = nowSeconds();
  const expiresAt = sessionExpiry(now);
  const insert = statement(
    db,
    raw('INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)', tokenHash, userId, now, expiresAt),
  );
  return { token, tokenHash, expiresAt, insert };
}

/**
 * The signed-in user for a cookie token, or null. Extends the session to a full 30 days when less
 * than 15 remain, never past 90 days from sign-in (renewed: true means the caller must send
 * sessionCookie() again). `now` is there for tests of the limits.
 * @example const session = await validateSessionToken(env.DB, token)
 */
export async function validateSessionToken(db: D1Database, token: string, now = nowSeconds()): Promise<ValidatedSession | null> {
  if (!isTokenShaped(token)) return null;
  const tokenHash = await hashToken(token);
  const row = await first<SessionUserRow & { createdAt: number; expiresAt: number }>(
    db,
    raw(
      `SELECT ${SESSION_USER_COLUMNS}, s.created_at, s.expires_at
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = ? AND u.is_active = 1`,
      tokenHash,
    ),
  );
  if (!row) return null;
  if (isSessionOver(row, now)) {
    await endSession(db, tokenHash);
    return null;
  }
  let expiresAt = row.expiresAt;
  const renewed = needsRenewal(row, now);
  if (renewed) {
    expiresAt = sessionExpiry(now, row.createdAt);
    await run(db, raw('UPDATE sessions SET expires_at = ? WHERE token_hash = ?', expiresAt, tokenHash));
  }
  return { user: toSessionUser(row), tokenHash, expiresAt, renewed };
}

/** Ends one session (sign-out). */
export async function endSession(db: D1Database, tokenHash: string): Promise<void> {
  await run(db, raw('DELETE FROM sessions WHERE token_hash = ?', tokenHash));
}

/** Ends the session a cookie token belongs to, if any (sign-out, or sign-in over an old session). */
export async function endSessionByToken(db: D1Database, token: string): Promise<void> {
  if (isTokenShaped(token)) await endSession(db, await hashToken(token));
}

/** Ends every session of a user, for batches that change the password. */
export function endUserSessionsStatement(db: D1Database, userId: number): D1PreparedStatement {
  return statement(db, raw('DELETE FROM sessions WHERE user_id = ?', userId));
}

function cookieAttributes(url: URL, maxAge: number): string {
  const secure = isLoopbackHost(url.hostname) ? '' : '; Secure';
  return `Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
}

/**
 * The Set-Cookie value carrying a session token; Secure everywhere except on loopback hosts.
 * @example c.header('Set-Cookie', sessionCookie(s.token, s.expiresAt, new URL(c.req.url)), { append: true })
 */
export function sessionCookie(token: string, expiresAt: number, url: URL): string {
  const maxAge = Math.max(0, Math.min(SESSION_TTL_SECONDS, expiresAt - nowSeconds()));
  return `${SESSION_COOKIE}=${token}; ${cookieAttributes(url, maxAge)}`;
}

/** The Set-Cookie value that removes the session cookie. */
export function clearSessionCookie(url: URL): string {
  return `${SESSION_COOKIE}=; ${cookieAttributes(url, 0)}`;
}
