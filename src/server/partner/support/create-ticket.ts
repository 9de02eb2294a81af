// Stores a checked ticket: counted against the sender's hourly limit, the file in R2, the row in D1.
import type { SessionUser } from '../../auth/session-user';
import { refundStatement, reserve } from '../../auth/rate-window';
import { tooManyRequests } from '../../http/errors';
import { SECONDS_PER_MINUTE } from '../../../lib/dates/time';
import { TICKET_WINDOW_SECONDS, TICKETS_PER_HOUR } from './limits';
import type { TicketForm } from './ticket-form';
import { insertTicket, type StoredAttachment } from './tickets';
import { log } from '../../log/log';

export interface TicketStores {
  db: D1Database;
  files: R2Bucket;
}

/** The rate-limit counter of one account's tickets. */
export const ticketScope = (userId: number) => `support:user:${userId}`;

/** The R2 key of an attachment: random, so a key says nothing about the ticket or its sender. */
const attachmentKey = () => `support/${crypto.randomUUID()}`;

/**
 * Charges the ticket to the sender's hourly limit (429 when used up), then stores it. The file goes
 * to R2 first and the row that names it to D1 second: a row never points at a missing object, and
 * when the insert fails the object (and the charge) is taken back before the error goes on.
 * @example const id = await createTicket({ db: env.DB, files: env.FILES }, user, form, nowSeconds())
 */
export async function createTicket(stores: TicketStores, user: SessionUser, form: TicketForm, now: number): Promise<number> {
  const limit = { scope: ticketScope(user.id), limit: TICKETS_PER_HOUR, windowSeconds: TICKET_WINDOW_SECONDS };
  const reservation = await reserve(stores.db, [limit], now);
  if (!reservation.ok) {
    const minutes = Math.ceil(reservation.retryAfterSeconds / SECONDS_PER_MINUTE);
    throw tooManyRequests(
      `You have sent ${TICKETS_PER_HOUR} tickets in the last hour. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      reservation.retryAfterSeconds,
    );
  }
  let stored: StoredAttachment | null = null;
  try {
    if (form.attachment) {
      stored = { key: attachmentKey(), name: form.attachment.name, size: form.attachment.bytes.byteLength, type: form.attachment.type };
      await stores.files.put(stored.key, form.attachment.bytes, { httpMetadata: { contentType: stored.type } });
    }
    return await insertTicket(stores.db, { userId: user.id, ...form, attachment: stored, createdAt: now });
  } catch (error) {
    await takeBack(stores, stored?.key ?? null, reservation.hitId);
    throw error;
  }
}

/** Undoes a ticket that could not be stored whole; a failure here is logged, the first error wins. */
async function takeBack(stores: TicketStores, key: string | null, hitId: string): Promise<void> {
  const undo = [stores.db.batch([refundStatement(stores.db, hitId)]), ...(key ? [stores.files.delete(key)] : [])];
  for (const result of await Promise.allSettled(undo)) {
    if (result.status === 'rejected') log.error('support.cleanup_failed', result.reason, { message: 'support ticket clean-up failed' });
  }
}
