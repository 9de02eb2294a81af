// The staff inbox's calls: support staff only; replies mailed and kept; close; the attachment download.
// Where a reply goes, whatever was typed on the form: reply-address.test.ts.
import { describe, expect, it } from 'vitest';
import type { SupportTicket } from '../../../src/lib/api/support';
import { createUser } from '../factories';
import { call, outbox, signIn } from '../http';
import { PNG_BYTES, TICKET, sendTicket, ticketForm, ticketRows } from './ticket-helpers';
import { errorAnswer } from '../error-answer';

async function staffAndPartner() {
  const staff = await createUser({ support: true, userName: 'Sam Support' });
  const partner = await createUser({ userName: 'Pat <b>Partner</b>' });
  return {
    staff: await signIn(staff.email, staff.password!),
    partner: await signIn(partner.email, partner.password!),
    partnerUser: partner,
  };
}

async function inbox(session: string): Promise<SupportTicket[]> {
  const res = await call('/api/support/tickets', { session });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: SupportTicket[] }).data;
}

describe('support inbox', () => {
  it('lists tickets newest first with sender, status and attachment', async () => {
    const { staff, partner, partnerUser } = await staffAndPartner();
    await sendTicket(partner, ticketForm({ ...TICKET, subject: 'First' }));
    await sendTicket(partner, ticketForm({ ...TICKET, subject: 'Second' }, new File([PNG_BYTES], 'shot.png')));
    const rows = await ticketRows();
    const tickets = await inbox(staff);
    // Both tickets may share a second: the newer id comes first then.
    expect(tickets.map((t) => t.subject)).toEqual(['Second', 'First']);
    expect(tickets[0]).toEqual({
      id: rows[1]!.id,
      email: TICKET.email,
      subject: 'Second',
      description: TICKET.description,
      status: 'open',
      created_at: expect.any(Number),
      sender_name: 'Pat <b>Partner</b>',
      sender_account: partnerUser.email,
      attachment: { name: 'shot.png', size: PNG_BYTES.byteLength, type: 'image/png' },
      replies: [],
    });
    expect(tickets[1]!.attachment).toBeNull();
  });

  it('streams the attachment as a download with its stored type', async () => {
    const { staff, partner } = await staffAndPartner();
    await sendTicket(partner, ticketForm(TICKET, new File([PNG_BYTES], 'écran 1.png')));
    const [row] = await ticketRows();
    const res = await call(`/api/support/tickets/${row!.id}/attachment`, { session: staff });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/png');
    expect(res.headers.get('Content-Disposition')).toBe(
      `attachment; filename="_cran 1.png"; filename*=UTF-8''${encodeURIComponent('écran 1.png')}`,
    );
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG_BYTES);
    const none = await sendTicket(partner, ticketForm());
    const { data } = (await none.json()) as { data: { id: number } };
    expect((await call(`/api/support/tickets/${data.id}/attachment`, { session: staff })).status).toBe(404);
  });

  it("mails a reply to the sender's account address, keeps it on the ticket and marks it answered; close closes", async () => {
    const { staff, partner, partnerUser } = await staffAndPartner();
    await sendTicket(partner, ticketForm());
    const [row] = await ticketRows();
    const before = (await outbox()).length;
    const reply = 'We checked it: the statement arrives on the 20th.';
    const res = await call(`/api/support/tickets/${row!.id}/reply`, { session: staff, body: { text: reply } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { id: row!.id, status: 'answered' } });
    const mails = (await outbox()).slice(before);
    expect(mails.map((m) => [m.toAddress, m.subject])).toEqual([[partnerUser.email, `Re: ${TICKET.subject} [ticket #${row!.id}]`]]);
    expect(mails[0]!.bodyText).toContain(reply);
    const [ticket] = await inbox(staff);
    expect(ticket!.status).toBe('answered');
    expect(ticket!.replies).toEqual([{ id: expect.any(Number), body: reply, author_name: 'Sam Support', created_at: expect.any(Number) }]);

    const closed = await call(`/api/support/tickets/${row!.id}/close`, { session: staff, body: {} });
    expect(await closed.json()).toEqual({ data: { id: row!.id, status: 'closed' } });
    expect((await ticketRows())[0]!.status).toBe('closed');
  });

  it('refuses an empty reply and unknown tickets', async () => {
    const { staff } = await staffAndPartner();
    const empty = await call('/api/support/tickets/1/reply', { session: staff, body: { text: '  ' } });
    expect({ status: empty.status, body: await empty.json() }).toEqual({ status: 400, body: errorAnswer('text: Enter the reply.') });
    expect((await call('/api/support/tickets/999/reply', { session: staff, body: { text: 'Hi' } })).status).toBe(404);
    expect((await call('/api/support/tickets/999/close', { session: staff, body: {} })).status).toBe(404);
    const badId = await call('/api/support/tickets/abc/close', { session: staff, body: {} });
    expect(badId.status).toBe(400);
    expect(((await badId.json()) as { error: string }).error).toMatch(/^id: /);
    expect(await outbox()).toEqual([]);
  });

  it('answers 403 to users without the support flag and 401 signed out, changing nothing', async () => {
    const { partner } = await staffAndPartner();
    await sendTicket(partner, ticketForm(TICKET, new File([PNG_BYTES], 'a.png')));
    const [row] = await ticketRows();
    const calls: [string, unknown][] = [
      ['/api/support/tickets', undefined],
      [`/api/support/tickets/${row!.id}/attachment`, undefined],
      [`/api/support/tickets/${row!.id}/reply`, { text: 'Hi' }],
      [`/api/support/tickets/${row!.id}/close`, {}],
    ];
    for (const [path, body] of calls) {
      expect((await call(path, { session: partner, body })).status).toBe(403);
      expect((await call(path, { body })).status).toBe(401);
    }
    expect((await ticketRows())[0]!.status).toBe('open');
    expect((await outbox()).filter((m) => m.toAddress === TICKET.email)).toEqual([]);
  });
});
