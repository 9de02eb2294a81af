// Accepting an invitation (docs/partner-area.md, "Password and e-mail flows"): the first password, and the person is signed in.
import { Hono } from 'hono';
import { acceptInvite } from './invite';
import { PASSWORD_CREATED_MESSAGE } from './messages';
import { keyedPasswordSchema } from './schemas';
import type { AppEnv } from '../http/context';
import { sendSessionCookie } from '../http/middleware/session-cookie';
import { readBody } from '../http/request-body';
import { parseInput } from '../http/validate';

export const inviteRoutes = new Hono<AppEnv>().post('/confirm', async (c) => {
  const body = parseInput(keyedPasswordSchema, await readBody(c));
  const session = await acceptInvite(c.env.DB, body);
  sendSessionCookie(c, session.token, session.expiresAt);
  return c.json({ data: { message: PASSWORD_CREATED_MESSAGE } });
});
