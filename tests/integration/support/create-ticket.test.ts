// POST /api/create_ticket: stored in D1 (and the file in R2), announced to SUPPORT_EMAIL; refusals store nothing.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createUser } from '../factories';
import { call, outbox, signIn } from '../http';
import { PNG_BYTES, TICKET, sendTicket, storedKeys, ticketForm, ticketRows } from './ticket-helpers';
import { errorAnswer } from '../error-answer';

const TEN_MB = 10 * 1024 * 1024;

async function signedIn() {
  const user = await createUser();
  return { user, session: await signIn(user.email, user.password!) };
}

/** Both stores hold nothing: no row, no object, and no charge against the hourly limit. */
async function expectNothingStored() {
  expect(await ticketRows()).toEqual([]);
  expect(await storedKeys()).toEqual([]);
  const hits = await env.DB.prepare("SELECT count(*) AS n FROM rate_limit_hits WHERE scope LIKE 'support:%'").first<{ n: number }>();
  expect(hits?.n).toBe(0);
}

describe('POST /api/create_ticket', () => {
  it('stores a ticket without a file and mails the support address', async () => {
    const { user, session } = await signedIn();
    const res = await sendTicket(session, ticketForm());
    expect(res.status).toBe(201);
    const body = (await res.json()) as { data: { id: number; message: string } };
    expect(body.data.message).toBe('Ticket was created!');
    const [row] = await ticketRows();
    expect(row).toMatchObject({
      id: body.data.id,
      user_id: user.id,
      email: TICKET.email,
      subject: TICKET.subject,
      description: TICKET.description,
      status: 'open',
      attachment_key: null,
    });
    expect(await storedKeys()).toEqual([]);
    const mails = await outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.toAddress).toBe('support@viewdeck.example');
    expect(mails[0]!.subject).toBe(`Support ticket #${body.data.id}: ${TICKET.subject}`);
    expect(mails[0]!.bodyText).toContain(`From: ${TICKET.email}`);
    expect(mails[0]!.bodyText).toContain(TICKET.description);
    expect(mails[0]!.bodyText).toContain('http://localhost/support/inbox');
  });

  it('stores the file in R2 under the key the row names, with its checked type', async () => {
    const { session } = await signedIn();
    const file = new File([PNG_BYTES], 'screen shot.png', { type: 'application/octet-stream' });
    const res = await sendTicket(session, ticketForm(TICKET, file));
    expect(res.status).toBe(201);
    const [row] = await ticketRows();
    expect(row).toMatchObject({ attachment_name: 'screen shot.png', attachment_size: PNG_BYTES.byteLength, attachment_type: 'image/png' });
    expect(await storedKeys()).toEqual([row!.attachment_key]);
    const object = await env.FILES.get(row!.attachment_key!);
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(PNG_BYTES);
    expect(object!.httpMetadata?.contentType).toBe('image/png');
    expect((await outbox())[0]!.bodyText).toContain('Attachment: screen shot.png');
  });

  it('announces tickets to SUPPORT_EMAIL when it is set', async () => {
    const { session } = await signedIn();
    const res = await call('/api/create_ticket', { body: ticketForm(), session, settings: { SUPPORT_EMAIL: 'help@partner-team.example' } });
    expect(res.status).toBe(201);
    expect((await outbox()).map((m) => m.toAddress)).toEqual(['help@partner-team.example']);
  });

  it('refuses an attachment over 10 MB with 413 and stores nothing', async () => {
    const { session } = await signedIn();
    const big = new Uint8Array(TEN_MB + 1);
    big.set(PNG_BYTES);
    const res = await sendTicket(session, ticketForm(TICKET, new File([big], 'big.png')));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(errorAnswer('file: the attachment is larger than 10 MB.'));
    await expectNothingStored();
  });

  it('refuses a body declared over the limit before reading it', async () => {
    const { session } = await signedIn();
    const res = await call('/api/create_ticket', {
      body: 'x',
      session,
      headers: { 'Content-Type': 'multipart/form-data; boundary=b', 'Content-Length': String(TEN_MB + 65 * 1024 + 1) },
    });
    expect(res.status).toBe(413);
    await expectNothingStored();
  });

  it('refuses a .png whose content is text, and an ending it does not take, storing nothing', async () => {
    const { session } = await signedIn();
    const fake = await sendTicket(session, ticketForm(TICKET, new File(['just some text'], 'shot.png', { type: 'image/png' })));
    expect(fake.status).toBe(400);
    expect(await fake.json()).toEqual(errorAnswer('file: the content of the file is not a PNG image, as its name says.'));
    const exe = await sendTicket(session, ticketForm(TICKET, new File([PNG_BYTES], 'tool.exe')));
    expect(exe.status).toBe(400);
    expect(((await exe.json()) as { error: string }).error).toMatch(/^file: attach one of these file types: png, /);
    const binaryText = await sendTicket(session, ticketForm(TICKET, new File([new Uint8Array([65, 0, 66])], 'notes.txt')));
    expect(binaryText.status).toBe(400);
    await expectNothingStored();
    expect(await outbox()).toEqual([]);
  });

  it('names a missing or bad field with 400 and stores nothing', async () => {
    const { session } = await signedIn();
    const cases: [Partial<typeof TICKET>, string][] = [
      [{ ...TICKET, email: 'pat@' }, 'email: Enter a valid e-mail address.'],
      [{ email: TICKET.email, description: TICKET.description }, 'subject: Enter a subject.'],
      [{ ...TICKET, description: '   ' }, 'description: Enter a description.'],
      [{ ...TICKET, subject: 's'.repeat(201) }, 'subject: At most 200 characters.'],
      [{ ...TICKET, description: 'd'.repeat(10_001) }, 'description: At most 10,000 characters.'],
    ];
    for (const [fields, error] of cases) {
      const res = await sendTicket(session, ticketForm(fields));
      expect({ status: res.status, body: await res.json() }).toEqual({ status: 400, body: errorAnswer(error) });
    }
    const json = await call('/api/create_ticket', { body: TICKET, session });
    expect(json.status).toBe(400);
    await expectNothingStored();
  });

  it('answers 401 signed out', async () => {
    const res = await sendTicket(undefined, ticketForm());
    expect(res.status).toBe(401);
    await expectNothingStored();
  });

  it('allows 10 tickets an hour per account, then 429 with Retry-After', async () => {
    const { session } = await signedIn();
    for (let i = 0; i < 10; i += 1) expect((await sendTicket(session, ticketForm())).status).toBe(201);
    const refused = await sendTicket(session, ticketForm());
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: string }).error).toMatch(
      /^You have sent 10 tickets in the last hour\. Please try again in \d+ minutes?\.$/,
    );
    expect(await ticketRows()).toHaveLength(10);
    // Another account has its own count.
    const other = await signedIn();
    expect((await sendTicket(other.session, ticketForm())).status).toBe(201);
  });

  it('takes the file back out of R2 (and the charge back) when the row cannot be written', async () => {
    const { session } = await signedIn();
    await env.DB.exec("CREATE TRIGGER refuse_tickets BEFORE INSERT ON support_tickets BEGIN SELECT RAISE(ABORT, 'refused'); END");
    const res = await sendTicket(session, ticketForm(TICKET, new File([PNG_BYTES], 'a.png')));
    expect(res.status).toBe(500);
    await expectNothingStored();
    expect(await outbox()).toEqual([]);
  });
});
