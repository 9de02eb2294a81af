// How many account mails (reset links, address confirmations) one address and one IP may cause.
import { reserve } from '../auth/rate-window';
import { SECONDS_PER_HOUR } from '../../lib/dates/time';

export const MAIL_WINDOW_SECONDS = SECONDS_PER_HOUR;
/** Enough for a person who asks again because the first mail was slow; too few to flood a mailbox. */
export const MAILS_PER_ADDRESS = 3;
/** One client asking for mails to many addresses (a mail bomb spread thin). */
export const MAILS_PER_IP = 20;

/**
 * Charges one mail to its recipient and to the requesting IP, in D1; false when either is used up.
 * Callers answer the same either way, so the limit tells nobody whether an address has an account.
 * @example if (await mayMail(db, { to, ip }, nowSeconds())) await mail(message)
 */
export async function mayMail(db: D1Database, input: { to: string; ip: string }, now: number): Promise<boolean> {
  const window = { windowSeconds: MAIL_WINDOW_SECONDS };
  const reservation = await reserve(
    db,
    [
      { scope: `mail:address:${input.to.trim().toLowerCase()}`, limit: MAILS_PER_ADDRESS, ...window },
      { scope: `mail:ip:${input.ip}`, limit: MAILS_PER_IP, ...window },
    ],
    now,
  );
  return reservation.ok;
}
