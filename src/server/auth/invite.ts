// Invitations: an account without a password and a 7-day link to create one, which also signs in.
import { badRequest } from '../errors';
import { keyLink } from '../mail/link';
import type { MailSender } from '../mail/message';
import { inviteMail } from '../mail/templates';
import { ensureInvitedUser } from '../users/users';
import { nowSeconds } from './expiry';
import { hashNewPassword, replacePasswordAndSignIn } from './new-password';
import { INVALID_LINK_MESSAGE, issueOneTimeToken, peekOneTimeToken, redeemOneTimeToken } from './one-time-token';
import type { NewSession } from './session';

/** The page the invitation link opens. */
export const INVITE_CONFIRM_PATH = '/invite/confirm';

/**
 * Invites a person: creates their account (no password) unless the address already has one, and
 * mails the link. Sending again retires the earlier link. The address must already be validated.
 * @example await createInvite(env.DB, mailerFor(env), { email, userName: 'Pat', origin })
 */
export async function createInvite(
  db: D1Database,
  mail: MailSender,
  input: { email: string; userName: string; origin: string },
): Promise<{ userId: number; created: boolean; expiresAt: number }> {
  const user = await ensureInvitedUser(db, { email: input.email, userName: input.userName, now: nowSeconds() });
  const { token, expiresAt } = await issueOneTimeToken(db, { kind: 'invite', userId: user.id });
  await mail(inviteMail(input.email, input.userName, keyLink(input.origin, INVITE_CONFIRM_PATH, token)));
  return { userId: user.id, created: user.created, expiresAt };
}

/**
 * Sets the invited person's first password, uses the key up and opens their first session.
 * @example const session = await acceptInvite(db, { key, password1, password2 })
 */
export async function acceptInvite(db: D1Database, input: { key: string; password1: string; password2: string }): Promise<NewSession> {
  if (!(await peekOneTimeToken(db, 'invite', input.key))) throw badRequest(INVALID_LINK_MESSAGE);
  const hash = await hashNewPassword(input.password1, input.password2);
  const redeemed = await redeemOneTimeToken(db, 'invite', input.key);
  if (!redeemed) throw badRequest(INVALID_LINK_MESSAGE);
  return replacePasswordAndSignIn(db, redeemed.userId, hash);
}
