// Single-use links (invite, password reset, e-mail confirmation, sign-in): random, stored hashed, expiring.
import { first, statement } from '../db/query';
import { raw } from '../db/sql';
import { type OneTimeTokenKind, nowSeconds, oneTimeTokenExpiry } from './expiry';
import { hashToken, isTokenShaped, newToken } from './token';

export const INVALID_LINK_MESSAGE = 'This link is invalid or has expired. Ask for a new one.';

export interface IssuedToken {
  token: string;
  expiresAt: number;
}

export interface PreparedToken extends IssuedToken {
  /** Retires the user's unused tokens of the kind and stores the new one; run them in one batch. */
  writes: D1PreparedStatement[];
}

/** Whose link, of which kind; email for an address confirmation, browserHash for a sign-in link. */
export interface TokenRequest {
  kind: OneTimeTokenKind;
  userId: number;
  email?: string;
  /** The SHA-256 of the cookie of the only browser the link may be used in. */
  browserHash?: string;
}

/**
 * A link token whose writes are left to the caller, for flows that must send the mail before
 * storing anything. Retiring older tokens means only the latest e-mailed link works.
 */
export async function prepareOneTimeToken(db: D1Database, input: TokenRequest): Promise<PreparedToken> {
  const token = newToken();
  const now = nowSeconds();
  const expiresAt = oneTimeTokenExpiry(input.kind, now);
  const writes = [
    statement(
      db,
      raw('UPDATE one_time_tokens SET used_at = ? WHERE user_id = ? AND kind = ? AND used_at IS NULL', now, input.userId, input.kind),
    ),
    statement(
      db,
      raw(
        `INSERT INTO one_time_tokens (token_hash, kind, user_id, email, created_at, expires_at, browser_hash)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
        await hashToken(token),
        input.kind,
        input.userId,
        input.email ?? null,
        now,
        expiresAt,
        input.browserHash ?? null,
      ),
    ),
  ];
  return { token, expiresAt, writes };
}

/**
 * Issues and stores a link token, retiring the user's unused ones of the same kind.
 * @example const { token } = await issueOneTimeToken(db, { kind: 'password_reset', userId })
 */
export async function issueOneTimeToken(db: D1Database, input: TokenRequest): Promise<IssuedToken> {
  const { token, expiresAt, writes } = await prepareOneTimeToken(db, input);
  await db.batch(writes);
  return { token, expiresAt };
}

export interface RedeemedToken {
  userId: number;
  email: string | null;
}

const UNUSED_VALID = `token_hash = ? AND kind = ? AND used_at IS NULL AND expires_at > ?
  AND user_id IN (SELECT id FROM users WHERE is_active = 1)`;

/** Reads a token that could still be redeemed, without using it up (for checks before redeeming). */
export async function peekOneTimeToken(db: D1Database, kind: OneTimeTokenKind, token: string): Promise<RedeemedToken | null> {
  if (!isTokenShaped(token)) return null;
  return first<RedeemedToken>(
    db,
    raw(`SELECT user_id, email FROM one_time_tokens WHERE ${UNUSED_VALID}`, await hashToken(token), kind, nowSeconds()),
  );
}

/**
 * Uses a token up in one statement, so two clicks racing each other cannot both succeed. Null when
 * the token is unknown, of another kind, used, expired, or its account was deactivated; for a link
 * bound to a browser, also when browserHash is not that browser's (and then it stays unused).
 */
export async function redeemOneTimeToken(
  db: D1Database,
  kind: OneTimeTokenKind,
  token: string,
  browserHash: string | null = null,
): Promise<RedeemedToken | null> {
  if (!isTokenShaped(token)) return null;
  const now = nowSeconds();
  return first<RedeemedToken>(
    db,
    raw(
      `UPDATE one_time_tokens SET used_at = ? WHERE ${UNUSED_VALID} AND browser_hash IS ? RETURNING user_id, email`,
      now,
      await hashToken(token),
      kind,
      now,
      browserHash,
    ),
  );
}
