// Profile calls (docs/partner-area.md, "Profile and managers", "Password and e-mail flows"): the user's own fields, managers, property list, password and e-mail flows.
import { type Context, Hono } from 'hono';
import { EMAIL_UNCHANGED_MESSAGE, confirmEmailChange, requestEmailChange } from '../../auth/email-change';
import { EMAIL_CONFIRMED_MESSAGE, LINK_SENT_MESSAGE, PASSWORD_CHANGED_MESSAGE, PASSWORD_CONFIRMED_MESSAGE } from '../../auth/messages';
import { confirmCurrentPassword } from '../../auth/login';
import { assertNewPassword, hashNewPassword, replacePasswordAndSignIn } from '../../auth/new-password';
import { confirmPasswordReset, requestPasswordReset } from '../../auth/password-reset';
import { changeEmailSchema, changePasswordSchema, emailSchema, keySchema, keyedPasswordSchema } from '../../auth/schemas';
import type { AppEnv, UserEnv } from '../../http/context';
import { badRequest, notFound } from '../../http/errors';
import { linkOrigin } from '../../mail/link';
import { mailerFor } from '../../mail/send';
import { afterResponse } from '../../http/middleware/background';
import { clientIp } from '../../http/middleware/client-ip';
import { readDeviceToken } from '../../http/middleware/device-cookie';
import { requireUser } from '../../http/middleware/require-user';
import { sendSessionCookie } from '../../http/middleware/session-cookie';
import { readBody } from '../../http/request-body';
import { listUserChannels, listUserTitles } from '../../stats/catalog';
import { scopeFor } from '../../stats/filters';
import { checkDateBounds } from '../../stats/schema';
import { profileVideosSchema } from './property-schema';
import { listProfileVideos } from './property-videos';
import { todayUtc } from '../../../lib/dates/time';
import { getProfile, listManagers, toProfileAnswer, updateProfile } from '../../users/profile';
import { profileUpdateSchema } from '../../users/profile-schema';
import { parseInput } from '../../http/validate';

type ProfileContext = Context<UserEnv>;

/** The signed-in user's current password as a throttled attempt from this browser. */
function currentPasswordAttempt(c: ProfileContext, password: string) {
  return { login: c.var.user.email, password, ip: clientIp(c), deviceToken: readDeviceToken(c) };
}

export const profileRoutes = new Hono<AppEnv>()
  .get('/get', requireUser, (c) => c.json({ data: toProfileAnswer(c.var.user) }))
  .post('/update', requireUser, async (c) => {
    const body = parseInput(profileUpdateSchema, await readBody(c));
    await updateProfile(c.env.DB, c.var.user.id, { userName: body.user_name, phone: body.phone });
    const profile = await getProfile(c.env.DB, c.var.user.id);
    if (!profile) throw notFound('This account no longer exists.');
    return c.json({ data: profile });
  })
  .get('/users', requireUser, async (c) => c.json({ data: await listManagers(c.env.DB, c.var.user.id) }))
  .get('/titles', requireUser, async (c) => {
    const user = c.var.user;
    return c.json({ data: user.showTitle ? await listUserTitles(c.env.DB, scopeFor(user, {})) : [] });
  })
  .post('/videos', requireUser, async (c) => {
    const body = parseInput(profileVideosSchema, await readBody(c));
    checkDateBounds(body, todayUtc());
    const user = c.var.user;
    const scope = scopeFor(user, { channels: body.channels, titles: body.titles });
    return c.json({ data: await listProfileVideos(c.env.DB, scope, body, user.showTitle) });
  })
  .get('/channels', requireUser, async (c) => c.json({ data: await listUserChannels(c.env.DB, scopeFor(c.var.user, {})) }))
  .post('/change_password', requireUser, async (c) => {
    const body = parseInput(changePasswordSchema, await readBody(c));
    // The rule first: a new password that cannot be used costs no attempt.
    assertNewPassword(body.password1, body.password2);
    await confirmCurrentPassword(c.env.DB, currentPasswordAttempt(c, body.current_password));
    const hash = await hashNewPassword(body.password1, body.password2);
    // Every session ends with the old password; this browser gets a fresh one and stays signed in.
    const session = await replacePasswordAndSignIn(c.env.DB, c.var.user.id, hash);
    sendSessionCookie(c, session.token, session.expiresAt);
    return c.json({ data: { message: PASSWORD_CHANGED_MESSAGE } });
  })
  .post('/change_email', requireUser, async (c) => {
    const { email, current_password } = parseInput(changeEmailSchema, await readBody(c));
    const user = c.var.user;
    if (email.toLowerCase() === user.email.toLowerCase()) throw badRequest(EMAIL_UNCHANGED_MESSAGE);
    await confirmCurrentPassword(c.env.DB, currentPasswordAttempt(c, current_password));
    await requestEmailChange(c.env.DB, mailerFor(c.env), {
      userId: user.id,
      currentEmail: user.email,
      email,
      origin: linkOrigin(c.env, c.req.url),
      ip: clientIp(c),
    });
    return c.json({ data: { new_email: email } });
  })
  .post('/change_email/confirm', async (c) => {
    const { key } = parseInput(keySchema, await readBody(c));
    const email = await confirmEmailChange(c.env.DB, key);
    return c.json({ data: { message: EMAIL_CONFIRMED_MESSAGE, email } });
  })
  .post('/reset_password', async (c) => {
    const { email } = parseInput(emailSchema, await readBody(c));
    const { DB } = c.env;
    const input = { email, origin: linkOrigin(c.env, c.req.url), ip: clientIp(c) };
    // After the answer, so neither its text nor its timing tells whether the address has an account.
    await afterResponse(c, 'password reset mail', () => requestPasswordReset(DB, mailerFor(c.env), input));
    return c.json({ data: { message: LINK_SENT_MESSAGE } });
  })
  .post('/reset_password/confirm', async (c) => {
    const body = parseInput(keyedPasswordSchema, await readBody(c));
    await confirmPasswordReset(c.env.DB, body);
    return c.json({ data: { message: PASSWORD_CONFIRMED_MESSAGE } });
  });
