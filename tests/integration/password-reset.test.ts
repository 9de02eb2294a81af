import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { MAILS_PER_ADDRESS, MAILS_PER_IP, MAIL_WINDOW_SECONDS } from '../../src/server/mail/mail-limits';
import { createUser } from './factories';
import { call, keyFromMail, outbox, signIn } from './http';
import { errorAnswer } from './error-answer';

const INVALID_LINK = errorAnswer('This link is invalid or has expired. Ask for a new one.');
const LINK_SENT = { data: { message: 'Link sent to your email' } };

async function requestReset(email: string) {
  const res = await call('/api/profile/reset_password', { body: { email } });
  return { status: res.status, body: await res.json() };
}

async function resetKey(email: string): Promise<string> {
  expect(await requestReset(email)).toEqual({ status: 200, body: LINK_SENT });
  const mails = await outbox();
  return keyFromMail(mails[mails.length - 1]!, '/reset-password/confirm');
}

function confirm(key: string, password1: string, password2 = password1) {
  return call('/api/profile/reset_password/confirm', { body: { key, password1, password2 } });
}

describe('password reset', () => {
  it('mails a link to the account, and the new password works while the old one and all sessions end', async () => {
    const pat = await createUser();
    const session = await signIn(pat.email, pat.password!);
    const key = await resetKey(pat.email);
    const [mail] = await outbox();
    expect(mail!.toAddress).toBe(pat.email);
    expect(mail!.subject).toBe('Reset your Viewdeck password');
    expect(mail!.bodyText).toContain(`http://localhost/reset-password/confirm?key=${key}`);

    const res = await confirm(key, 'newfinch42');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { message: 'Password was successfully confirmed' } });
    expect((await call('/api/profile/get', { session })).status).toBe(401);
    const old = await call('/api/auth/login', { body: { login: pat.email, password: pat.password } });
    expect(old.status).toBe(401);
    await signIn(pat.email, 'newfinch42');
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    await createUser();
    expect(await requestReset('nobody@example.com')).toEqual({ status: 200, body: LINK_SENT });
    expect(await outbox()).toEqual([]);
    const inactive = await createUser({ isActive: false });
    expect(await requestReset(inactive.email)).toEqual({ status: 200, body: LINK_SENT });
    expect(await outbox()).toEqual([]);
  });

  it('refuses a used key', async () => {
    const pat = await createUser();
    const key = await resetKey(pat.email);
    expect((await confirm(key, 'newfinch42')).status).toBe(200);
    const again = await confirm(key, 'otherfinch43');
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual(INVALID_LINK);
    await signIn(pat.email, 'newfinch42');
  });

  it('refuses a key after an hour', async () => {
    const pat = await createUser();
    const key = await resetKey(pat.email);
    const row = await env.DB.prepare('SELECT created_at, expires_at FROM one_time_tokens').first<{
      created_at: number;
      expires_at: number;
    }>();
    expect(row!.expires_at - row!.created_at).toBe(3600);
    await env.DB.prepare('UPDATE one_time_tokens SET expires_at = ?')
      .bind(Math.floor(Date.now() / 1000))
      .run();
    const res = await confirm(key, 'newfinch42');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(INVALID_LINK);
  });

  it('keeps only the latest link working and stores keys hashed', async () => {
    const pat = await createUser();
    const first = await resetKey(pat.email);
    const second = await resetKey(pat.email);
    const dump = JSON.stringify((await env.DB.prepare('SELECT * FROM one_time_tokens').all()).results);
    expect(dump).not.toContain(first);
    expect(dump).not.toContain(second);
    expect((await confirm(first, 'newfinch42')).status).toBe(400);
    expect((await confirm(second, 'newfinch42')).status).toBe(200);
  });

  it('refuses keys of other kinds and made-up keys', async () => {
    const pat = await createUser();
    await call('/api/profile/change_email', {
      session: await signIn(pat.email, pat.password!),
      body: { email: 'pat.new@example.com', current_password: pat.password },
    });
    const emailKey = keyFromMail((await outbox())[0]!, '/email/confirm');
    expect(await (await confirm(emailKey, 'newfinch42')).json()).toEqual(INVALID_LINK);
    expect(await (await confirm('not-a-key', 'newfinch42')).json()).toEqual(INVALID_LINK);
  });

  it.each([
    ['abc12', 'Password must be at least 6 characters (digits and letters)'],
    ['abcdefgh', 'Password must be at least 6 characters (digits and letters)'],
    ['Password1', 'This password is too common; choose another.'],
  ])('refuses the new password %j without using the key up', async (password, message) => {
    const pat = await createUser();
    const key = await resetKey(pat.email);
    const res = await confirm(key, password);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(errorAnswer(message));
    expect((await confirm(key, 'newfinch42')).status).toBe(200);
  });

  it('refuses passwords that do not match', async () => {
    const pat = await createUser();
    const res = await confirm(await resetKey(pat.email), 'newfinch42', 'newfinch43');
    expect(await res.json()).toEqual(errorAnswer("Passwords didn't match"));
  });

  it.each([
    ['/api/profile/reset_password', {}, 'email: Enter your e-mail address.'],
    ['/api/profile/reset_password', { email: 'pat@' }, 'email: Enter a valid e-mail address.'],
    ['/api/profile/reset_password', { email: ['pat@example.com'] }, 'email: Must be text.'],
    ['/api/profile/reset_password/confirm', { password1: 'a1b2c3d', password2: 'a1b2c3d' }, 'key: Enter the key from the e-mailed link.'],
    ['/api/profile/reset_password/confirm', { key: 'k', password2: 'a1b2c3d' }, 'password1: Enter a password.'],
    ['/api/profile/reset_password/confirm', { key: 'k', password1: 'a1b2c3d' }, 'password2: Enter the password again.'],
  ])('answers %s with a 400 for %j', async (path, body, message) => {
    const res = await call(path, { body });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(errorAnswer(message));
  });
});

describe('reset mail limits', () => {
  it('sends at most 3 reset mails an hour to one address, answering the same every time', async () => {
    const pat = await createUser();
    for (let i = 0; i < 15; i++) expect(await requestReset(pat.email)).toEqual({ status: 200, body: LINK_SENT });
    expect(await outbox()).toHaveLength(MAILS_PER_ADDRESS);
  });

  it('sends at most 20 reset mails an hour for one IP, whichever addresses it asks for', async () => {
    // Accounts without a password: a reset link is what they need, and they cost no hash to create.
    const users = await Promise.all(Array.from({ length: MAILS_PER_IP + 3 }, () => createUser({ password: null })));
    for (const u of users) {
      const res = await call('/api/profile/reset_password', { body: { email: u.email }, headers: { 'CF-Connecting-IP': '192.0.2.77' } });
      expect(await res.json()).toEqual(LINK_SENT);
    }
    expect(await outbox()).toHaveLength(MAILS_PER_IP);
    // Another IP still gets a mail to an address that has not had its 3.
    await call('/api/profile/reset_password', { body: { email: users[0]!.email }, headers: { 'CF-Connecting-IP': '192.0.2.78' } });
    expect(await outbox()).toHaveLength(MAILS_PER_IP + 1);
  });

  it('counts the limit in D1 and lets mail through again after the hour', async () => {
    const pat = await createUser();
    for (let i = 0; i < MAILS_PER_ADDRESS + 1; i++) await requestReset(pat.email);
    await env.DB.prepare('UPDATE rate_limit_hits SET hit_at = hit_at - ?').bind(MAIL_WINDOW_SECONDS).run();
    await requestReset(pat.email);
    expect(await outbox()).toHaveLength(MAILS_PER_ADDRESS + 1);
  });
});
