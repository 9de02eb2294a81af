import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createInvite } from '../../src/server/auth/invite';
import { mailerFor } from '../../src/server/mail/send';
import { createUser } from './factories';
import { call, keyFromMail, outbox, sessionTokenFrom, signIn } from './http';
import { errorAnswer } from './error-answer';

const ORIGIN = 'https://viewdeck.example';

async function invite(email: string, userName = 'Ivy Invited') {
  const result = await createInvite(env.DB, mailerFor(env), { email, userName, origin: ORIGIN });
  const mails = await outbox();
  return { ...result, key: keyFromMail(mails[mails.length - 1]!, '/invite/confirm') };
}

function accept(key: string, password1: string, password2 = password1) {
  return call('/api/invite/confirm', { body: { key, password1, password2 } });
}

describe('invite', () => {
  it('creates the account without password, mails the link, and signs in on confirm', async () => {
    const { userId, created, key } = await invite('ivy@example.com');
    expect(created).toBe(true);
    const user = await env.DB.prepare('SELECT email, user_name, password_hash FROM users WHERE id = ?').bind(userId).first();
    expect(user).toEqual({ email: 'ivy@example.com', user_name: 'Ivy Invited', password_hash: null });
    const [mail] = await outbox();
    expect(mail!.toAddress).toBe('ivy@example.com');
    expect(mail!.bodyText).toContain(`${ORIGIN}/invite/confirm?key=${key}`);
    expect(mail!.bodyText).toContain('Hello Ivy Invited,');

    const res = await accept(key, 'ivyfinch42');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { message: 'Password was successfully created' } });
    const session = sessionTokenFrom(res)!;
    const profile = await call('/api/profile/get', { session });
    expect(((await profile.json()) as { data: { email: string } }).data.email).toBe('ivy@example.com');
    await signIn('ivy@example.com', 'ivyfinch42');
  });

  it('reuses an existing account', async () => {
    const pat = await createUser({ email: 'pat@example.com' });
    const { userId, created, key } = await invite('PAT@example.com');
    expect({ userId, created }).toEqual({ userId: pat.id, created: false });
    expect((await accept(key, 'patfinch42')).status).toBe(200);
    await signIn(pat.email, 'patfinch42');
  });

  it('lasts 7 days', async () => {
    const { key } = await invite('ivy@example.com');
    const row = await env.DB.prepare("SELECT created_at, expires_at FROM one_time_tokens WHERE kind = 'invite'").first<{
      created_at: number;
      expires_at: number;
    }>();
    expect(row!.expires_at - row!.created_at).toBe(7 * 86_400);
    await env.DB.prepare('UPDATE one_time_tokens SET expires_at = created_at - 1').run();
    const res = await accept(key, 'ivyfinch42');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(errorAnswer('This link is invalid or has expired. Ask for a new one.'));
  });

  it('works once', async () => {
    const { key } = await invite('ivy@example.com');
    expect((await accept(key, 'ivyfinch42')).status).toBe(200);
    const again = await accept(key, 'ivyfinch43');
    expect(again.status).toBe(400);
    expect(sessionTokenFrom(again)).toBeNull();
    await signIn('ivy@example.com', 'ivyfinch42');
  });

  it('applies the password rule', async () => {
    const { key } = await invite('ivy@example.com');
    expect(await (await accept(key, 'qwerty123')).json()).toEqual(errorAnswer('This password is too common; choose another.'));
    expect(await (await accept(key, 'ivyfinch42', 'ivyfinch24')).json()).toEqual(errorAnswer("Passwords didn't match"));
    expect((await accept(key, 'ivyfinch42')).status).toBe(200);
  });

  it.each([
    [{}, 'key: Enter the key from the e-mailed link.'],
    [{ key: 'k', password1: 'ivyfinch42' }, 'password2: Enter the password again.'],
    [{ key: 'k', password1: 7, password2: 'x' }, 'password1: Must be text.'],
  ])('answers the malformed body %j with a 400', async (body, message) => {
    const res = await call('/api/invite/confirm', { body });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(errorAnswer(message));
  });
});
