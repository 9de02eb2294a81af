// Lifetimes of sessions and one-time links, and the pure rules that read them. Times: unix seconds.

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const SESSION_TTL_SECONDS = 30 * DAY;
/** A session used with less than this left is extended to a full SESSION_TTL_SECONDS. */
export const SESSION_RENEW_BELOW_SECONDS = 15 * DAY;

export type OneTimeTokenKind = 'invite' | 'password_reset' | 'email_confirm';

export const ONE_TIME_TOKEN_TTL_SECONDS: Record<OneTimeTokenKind, number> = {
  invite: 7 * DAY,
  password_reset: 1 * HOUR,
  email_confirm: 24 * HOUR,
};

/** The current time in unix seconds. */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** True once the expiry moment is reached: a token is valid strictly before expiresAt. */
export function isExpired(expiresAt: number, now: number): boolean {
  return now >= expiresAt;
}

/** True when a still-valid session should be pushed out to a fresh 30 days. */
export function needsRenewal(expiresAt: number, now: number): boolean {
  return !isExpired(expiresAt, now) && expiresAt - now < SESSION_RENEW_BELOW_SECONDS;
}

/** When a one-time link of this kind, issued now, stops working. */
export function oneTimeTokenExpiry(kind: OneTimeTokenKind, now: number): number {
  return now + ONE_TIME_TOKEN_TTL_SECONDS[kind];
}

/** When a session created or renewed now ends. */
export function sessionExpiry(now: number): number {
  return now + SESSION_TTL_SECONDS;
}
