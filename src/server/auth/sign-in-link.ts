// Sign-in links: while guessers have used up an account's allowance for new browsers, the right
// password from a new browser mails the owner a single-use link that works only in that browser.
import { badRequest } from '../http/errors';
import { keyLink } from '../mail/link';
import type { MailSender } from '../mail/message';
import { signInLinkMail } from '../mail/templates';
import { getUserEmail } from '../users/users';
import { SECONDS_PER_MINUTE } from '../../lib/dates/time';
import { INVALID_LINK_MESSAGE, issueOneTimeToken, peekOneTimeToken, redeemOneTimeToken } from './one-time-token';
import { reserve } from './rate-window';
import { hashToken, isTokenShaped, newToken } from './token';

/** The page the e-mailed link opens. */
export const SIGN_IN_LINK_PATH = '/sign-in-link';
/** The browser a link is bound to carries this random cookie; D1 keeps its SHA-256 on the link. */
export const LINK_COOKIE = 'vd_link';
/** Links mailed to one account per window: enough for a person who asks again, too few to flood a mailbox. */
export const SIGN_IN_LINKS_PER_ACCOUNT = 3;
export const SIGN_IN_LINK_WINDOW_SECONDS = 15 * SECONDS_PER_MINUTE;

/** The answer to every new browser's attempt while the account is under attack, right password or not. */
export const SIGN_IN_BY_LINK_MESSAGE =
  'Many wrong passwords have been tried on this account, so a new browser signs in with an e-mailed link. ' +
  "If the password is right, we have sent a sign-in link to the account's address: open it in this browser within 15 minutes.";
export const OTHER_BROWSER_MESSAGE =
  'This sign-in link works only in the browser where it was asked for. Open it there, or sign in again in this browser for a new link.';

/** The token to bind a link to: the browser's own when it already has one, so its earlier links keep working. */
export function linkBrowserToken(current: string | null): string {
  return current && isTokenShaped(current) ? current : newToken();
}

/**
 * Mails the owner a link bound to browserToken, unless the account's link allowance is used up
 * (then nothing happens: the answer never depended on it). Only ever called after the right password.
 * @example await sendSignInLink(db, mail, { userId, browserToken, origin, now })
 */
export async function sendSignInLink(
  db: D1Database,
  mail: MailSender,
  input: { userId: number; browserToken: string; origin: string; now: number },
): Promise<void> {
  const email = await getUserEmail(db, input.userId);
  if (!email) return;
  const limit = { scope: `signin:link:${input.userId}`, limit: SIGN_IN_LINKS_PER_ACCOUNT, windowSeconds: SIGN_IN_LINK_WINDOW_SECONDS };
  if (!(await reserve(db, [limit], input.now)).ok) return;
  const browserHash = await hashToken(input.browserToken);
  const { token } = await issueOneTimeToken(db, { kind: 'sign_in_link', userId: input.userId, browserHash });
  await mail(signInLinkMail(email, keyLink(input.origin, SIGN_IN_LINK_PATH, token)));
}

/**
 * Uses a sign-in link up in the browser that asked for it and returns its account's id; 400 when it
 * is unknown, used or expired, and when another browser opens it (which leaves it unused).
 * @example const userId = await redeemSignInLink(db, body.key, readLinkToken(c))
 */
export async function redeemSignInLink(db: D1Database, key: string, browserToken: string | null): Promise<number> {
  if (browserToken && isTokenShaped(browserToken)) {
    const redeemed = await redeemOneTimeToken(db, 'sign_in_link', key, await hashToken(browserToken));
    if (redeemed) return redeemed.userId;
  }
  if (await peekOneTimeToken(db, 'sign_in_link', key)) throw badRequest(OTHER_BROWSER_MESSAGE);
  throw badRequest(INVALID_LINK_MESSAGE);
}
