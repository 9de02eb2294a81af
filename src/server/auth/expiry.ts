// Lifetimes of sessions and one-time links, and the pure rules that read them. Times: unix seconds.
import { MS_PER_SECOND, SECONDS_PER_DAY, SECONDS_PER_HOUR, SECONDS_PER_MINUTE } from '../../lib/dates/time';

export const SESSION_TTL_SECONDS = 30 * SECONDS_PER_DAY;
/**
 * No session outlives this, however often it is used: a stolen cookie that is kept busy still dies,
 * and the person signs in again about once a quarter.
 */
export const SESSION_ABSOLUTE_TTL_SECONDS = 90 * SECONDS_PER_DAY;
/** A session used with less than this left is extended to a full SESSION_TTL_SECONDS. */
export const SESSION_RENEW_BELOW_SECONDS = 15 * SECONDS_PER_DAY;

export type OneTimeTokenKind = 'invite' | 'password_reset' | 'email_confirm' | 'sign_in_link';

export const ONE_TIME_TOKEN_TTL_SECONDS: Record<OneTimeTokenKind, number> = {
  invite: 7 * SECONDS_PER_DAY,
  password_reset: 1 * SECONDS_PER_HOUR,
  email_confirm: 24 * SECONDS_PER_HOUR,
  // Asked for by someone waiting at the sign-in page: short, so a mailbox read later holds no live key.
  sign_in_link: 15 * SECONDS_PER_MINUTE,
};

/** The current time in unix seconds. */
export function nowSeconds(): number {
  return Math.floor(Date.now() / MS_PER_SECOND);
}

/** True once the expiry moment is reached: a token is valid strictly before expiresAt. */
export function isExpired(expiresAt: number, now: number): boolean {
  return now >= expiresAt;
}

/** True when a session can no longer be used: its sliding expiry or its absolute limit is reached. */
export function isSessionOver(session: { createdAt: number; expiresAt: number }, now: number): boolean {
  return isExpired(session.expiresAt, now) || isExpired(session.createdAt + SESSION_ABSOLUTE_TTL_SECONDS, now);
}

/**
 * True when a still-valid session should be pushed out (to a fresh 30 days, or to its absolute
 * limit when that comes first); false when renewal would not move its end.
 */
export function needsRenewal(session: { createdAt: number; expiresAt: number }, now: number): boolean {
  if (isSessionOver(session, now)) return false;
  return session.expiresAt - now < SESSION_RENEW_BELOW_SECONDS && sessionExpiry(now, session.createdAt) > session.expiresAt;
}

/** When a one-time link of this kind, issued now, stops working. */
export function oneTimeTokenExpiry(kind: OneTimeTokenKind, now: number): number {
  return now + ONE_TIME_TOKEN_TTL_SECONDS[kind];
}

/** When a session created at createdAt (default: now) and renewed now ends. */
export function sessionExpiry(now: number, createdAt = now): number {
  return Math.min(now + SESSION_TTL_SECONDS, createdAt + SESSION_ABSOLUTE_TTL_SECONDS);
}
