// SQL for support tickets and their replies (migrations 0005 and 0021).
import type { SupportTicket, TicketStatus } from '../../../lib/api/support';
import { all, first, run, statement } from '../../db/query';
import { raw } from '../../db/sql';

export interface StoredAttachment {
  key: string;
  name: string;
  size: number;
  type: string;
}

export interface NewTicket {
  userId: number;
  email: string;
  subject: string;
  description: string;
  attachment: StoredAttachment | null;
  createdAt: number;
}

/**
 * Stores a ticket and returns its id.
 * @example const id = await insertTicket(db, { userId, email, subject, description, attachment: null, createdAt: now })
 */
export async function insertTicket(db: D1Database, ticket: NewTicket): Promise<number> {
  const a = ticket.attachment;
  const row = await first<{ id: number }>(
    db,
    raw(
      `INSERT INTO support_tickets (user_id, email, subject, description, attachment_key, attachment_name,
                                    attachment_size, attachment_type, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
      ticket.userId,
      ticket.email,
      ticket.subject,
      ticket.description,
      a?.key ?? null,
      a?.name ?? null,
      a?.size ?? null,
      a?.type ?? null,
      ticket.createdAt,
    ),
  );
  if (!row) throw new Error('ticket insert returned no id');
  return row.id;
}

interface TicketRow {
  id: number;
  email: string;
  subject: string;
  description: string;
  status: TicketStatus;
  createdAt: number;
  senderName: string | null;
  senderAccount: string | null;
  attachmentName: string | null;
  attachmentSize: number | null;
  attachmentType: string | null;
}

interface ReplyRow {
  id: number;
  ticketId: number;
  body: string;
  authorName: string | null;
  createdAt: number;
}

/**
 * The newest tickets first, each with its replies oldest first.
 * @example const tickets = await listTickets(db, INBOX_TICKET_LIMIT)
 */
export async function listTickets(db: D1Database, limit: number): Promise<SupportTicket[]> {
  const tickets = await all<TicketRow>(
    db,
    raw(
      `SELECT t.id, t.email, t.subject, t.description, t.status, t.created_at, u.user_name AS sender_name,
              u.email AS sender_account, t.attachment_name, t.attachment_size, t.attachment_type
         FROM support_tickets t LEFT JOIN users u ON u.id = t.user_id
        ORDER BY t.created_at DESC, t.id DESC LIMIT ?`,
      limit,
    ),
  );
  const replies = await all<ReplyRow>(
    db,
    raw(
      `SELECT r.id, r.ticket_id, r.body, u.user_name AS author_name, r.created_at
         FROM support_replies r LEFT JOIN users u ON u.id = r.author_id
        WHERE r.ticket_id IN (SELECT value FROM json_each(?))
        ORDER BY r.created_at, r.id`,
      JSON.stringify(tickets.map((t) => t.id)),
    ),
  );
  return tickets.map((t) => ({
    id: t.id,
    email: t.email,
    subject: t.subject,
    description: t.description,
    status: t.status,
    created_at: t.createdAt,
    sender_name: t.senderName,
    sender_account: t.senderAccount,
    attachment: t.attachmentName === null ? null : { name: t.attachmentName, size: t.attachmentSize ?? 0, type: t.attachmentType ?? '' },
    replies: replies
      .filter((r) => r.ticketId === t.id)
      .map((r) => ({ id: r.id, body: r.body, author_name: r.authorName, created_at: r.createdAt })),
  }));
}

/**
 * What a reply needs of its ticket, or null when there is no such ticket: accountEmail is the
 * sender's account's address today (null once the account is deleted), email the one typed on the form.
 */
export function getTicketHead(
  db: D1Database,
  id: number,
): Promise<{ id: number; email: string; accountEmail: string | null; subject: string; status: TicketStatus } | null> {
  return first(
    db,
    raw(
      `SELECT t.id, t.email, u.email AS account_email, t.subject, t.status
         FROM support_tickets t LEFT JOIN users u ON u.id = t.user_id WHERE t.id = ?`,
      id,
    ),
  );
}

/** The stored attachment of a ticket, or null (no ticket, or none attached). */
export function getAttachment(db: D1Database, id: number): Promise<StoredAttachment | null> {
  return first<StoredAttachment>(
    db,
    raw(
      `SELECT attachment_key AS key, attachment_name AS name, attachment_size AS size, attachment_type AS type
         FROM support_tickets WHERE id = ? AND attachment_key IS NOT NULL`,
      id,
    ),
  );
}

/**
 * Keeps a reply on its ticket and marks the ticket answered, together.
 * @example await saveReply(db, { ticketId, authorId: staff.id, body, createdAt: now })
 */
export async function saveReply(
  db: D1Database,
  reply: { ticketId: number; authorId: number; body: string; createdAt: number },
): Promise<void> {
  await db.batch([
    statement(
      db,
      raw(
        'INSERT INTO support_replies (ticket_id, author_id, body, created_at) VALUES (?, ?, ?, ?)',
        reply.ticketId,
        reply.authorId,
        reply.body,
        reply.createdAt,
      ),
    ),
    // A reply to a closed ticket opens the conversation again, as answered.
    statement(db, raw("UPDATE support_tickets SET status = 'answered' WHERE id = ?", reply.ticketId)),
  ]);
}

/** Closes a ticket; false when there is no such ticket. */
export async function closeTicket(db: D1Database, id: number): Promise<boolean> {
  return (await run(db, raw("UPDATE support_tickets SET status = 'closed' WHERE id = ?", id))) === 1;
}
