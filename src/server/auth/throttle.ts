// Sign-in throttling in D1: each attempt is charged before its hash; which counters depends on the device.
import { tooManyRequests } from '../http/errors';
import { type RateLimit, clearScopePrefixStatement, clearScopeStatement, refundStatement, reserve } from './rate-window';
import { SECONDS_PER_MINUTE } from '../../lib/dates/time';

export const SIGN_IN_WINDOW_SECONDS = 15 * SECONDS_PER_MINUTE;
/** An unknown device guessing at one account from one IP. */
export const ACCOUNT_IP_LIMIT = 10;
/**
 * All unknown devices together, guessing at one account from anywhere (a spread-out attack). Past it a
 * new browser is not refused: the right password mails it a sign-in link (sign-in-link.ts).
 */
export const ACCOUNT_LIMIT = 50;
/** One IP guessing at any accounts from unknown devices (credential stuffing); offices share IPs. */
export const IP_LIMIT = 30;
/** A browser known for the account (device cookie): counted on its own, nothing else locks it. */
export const DEVICE_LIMIT = 10;

/** Who is trying: the login as typed, the client's IP, and the known device's hash if any. */
export interface AttemptSource {
  login: string;
  ip: string;
  knownDeviceHash: string | null;
}

/** Keyed by the login as typed, so an address without an account is throttled like one with. */
function accountKey(login: string): string {
  return login.trim().toLowerCase();
}

const accountScope = (login: string) => `signin:account:${accountKey(login)}`;
/** JSON keeps the pair unambiguous and gives every IP of an account one prefix: `["pat@x.example",`. */
const accountIpPrefix = (login: string) => `signin:account-ip:${JSON.stringify([accountKey(login), '']).slice(0, -3)}`;
const accountIpScope = (login: string, ip: string) => `signin:account-ip:${JSON.stringify([accountKey(login), ip])}`;
const deviceScope = (hash: string) => `signin:device:${hash}`;
const ipScope = (ip: string) => `signin:ip:${ip}`;

/** The counters one attempt is charged to. */
export function signInLimits(source: AttemptSource): RateLimit[] {
  const window = { windowSeconds: SIGN_IN_WINDOW_SECONDS };
  if (source.knownDeviceHash) return [{ scope: deviceScope(source.knownDeviceHash), limit: DEVICE_LIMIT, ...window }];
  return [
    { scope: accountIpScope(source.login, source.ip), limit: ACCOUNT_IP_LIMIT, ...window },
    { scope: accountScope(source.login), limit: ACCOUNT_LIMIT, ...window },
    { scope: ipScope(source.ip), limit: IP_LIMIT, ...window },
  ];
}

/** "Try again in 14 minutes." for a 429 answer. */
export function throttledMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / SECONDS_PER_MINUTE));
  return `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/**
 * How an attempt goes on once charged: by its password, or (a new browser while the account-wide
 * allowance is used up) by an e-mailed sign-in link that the right password asks for.
 */
export interface Charge {
  hitId: string;
  byLink: boolean;
  /** For byLink: when the account-wide allowance has room again. */
  retryAfterSeconds: number;
}

/** The account-wide counter is what a spread-out attack fills; a new browser is then asked for more than a password. */
function withoutAccountLimit(limits: RateLimit[], login: string): RateLimit[] {
  return limits.filter((l) => l.scope !== accountScope(login));
}

/**
 * Charges an attempt before its password is checked, or throws 429: of any number of simultaneous
 * attempts, at most the limit get as far as a hash. When only the account-wide counter of a new
 * browser is full, the attempt is charged to its own counters and goes on byLink instead of being
 * refused, so guesses elsewhere never keep the owner out. Returns the id that settleAttempt takes.
 * @example const { hitId, byLink } = await chargeAttempt(db, source, now)
 */
export async function chargeAttempt(db: D1Database, source: AttemptSource, now: number): Promise<Charge> {
  const limits = signInLimits(source);
  const reservation = await reserve(db, limits, now);
  if (reservation.ok) return { hitId: reservation.hitId, byLink: false, retryAfterSeconds: 0 };
  if (!source.knownDeviceHash) {
    const own = await reserve(db, withoutAccountLimit(limits, source.login), now);
    if (own.ok) return { hitId: own.hitId, byLink: true, retryAfterSeconds: reservation.retryAfterSeconds };
    throw tooManyRequests(throttledMessage(own.retryAfterSeconds), own.retryAfterSeconds);
  }
  throw tooManyRequests(throttledMessage(reservation.retryAfterSeconds), reservation.retryAfterSeconds);
}

/**
 * After the check: a wrong password keeps its charge (it is a failure); a right one takes it back
 * and forgives this device's or this account-and-IP's earlier failures. The IP and account-wide
 * counters keep their other failures, so a good sign-in cannot reset an attack elsewhere.
 */
export async function settleAttempt(db: D1Database, source: AttemptSource, hitId: string, ok: boolean): Promise<void> {
  if (!ok) return;
  const own = source.knownDeviceHash ? deviceScope(source.knownDeviceHash) : accountIpScope(source.login, source.ip);
  await db.batch([refundStatement(db, hitId), clearScopeStatement(db, own)]);
}

/** A password reset proves the mailbox: every account counter of this address starts again. */
export async function clearAccountFailures(db: D1Database, login: string): Promise<void> {
  await db.batch([clearScopeStatement(db, accountScope(login)), clearScopePrefixStatement(db, accountIpPrefix(login))]);
}
