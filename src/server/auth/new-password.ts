// Setting a new password, shared by change, reset and invite: the rule, the hash, and ending sessions.
import { checkNewPassword } from '../../lib/account/password-rule';
import { badRequest } from '../http/errors';
import { setPasswordHashStatement } from '../users/users';
import { withHashSlot } from './hash-gate';
import { hashPassword } from './password';
import { type NewSession, endUserSessionsStatement, prepareSession } from './session';

/** Throws a 400 with the password rule's own message when the pair cannot be used as a password. */
export function assertNewPassword(password1: string, password2: string): void {
  const problem = checkNewPassword(password1, password2);
  if (problem) throw badRequest(problem);
}

function passwordWrites(db: D1Database, userId: number, hash: string): D1PreparedStatement[] {
  return [setPasswordHashStatement(db, userId, hash), endUserSessionsStatement(db, userId)];
}

/** Stores a new password hash and ends every session of the user, in one transaction. */
export async function replacePassword(db: D1Database, userId: number, hash: string): Promise<void> {
  await db.batch(passwordWrites(db, userId, hash));
}

/**
 * Like replacePassword, and opens a fresh session in the same transaction for the browser that
 * made the change: that person stays signed in, every other device is signed out.
 * @example const session = await replacePasswordAndSignIn(db, user.id, hash)
 */
export async function replacePasswordAndSignIn(db: D1Database, userId: number, hash: string): Promise<NewSession> {
  const session = await prepareSession(db, userId);
  await db.batch([...passwordWrites(db, userId, hash), session.insert]);
  return session;
}

/**
 * Checks the pair, then hashes it: the slow part runs only for a password we will keep, and only
 * when the isolate has a hash slot free (503 otherwise).
 */
export async function hashNewPassword(password1: string, password2: string): Promise<string> {
  assertNewPassword(password1, password2);
  return await withHashSlot(() => hashPassword(password1));
}
