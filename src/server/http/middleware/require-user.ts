// Guards signed-in API calls: a valid session cookie or 401, with the session slid forward on use.
import { createMiddleware } from 'hono/factory';
import { validateSessionToken } from '../../auth/session';
import type { UserEnv } from '../context';
import { unauthorized } from '../errors';
import { readSessionToken, sendSessionCookie } from './session-cookie';

/**
 * Sets c.var.user and c.var.sessionTokenHash, or throws 401 'Please sign in.'. The variables are
 * typed only in handlers after it, so c.var.user cannot be read on a route without it.
 * @example profileRoutes.get('/get', requireUser, (c) => c.json({ data: c.var.user }))
 */
export const requireUser = createMiddleware<UserEnv>(async (c, next) => {
  const token = readSessionToken(c);
  const session = token ? await validateSessionToken(c.env.DB, token) : null;
  if (!token || !session) throw unauthorized();
  if (session.renewed) sendSessionCookie(c, token, session.expiresAt);
  c.set('user', session.user);
  c.set('sessionTokenHash', session.tokenHash);
  await next();
});
