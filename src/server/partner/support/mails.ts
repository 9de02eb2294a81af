// The support e-mails: a new ticket to the support address, a staff reply to the ticket's sender's account.
// They are plain text (the mail module sends only text), so user text needs no HTML escaping; line
// breaks are taken out of subjects, which must stay one line.
import type { MailMessage } from '../../mail/message';

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Tells support a ticket arrived; the inbox holds the ticket and its attachment. */
export function newTicketMail(
  to: string,
  ticket: { id: number; email: string; subject: string; description: string; attachmentName: string | null },
  inboxLink: string,
): MailMessage {
  return {
    to,
    subject: `Support ticket #${ticket.id}: ${oneLine(ticket.subject)}`,
    text: [
      `From: ${ticket.email}`,
      `Attachment: ${ticket.attachmentName ?? 'none'}`,
      '',
      ticket.description,
      '',
      `Answer it in the support inbox:\n${inboxLink}`,
    ].join('\n'),
  };
}

/** A staff member's answer to a ticket, sent to the sender's account address (replyAddress). */
export function ticketReplyMail(to: string, ticket: { id: number; subject: string }, body: string): MailMessage {
  return {
    to,
    subject: `Re: ${oneLine(ticket.subject)} [ticket #${ticket.id}]`,
    text: [body, '', '—', 'Viewdeck support. To follow up, send a new ticket from the Support page.'].join('\n'),
  };
}
