// Accepting an invitation (docs/partner-area.md, "Password and e-mail flows"): the first password, and the person is signed in.
import { Hono } from 'hono';
import { acceptInvite } from '../auth/invite';
import { PASSWORD_CREATED_MESSAGE } from '../auth/messages';
import { keyedPasswordSchema } from '../auth/schemas';
import type { AppEnv } from '../context';
import { sendSessionCookie } from '../middleware/session-cookie';
import { readBody } from '../request-body';
import { parseInput } from '../validate';

export const inviteRoutes = new Hono<AppEnv>().post('/confirm', async (c) => {
  const body = parseInput(keyedPasswordSchema, await readBody(c));
  const session = await acceptInvite(c.env.DB, body);
  sendSessionCookie(c, session.token, session.expiresAt);
  return c.json({ data: { message: PASSWORD_CREATED_MESSAGE } });
});
