// Sign-in calls: status, login, the e-mailed sign-in link, logout (docs/partner-area.md, "Sign-in").
import { type Context, Hono } from 'hono';
import { nowSeconds } from '../auth/expiry';
import { openSession, signIn } from '../auth/login';
import { keySchema, loginSchema } from '../auth/schemas';
import { type NewSession, endSessionByToken, validateSessionToken } from '../auth/session';
import { SIGN_IN_BY_LINK_MESSAGE, linkBrowserToken, redeemSignInLink, sendSignInLink } from '../auth/sign-in-link';
import type { AppEnv } from '../context';
import { HttpError } from '../errors';
import { linkOrigin } from '../mail/link';
import { mailerFor } from '../mail/send';
import { afterResponse } from '../middleware/background';
import { clientIp } from '../middleware/client-ip';
import { readDeviceToken, sendDeviceCookie } from '../middleware/device-cookie';
import { linkCookie, readLinkToken, sendClearedLinkCookie } from '../middleware/link-cookie';
import { readSessionToken, sendClearedSessionCookie, sendSessionCookie } from '../middleware/session-cookie';
import { readBody } from '../request-body';
import { parseInput } from '../validate';

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
