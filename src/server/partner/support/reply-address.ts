// Where a staff reply goes: the ticket owner's account address, never whatever was typed on the form.
import { conflict } from '../../http/errors';

export const NO_ACCOUNT_MESSAGE =
  "The sender's account no longer exists, so there is no confirmed address to mail the reply to. Nothing was sent or kept.";

/**
 * The address a reply is mailed to. The form's address is anyone's to type (a signed-in user could
 * have support mail a stranger), so it is only shown to staff; the account's address was confirmed
 * by its owner (invite or e-mail change link), and a typed address counts only when it is that one.
 * 409 when the account is gone.
 * @example await mail(ticketReplyMail(replyAddress(ticket), ticket, text))
 */
export function replyAddress(ticket: { accountEmail: string | null }): string {
  if (!ticket.accountEmail) throw conflict(NO_ACCOUNT_MESSAGE);
  return ticket.accountEmail;
}
