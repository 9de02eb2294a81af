// Password checks with throttling (sign-in, and the current password before account changes).
import { badRequest, tooManyRequests, unauthorized } from '../http/errors';
import { type LoginCandidate, getLoginCandidate, upgradePasswordHash } from '../users/users';
import { knownDeviceHash, rememberDevice } from './device';
import { nowSeconds } from './expiry';
import { withHashSlot } from './hash-gate';
import { hashPassword, verifyDecoy, verifyPassword } from './password';
import { type NewSession, prepareSession } from './session';
import { chargeAttempt, settleAttempt, throttledMessage } from './throttle';

export const WRONG_LOGIN_MESSAGE = 'Wrong login or password';
export const WRONG_CURRENT_PASSWORD_MESSAGE = 'current_password: The current password is wrong.';

/** One password attempt: who, from where, and the browser's device cookie if it sent one. */
export interface PasswordAttempt {
  login: string;
  password: string;
  ip: string;
  deviceToken: string | null;
}

/** Whether the password matches; unknown and password-less accounts cost a real hash check too. */
async function checkCredentials(db: D1Database, candidate: LoginCandidate | null, password: string): Promise<boolean> {
  if (!candidate?.passwordHash) {
    await verifyDecoy(password);
    return false;
  }
  const { ok, needsRehash } = await verifyPassword(password, candidate.passwordHash);
  if (ok && needsRehash) await upgradePasswordHash(db, candidate.id, await hashPassword(password));
  return ok;
}

/** What one checked attempt came to; the password's verdict is hidden from the caller when byLink. */
interface CheckedAttempt {
  user: LoginCandidate | null;
  ok: boolean;
  deviceHash: string | null;
  byLink: boolean;
  retryAfterSeconds: number;
}

/**
 * Checks a password the throttled way: a hash slot first (503 when the isolate is busy, nothing
 * charged), then the attempt is charged in D1 (429 when a counter is full), and only then hashed.
 */
async function attemptPassword(db: D1Database, attempt: PasswordAttempt): Promise<CheckedAttempt> {
  // Awaited here, not returned: a refusal rejects at once and must find its handler in the same tick.
  return await withHashSlot(async () => {
    const now = nowSeconds();
    const candidate = await getLoginCandidate(db, attempt.login.trim());
    const deviceHash = await knownDeviceHash(db, attempt.deviceToken, candidate?.id ?? null, now);
    const source = { login: attempt.login, ip: attempt.ip, knownDeviceHash: deviceHash };
    const { hitId, byLink, retryAfterSeconds } = await chargeAttempt(db, source, now);
    const ok = await checkCredentials(db, candidate, attempt.password);
    await settleAttempt(db, source, hitId, ok);
    return { user: ok ? candidate : null, ok, deviceHash, byLink, retryAfterSeconds };
  });
}

/** A new session for the account, and the device cookie that keeps this browser known from now on. */
export async function openSession(
  db: D1Database,
  input: { userId: number; deviceHash: string | null; deviceToken: string | null },
): Promise<{ session: NewSession; deviceToken: string }> {
  const session = await prepareSession(db, input.userId);
  await session.insert.run();
  const deviceToken = await rememberDevice(db, {
    userId: input.userId,
    knownHash: input.deviceHash,
    token: input.deviceToken,
    now: nowSeconds(),
  });
  return { session, deviceToken };
}

/**
 * What a sign-in came to: a session, or (a new browser while the account is under attack) the
 * answer that a link was mailed, the same whatever the password; owner is set only when it was right.
 */
export type SignInOutcome =
  | { kind: 'session'; session: NewSession; newEmail: string | null; deviceToken: string }
  | { kind: 'link'; ownerId: number | null; retryAfterSeconds: number };

/**
 * Signs in, or throws 503 (busy), 429 (throttled) or 401 (wrong login or password). deviceToken is
 * the browser's device cookie to set: it keeps this device known.
 * @example const outcome = await signIn(db, { login, password, ip, deviceToken })
 */
export async function signIn(db: D1Database, attempt: PasswordAttempt): Promise<SignInOutcome> {
  const checked = await attemptPassword(db, attempt);
  if (checked.byLink) {
    return { kind: 'link', ownerId: checked.user?.id ?? null, retryAfterSeconds: checked.retryAfterSeconds };
  }
  if (!checked.user) throw unauthorized(WRONG_LOGIN_MESSAGE);
  const { session, deviceToken } = await openSession(db, {
    userId: checked.user.id,
    deviceHash: checked.deviceHash,
    deviceToken: attempt.deviceToken,
  });
  return { kind: 'session', session, newEmail: checked.user.newEmail, deviceToken };
}

/**
 * Asks a signed-in person for their current password before a change that could lock them out of
 * the account; counted like a sign-in, so a stolen session cannot guess it freely.
 * @example await confirmCurrentPassword(db, { login: user.email, password: body.current_password, ip, deviceToken })
 */
export async function confirmCurrentPassword(db: D1Database, attempt: PasswordAttempt): Promise<void> {
  const checked = await attemptPassword(db, attempt);
  // Under attack the verdict stays hidden from a browser the account does not know, as at sign-in.
  if (checked.byLink) throw tooManyRequests(throttledMessage(checked.retryAfterSeconds), checked.retryAfterSeconds);
  if (!checked.ok) throw badRequest(WRONG_CURRENT_PASSWORD_MESSAGE);
}
