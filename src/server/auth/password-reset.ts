// The forgotten-password flow: a 1-hour link by e-mail, then a new password that ends all sessions.
import { badRequest } from '../http/errors';
import { keyLink } from '../mail/link';
import type { MailSender } from '../mail/message';
import { mayMail } from '../mail/mail-limits';
import { passwordResetMail } from '../mail/templates';
import { getActiveUserByEmail, getUserEmail } from '../users/users';
import { nowSeconds } from './expiry';
import { hashNewPassword, replacePassword } from './new-password';
import { INVALID_LINK_MESSAGE, issueOneTimeToken, peekOneTimeToken, redeemOneTimeToken } from './one-time-token';
import { clearAccountFailures } from './throttle';

/** The page the e-mailed link opens. */
export const RESET_CONFIRM_PATH = '/reset-password/confirm';

/**
 * Mails a reset link when an active account has this address and the mail limits allow; does
 * nothing otherwise. The caller answers the same either way. Charged before the account lookup,
 * so the counters move the same for addresses with and without an account.
 */
export async function requestPasswordReset(
  db: D1Database,
  mail: MailSender,
  input: { email: string; origin: string; ip: string },
): Promise<void> {
  if (!(await mayMail(db, { to: input.email, ip: input.ip }, nowSeconds()))) return;
  const user = await getActiveUserByEmail(db, input.email);
  if (!user) return;
  const { token } = await issueOneTimeToken(db, { kind: 'password_reset', userId: user.id });
  await mail(passwordResetMail(user.email, keyLink(input.origin, RESET_CONFIRM_PATH, token)));
}

/**
 * Sets the password chosen on the reset page, uses the key up and signs every device out. Also
 * lifts a sign-in lockout of the account: the person has just proved they own its mailbox.
 */
export async function confirmPasswordReset(db: D1Database, input: { key: string; password1: string; password2: string }): Promise<void> {
  // Check the key before the password, so nobody fixes a password for a link that is dead anyway.
  if (!(await peekOneTimeToken(db, 'password_reset', input.key))) throw badRequest(INVALID_LINK_MESSAGE);
  const hash = await hashNewPassword(input.password1, input.password2);
  const redeemed = await redeemOneTimeToken(db, 'password_reset', input.key);
  if (!redeemed) throw badRequest(INVALID_LINK_MESSAGE);
  await replacePassword(db, redeemed.userId, hash);
  const email = await getUserEmail(db, redeemed.userId);
  if (email) await clearAccountFailures(db, email);
}
