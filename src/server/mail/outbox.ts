// The local mail transport: messages land in the mail_outbox table, shown at /dev/outbox.
import { all, run } from '../db/query';
import { raw } from '../db/sql';
import { nowSeconds } from '../auth/expiry';
import type { MailMessage } from './message';

export interface OutboxMail {
  id: number;
  toAddress: string;
  subject: string;
  bodyText: string;
  createdAt: number;
}

const DEFAULT_OUTBOX_LIMIT = 50;

/** Stores a message instead of sending it. */
export async function addToOutbox(db: D1Database, message: MailMessage): Promise<void> {
  await run(
    db,
    raw(
      'INSERT INTO mail_outbox (to_address, subject, body_text, created_at) VALUES (?, ?, ?, ?)',
      message.to,
      message.subject,
      message.text,
      nowSeconds(),
    ),
  );
}

/**
 * The newest messages first.
 * @example const [latest] = await listOutbox(env.DB, 1)
 */
export function listOutbox(db: D1Database, limit = DEFAULT_OUTBOX_LIMIT): Promise<OutboxMail[]> {
  return all<OutboxMail>(db, raw('SELECT id, to_address, subject, body_text, created_at FROM mail_outbox ORDER BY id DESC LIMIT ?', limit));
}
