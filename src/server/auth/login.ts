// Sign-in by e-mail and password, with throttling and one answer for every kind of wrong login.
import { tooManyRequests, unauthorized } from '../errors';
import { getLoginCandidate, upgradePasswordHash } from '../users/users';
import { nowSeconds } from './expiry';
import { hashPassword, verifyDecoy, verifyPassword } from './password';
import { type NewSession, prepareSession } from './session';
import {
  clearAccountFailures,
  recordLoginFailure,
  secondsUntilAllowed,
  throttleScopes,
  throttledMessage,
} from './throttle';

export const WRONG_LOGIN_MESSAGE = 'Wrong login or password';

/** Whose password matches, or null; unknown and password-less accounts cost a real hash check too. */
async function checkCredentials(db: D1Database, login: string, password: string) {
  const candidate = await getLoginCandidate(db, login.trim());
  if (!candidate?.passwordHash) {
    await verifyDecoy(password);
    return null;
  }
  const { ok, needsRehash } = await verifyPassword(password, candidate.passwordHash);
  if (!ok) return null;
  if (needsRehash) await upgradePasswordHash(db, candidate.id, await hashPassword(password));
  return candidate;
}

/**
 * Signs in and opens a new session, or throws 429 (throttled) or 401 (wrong login or password).
 * @example const { session, newEmail } = await signIn(db, { login, password, ip })
 */
export async function signIn(
  db: D1Database,
  input: { login: string; password: string; ip: string },
): Promise<{ session: NewSession; newEmail: string | null }> {
  const scopes = throttleScopes(input.login, input.ip);
  const wait = await secondsUntilAllowed(db, scopes, nowSeconds());
  if (wait > 0) throw tooManyRequests(throttledMessage(wait), wait);

  const user = await checkCredentials(db, input.login, input.password);
  if (!user) {
    await recordLoginFailure(db, scopes, nowSeconds());
    throw unauthorized(WRONG_LOGIN_MESSAGE);
  }
  await clearAccountFailures(db, input.login);
  const session = await prepareSession(db, user.id);
  await session.insert.run();
  return { session, newEmail: user.newEmail };
}
