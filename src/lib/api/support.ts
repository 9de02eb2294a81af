// Support tickets and the staff inbox: the answers of /api/create_ticket and /api/support/*.

export type TicketStatus = 'open' | 'answered' | 'closed';

/** POST /api/create_ticket (multipart: email, subject, description, optional file). */
export interface TicketCreatedAnswer {
  id: number;
  message: string;
}

export interface TicketAttachment {
  name: string;
  size: number;
  type: string;
}

export interface TicketReply {
  id: number;
  body: string;
  author_name: string | null;
  created_at: number;
}

/** One ticket as the inbox shows it (GET /api/support/tickets). */
export interface SupportTicket {
  id: number;
  /** The address the sender gave on the form; replies go there. */
  email: string;
  subject: string;
  description: string;
  status: TicketStatus;
  created_at: number;
  /** The account that sent it (null once that account is deleted). */
  sender_name: string | null;
  sender_account: string | null;
  attachment: TicketAttachment | null;
  replies: TicketReply[];
}

/** POST /api/support/tickets/{id}/reply */
export interface ReplyBody {
  text: string;
}

/** The answer of reply and close: the ticket's new status. */
export interface TicketStatusAnswer {
  id: number;
  status: TicketStatus;
}

/** Shown for 15 s after a ticket is sent (spec: "Ticket was created!"). */
export const TICKET_CREATED_MESSAGE = 'Ticket was created!';
