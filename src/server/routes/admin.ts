// Operator API under /api/admin (bearer ADMIN_TOKEN): invite people, with what they may see.
import { Hono } from 'hono';
import * as z from 'zod';
import { createInvite } from '../auth/invite';
import type { Bindings } from '../env';
import { linkOrigin } from '../mail/link';
import { mailerFor } from '../mail/send';
import { requireAdmin } from '../middleware/require-admin';
import { readBody } from '../request-body';
import { setUserFlags } from '../users/flags';
import { parseInput } from '../validate';

const inviteSchema = z.object({
  email: z.email('Enter a valid e-mail address.').max(254),
  user_name: z.string().trim().min(1, 'Enter the full name.').max(100),
  show_title: z.boolean().default(false),
  only_inhouse_channels: z.boolean().default(false),
  show_analytics: z.boolean().default(false),
});

export const adminRoutes = new Hono<{ Bindings: Bindings }>()
  .use(requireAdmin)
  .post('/users/invite', async (c) => {
    const body = parseInput(inviteSchema, await readBody(c));
    const invite = await createInvite(c.env.DB, mailerFor(c.env), {
      email: body.email,
      userName: body.user_name,
      origin: linkOrigin(c.env, c.req.url),
    });
    await setUserFlags(c.env.DB, invite.userId, {
      showTitle: body.show_title,
      onlyInhouseChannels: body.only_inhouse_channels,
      showAnalytics: body.show_analytics,
    });
    return c.json({ data: { user_id: invite.userId, created: invite.created, expires_at: invite.expiresAt } }, 201);
  });
