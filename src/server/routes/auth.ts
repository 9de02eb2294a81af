// Sign-in calls: status, login, logout (docs/partner-area.md, "Sign-in").
import { Hono } from 'hono';
import { signIn } from '../auth/login';
import { loginSchema } from '../auth/schemas';
import { endSessionByToken, validateSessionToken } from '../auth/session';
import type { AppEnv } from '../context';
import { clientIp } from '../middleware/client-ip';
import { readDeviceToken, sendDeviceCookie } from '../middleware/device-cookie';
import { readSessionToken, sendClearedSessionCookie, sendSessionCookie } from '../middleware/session-cookie';
import { readBody } from '../request-body';
import { parseInput } from '../validate';

export const authRoutes = new Hono<AppEnv>()
  .get('/status', async (c) => {
    const token = readSessionToken(c);
    const session = token ? await validateSessionToken(c.env.DB, token) : null;
    if (!token || !session) {
      if (token) sendClearedSessionCookie(c);
      return c.json({ data: { isauth: false, new_email: null } });
    }
    if (session.renewed) sendSessionCookie(c, token, session.expiresAt);
    return c.json({ data: { isauth: true, new_email: session.user.newEmail } });
  })
  .post('/login', async (c) => {
    const body = parseInput(loginSchema, await readBody(c));
    const attempt = { ...body, ip: clientIp(c), deviceToken: readDeviceToken(c) };
    const { session, newEmail, deviceToken } = await signIn(c.env.DB, attempt);
    // A new session at every sign-in: whatever session this browser had before is ended.
    const previous = readSessionToken(c);
    if (previous) await endSessionByToken(c.env.DB, previous);
    sendSessionCookie(c, session.token, session.expiresAt);
    sendDeviceCookie(c, deviceToken);
    return c.json({ data: { isauth: true, new_email: newEmail } });
  })
  .post('/logout', async (c) => {
    const token = readSessionToken(c);
    if (token) await endSessionByToken(c.env.DB, token);
    sendClearedSessionCookie(c);
    return c.json({ data: { isauth: false, new_email: null } });
  });
