// Invitations: an account without a password and a 7-day link to create one, which also signs in.
import { badRequest } from '../http/errors';
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

/** An invitation made: the account, its one-time link (single use, retiring earlier ones) and when it expires. */
export interface Invite {
  userId: number;
  created: boolean;
  expiresAt: number;
  link: string;
}

/**
 * Opens the account (no password) unless the address already has one and issues its link, without
 * sending it: for the operator who hands the link over themselves (no mail on the install yet).
 * Issuing again retires the earlier link. The address must already be validated.
 * @example const { link } = await issueInvite(env.DB, { email, userName: 'Pat', origin })
 */
export async function issueInvite(db: D1Database, input: { email: string; userName: string; origin: string }): Promise<Invite> {
  const user = await ensureInvitedUser(db, { email: input.email, userName: input.userName, now: nowSeconds() });
  const { token, expiresAt } = await issueOneTimeToken(db, { kind: 'invite', userId: user.id });
  return { userId: user.id, created: user.created, expiresAt, link: keyLink(input.origin, INVITE_CONFIRM_PATH, token) };
}

/** Mails an issued invitation's link to the person. */
export function mailInvite(mail: MailSender, input: { email: string; userName: string }, invite: Invite): Promise<void> {
  return mail(inviteMail(input.email, input.userName, invite.link));
}

/**
 * Invites a person: issues the invitation (issueInvite) and mails the link.
 * @example await createInvite(env.DB, mailerFor(env), { email, userName: 'Pat', origin })
 */
export async function createInvite(
  db: D1Database,
  mail: MailSender,
  input: { email: string; userName: string; origin: string },
): Promise<Invite> {
  const invite = await issueInvite(db, input);
  await mailInvite(mail, input, invite);
  return invite;
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
