// Sign-in calls: status, login, the e-mailed sign-in link, logout (docs/partner-area.md, "Sign-in").
import { type Context, Hono } from 'hono';
import { nowSeconds } from './expiry';
import { openSession, signIn } from './login';
import { keySchema, loginSchema } from './schemas';
import { type NewSession, endSessionByToken, validateSessionToken } from './session';
import { SIGN_IN_BY_LINK_MESSAGE, linkBrowserToken, redeemSignInLink, sendSignInLink } from './sign-in-link';
import type { AppEnv } from '../http/context';
import { HttpError } from '../http/errors';
import { linkOrigin } from '../mail/link';
import { mailerFor } from '../mail/send';
import { afterResponse } from '../http/middleware/background';
import { clientIp } from '../http/middleware/client-ip';
import { readDeviceToken, sendDeviceCookie } from '../http/middleware/device-cookie';
import { linkCookie, readLinkToken, sendClearedLinkCookie } from '../http/middleware/link-cookie';
import { readSessionToken, sendClearedSessionCookie, sendSessionCookie } from '../http/middleware/session-cookie';
import { readBody } from '../http/request-body';
import { parseInput } from '../http/validate';

/**
 * Hands a new session to the browser: whatever session it had before is ended, and the device
 * cookie keeps it known for the account.
 */
async function startSession(c: Context<AppEnv>, opened: { session: NewSession; deviceToken: string }): Promise<void> {
  const previous = readSessionToken(c);
  if (previous) await endSessionByToken(c.env.DB, previous);
  sendSessionCookie(c, opened.session.token, opened.session.expiresAt);
  sendDeviceCookie(c, opened.deviceToken);
}

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
    const outcome = await signIn(c.env.DB, attempt);
    if (outcome.kind === 'link') {
      // Right password or wrong, the same answer and cookie; the mail goes out after the answer, so
      // not even its timing tells a guesser which it was.
      const browserToken = linkBrowserToken(readLinkToken(c));
      const ownerId = outcome.ownerId;
      if (ownerId !== null) {
        const send = () =>
          sendSignInLink(c.env.DB, mailerFor(c.env), {
            userId: ownerId,
            browserToken,
            origin: linkOrigin(c.env, c.req.url),
            now: nowSeconds(),
          });
        await afterResponse(c, 'sign-in link mail', send);
      }
      throw new HttpError(429, SIGN_IN_BY_LINK_MESSAGE, {
        'Retry-After': String(outcome.retryAfterSeconds),
        'Set-Cookie': linkCookie(c, browserToken),
      });
    }
    await startSession(c, outcome);
    return c.json({ data: { isauth: true, new_email: outcome.newEmail } });
  })
  .post('/sign-in-link', async (c) => {
    const { key } = parseInput(keySchema, await readBody(c));
    const userId = await redeemSignInLink(c.env.DB, key, readLinkToken(c));
    const opened = await openSession(c.env.DB, { userId, deviceHash: null, deviceToken: null });
    await startSession(c, opened);
    sendClearedLinkCookie(c);
    return c.json({ data: { isauth: true, new_email: null } });
  })
  .post('/logout', async (c) => {
    const token = readSessionToken(c);
    if (token) await endSessionByToken(c.env.DB, token);
    sendClearedSessionCookie(c);
    return c.json({ data: { isauth: false, new_email: null } });
  });
