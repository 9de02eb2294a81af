// Password checks with throttling (sign-in, and the current password before account changes).
import { badRequest, unauthorized } from '../errors';
import { type LoginCandidate, getLoginCandidate, upgradePasswordHash } from '../users/users';
import { knownDeviceHash, rememberDevice } from './device';
import { nowSeconds } from './expiry';
import { withHashSlot } from './hash-gate';
import { hashPassword, verifyDecoy, verifyPassword } from './password';
import { type NewSession, prepareSession } from './session';
import { chargeAttempt, settleAttempt } from './throttle';

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

/**
 * Checks a password the throttled way: a hash slot first (503 when the isolate is busy, nothing
 * charged), then the attempt is charged in D1 (429 when a counter is full), and only then hashed.
 */
async function attemptPassword(
  db: D1Database,
  attempt: PasswordAttempt,
): Promise<{ user: LoginCandidate; deviceHash: string | null } | null> {
  // Awaited here, not returned: a refusal rejects at once and must find its handler in the same tick.
  return await withHashSlot(async () => {
    const now = nowSeconds();
    const candidate = await getLoginCandidate(db, attempt.login.trim());
    const deviceHash = await knownDeviceHash(db, attempt.deviceToken, candidate?.id ?? null, now);
    const source = { login: attempt.login, ip: attempt.ip, knownDeviceHash: deviceHash };
    const hitId = await chargeAttempt(db, source, now);
    const ok = await checkCredentials(db, candidate, attempt.password);
    await settleAttempt(db, source, hitId, ok);
    return ok && candidate ? { user: candidate, deviceHash } : null;
  });
}

/**
 * Signs in and opens a new session, or throws 503 (busy), 429 (throttled) or 401 (wrong login or
 * password). deviceToken is the browser's device cookie to set: it keeps this device known.
 * @example const { session, newEmail, deviceToken } = await signIn(db, { login, password, ip, deviceToken })
 */
export async function signIn(
  db: D1Database,
  attempt: PasswordAttempt,
): Promise<{ session: NewSession; newEmail: string | null; deviceToken: string }> {
  const checked = await attemptPassword(db, attempt);
  if (!checked) throw unauthorized(WRONG_LOGIN_MESSAGE);
  const { user, deviceHash } = checked;
  const session = await prepareSession(db, user.id);
  await session.insert.run();
  const deviceToken = await rememberDevice(db, {
    userId: user.id,
    knownHash: deviceHash,
    token: attempt.deviceToken,
    now: nowSeconds(),
  });
  return { session, newEmail: user.newEmail, deviceToken };
}

/**
 * Asks a signed-in person for their current password before a change that could lock them out of
 * the account; counted like a sign-in, so a stolen session cannot guess it freely.
 * @example await confirmCurrentPassword(db, { login: user.email, password: body.current_password, ip, deviceToken })
 */
export async function confirmCurrentPassword(db: D1Database, attempt: PasswordAttempt): Promise<void> {
  if (!(await attemptPassword(db, attempt))) throw badRequest(WRONG_CURRENT_PASSWORD_MESSAGE);
}
