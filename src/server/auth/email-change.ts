// Changing the sign-in address: the new one is pending (new_email) until its 24-hour link is used.
import { badRequest, conflict } from '../http/errors';
import { keyLink } from '../mail/link';
import type { MailSender } from '../mail/message';
import { mayMail } from '../mail/mail-limits';
import { emailConfirmMail, emailTakenMail } from '../mail/templates';
import { confirmNewEmail, isEmailTaken, setNewEmailStatement } from '../users/users';
import { nowSeconds } from './expiry';
import { INVALID_LINK_MESSAGE, peekOneTimeToken, prepareOneTimeToken, redeemOneTimeToken } from './one-time-token';

/** The page the confirmation link opens. */
export const EMAIL_CONFIRM_PATH = '/email/confirm';
export const EMAIL_TAKEN_MESSAGE = 'This e-mail address is already used by another account.';
export const EMAIL_UNCHANGED_MESSAGE = 'email: This is already your e-mail address.';

/**
 * Records the new address as pending and mails a confirmation link to it (not to the old one: the
 * point is to prove the person reads the new mailbox). The answer never says whether the address
 * belongs to another account or whether the mail limit held the mail back: an address already in
 * use gets a note to its owner instead of a link, and the pending address looks the same.
 */
export async function requestEmailChange(
  db: D1Database,
  mail: MailSender,
  input: { userId: number; currentEmail: string; email: string; origin: string; ip: string },
): Promise<void> {
  if (input.email.toLowerCase() === input.currentEmail.toLowerCase()) throw badRequest(EMAIL_UNCHANGED_MESSAGE);
  const pending = setNewEmailStatement(db, input.userId, input.email);
  const allowed = await mayMail(db, { to: input.email, ip: input.ip }, nowSeconds());
  if (await isEmailTaken(db, input.email, input.userId)) {
    if (allowed) await mail(emailTakenMail(input.email));
    await pending.run();
    return;
  }
  if (!allowed) {
    await pending.run();
    return;
  }
  const prepared = await prepareOneTimeToken(db, { kind: 'email_confirm', userId: input.userId, email: input.email });
  // Mail first: if it cannot be sent, nothing is stored and the profile shows no pending address.
  await mail(emailConfirmMail(input.email, keyLink(input.origin, EMAIL_CONFIRM_PATH, prepared.token)));
  await db.batch([...prepared.writes, pending]);
}

/** D1 reports a broken UNIQUE constraint in the message text only. */
function isUniqueViolation(err: unknown): boolean {
  return err instanceof Error && /UNIQUE constraint failed/i.test(err.message);
}

/**
 * Makes the pending address the sign-in address. The key is the authority, so this works signed
 * in or signed out.
 * @example const email = await confirmEmailChange(db, key)
 */
export async function confirmEmailChange(db: D1Database, key: string): Promise<string> {
  const pending = await peekOneTimeToken(db, 'email_confirm', key);
  if (!pending?.email) throw badRequest(INVALID_LINK_MESSAGE);
  // Refuse before using the key up: if the other account lets the address go, the link still works.
  if (await isEmailTaken(db, pending.email, pending.userId)) throw conflict(EMAIL_TAKEN_MESSAGE);
  const redeemed = await redeemOneTimeToken(db, 'email_confirm', key);
  if (!redeemed?.email) throw badRequest(INVALID_LINK_MESSAGE);
  try {
    await confirmNewEmail(db, redeemed.userId, redeemed.email);
  } catch (err) {
    // Another account took the address between the check and the write.
    if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN_MESSAGE);
    throw err;
  }
  return redeemed.email;
}
