// Support (docs/partner-area.md, "Support"): the ticket form's call, and the staff inbox's calls.
import { Hono } from 'hono';
import * as z from 'zod';
import { TICKET_CREATED_MESSAGE } from '../../../lib/api/support';
import { nowSeconds } from '../../auth/expiry';
import type { UserEnv } from '../../http/context';
import { getSettings } from '../../env';
import { notFound } from '../../http/errors';
import { linkOrigin } from '../../mail/link';
import { mailerFor } from '../../mail/send';
import { afterResponse } from '../../http/middleware/background';
import { requireSupport } from '../../http/middleware/require-support';
import { requireUser } from '../../http/middleware/require-user';
import { readBody } from '../../http/request-body';
import { attachmentResponse } from './attachment-response';
import { createTicket } from './create-ticket';
import { INBOX_TICKET_LIMIT, REPLY_MAX_LENGTH } from './limits';
import { newTicketMail, ticketReplyMail } from './mails';
import { replyAddress } from './reply-address';
import { readTicketForm } from './ticket-form';
import { closeTicket, getAttachment, getTicketHead, listTickets, saveReply } from './tickets';
import { parseInput } from '../../http/validate';

export const INBOX_PATH = '/support/inbox';

const ticketIdSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const replySchema = z.object({
  text: z
    .string('Enter the reply.')
    .trim()
    .min(1, 'Enter the reply.')
    .max(REPLY_MAX_LENGTH, `At most ${REPLY_MAX_LENGTH.toLocaleString('en-US')} characters.`),
});

/** POST /api/create_ticket: any signed-in user. */
export const ticketRoutes = new Hono<UserEnv>().post('/', requireUser, async (c) => {
  const form = await readTicketForm(c.req.raw);
  const id = await createTicket({ db: c.env.DB, files: c.env.FILES }, c.var.user, form, nowSeconds());
  // The ticket is in the inbox whatever happens to the notice, so it is sent after the answer.
  const notice = newTicketMail(
    getSettings(c.env).SUPPORT_EMAIL,
    { id, ...form, attachmentName: form.attachment?.name ?? null },
    `${linkOrigin(c.env, c.req.url)}${INBOX_PATH}`,
  );
  await afterResponse(c, 'support ticket notice', () => mailerFor(c.env)(notice));
  return c.json({ data: { id, message: TICKET_CREATED_MESSAGE } }, 201);
});

/** /api/support/*: the inbox, for staff with the support flag. */
export const supportRoutes = new Hono<UserEnv>()
  .use(requireUser, requireSupport)
  .get('/tickets', async (c) => c.json({ data: await listTickets(c.env.DB, INBOX_TICKET_LIMIT) }))
  .get('/tickets/:id/attachment', async (c) => {
    const { id } = parseInput(ticketIdSchema, c.req.param());
    const stored = await getAttachment(c.env.DB, id);
    const object = stored ? await c.env.FILES.get(stored.key) : null;
    if (!stored || !object) throw notFound('This ticket has no attachment.');
    return attachmentResponse(stored, object.body);
  })
  .post('/tickets/:id/reply', async (c) => {
    const { id } = parseInput(ticketIdSchema, c.req.param());
    const { text } = parseInput(replySchema, await readBody(c));
    const ticket = await getTicketHead(c.env.DB, id);
    if (!ticket) throw notFound('No such ticket.');
    // Mailed first: a reply is kept on the ticket only once it has gone out.
    await mailerFor(c.env)(ticketReplyMail(replyAddress(ticket), ticket, text));
    await saveReply(c.env.DB, { ticketId: id, authorId: c.var.user.id, body: text, createdAt: nowSeconds() });
    return c.json({ data: { id, status: 'answered' as const } });
  })
  .post('/tickets/:id/close', async (c) => {
    const { id } = parseInput(ticketIdSchema, c.req.param());
    if (!(await closeTicket(c.env.DB, id))) throw notFound('No such ticket.');
    return c.json({ data: { id, status: 'closed' as const } });
  });
