// Staff replies go to the ticket owner's account address: the address typed on the form is shown in
// the inbox but never mailed unless it is that account's own.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { SupportTicket } from '../../../src/lib/api/support';
import { NO_ACCOUNT_MESSAGE } from '../../../src/server/partner/support/reply-address';
import { createUser } from '../factories';
import { call, outbox, signIn } from '../http';
import { TICKET, sendTicket, ticketForm, ticketRows } from './ticket-helpers';
import { errorAnswer } from '../error-answer';

const REPLY = 'Your statement for October is on its way.';

async function staffSession(): Promise<string> {
  const staff = await createUser({ support: true, userName: 'Sam Support' });
  return signIn(staff.email, staff.password!);
}

/** A partner sends a ticket giving `typed` as the address; the ticket's id. */
async function ticketFrom(typed: string): Promise<{ id: number; partner: { id: number; email: string } }> {
  const partner = await createUser();
  const session = await signIn(partner.email, partner.password!);
  expect((await sendTicket(session, ticketForm({ ...TICKET, email: typed }))).status).toBe(201);
  const rows = await ticketRows();
  return { id: rows[rows.length - 1]!.id, partner };
}

async function reply(staff: string, id: number): Promise<Response> {
  return call(`/api/support/tickets/${id}/reply`, { session: staff, body: { text: REPLY } });
}

/** Where reply mails went: the outbox's replies, as [to, subject]. */
async function replyMails(): Promise<string[][]> {
  return (await outbox()).filter((m) => m.subject.startsWith('Re: ')).map((m) => [m.toAddress, m.subject]);
}

describe('support reply address', () => {
  it("mails the account's address, not a stranger's address typed on the form, which staff still see", async () => {
    const staff = await staffSession();
    const stranger = 'someone.else@elsewhere.example';
    const { id, partner } = await ticketFrom(stranger);
    expect((await reply(staff, id)).status).toBe(200);
    expect(await replyMails()).toEqual([[partner.email, `Re: ${TICKET.subject} [ticket #${id}]`]]);
    expect((await outbox()).filter((m) => m.toAddress === stranger)).toEqual([]);
    const tickets = ((await (await call('/api/support/tickets', { session: staff })).json()) as { data: SupportTicket[] }).data;
    const shown = tickets.find((t) => t.id === id)!;
    expect({ email: shown.email, account: shown.sender_account }).toEqual({ email: stranger, account: partner.email });
  });

  it('mails the typed address when it is the account address, once, whatever its case', async () => {
    const staff = await staffSession();
    const partner = await createUser({ email: 'pat.partner@example.com' });
    const session = await signIn(partner.email, partner.password!);
    await sendTicket(session, ticketForm({ ...TICKET, email: 'Pat.Partner@Example.com' }));
    const [row] = await ticketRows();
    expect((await reply(staff, row!.id)).status).toBe(200);
    expect(await replyMails()).toEqual([['pat.partner@example.com', `Re: ${TICKET.subject} [ticket #${row!.id}]`]]);
  });

  it('follows the account to its current address when the owner changed it after writing', async () => {
    const staff = await staffSession();
    const { id, partner } = await ticketFrom(TICKET.email);
    await env.DB.prepare('UPDATE users SET email = ? WHERE id = ?').bind('pat.new@example.com', partner.id).run();
    expect((await reply(staff, id)).status).toBe(200);
    expect((await replyMails()).map(([to]) => to)).toEqual(['pat.new@example.com']);
  });

  it('refuses to reply when the account is gone, keeping nothing and mailing no one', async () => {
    const staff = await staffSession();
    const { id, partner } = await ticketFrom(TICKET.email);
    await env.DB.prepare('DELETE FROM users WHERE id = ?').bind(partner.id).run();
    const res = await reply(staff, id);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual(errorAnswer(NO_ACCOUNT_MESSAGE));
    expect(await replyMails()).toEqual([]);
    const kept = await env.DB.prepare('SELECT count(*) AS n FROM support_replies WHERE ticket_id = ?').bind(id).first<{ n: number }>();
    expect(kept?.n).toBe(0);
    expect((await ticketRows()).find((t) => t.id === id)!.status).toBe('open');
  });
});
