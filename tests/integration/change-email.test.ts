import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_IP_LIMIT } from '../../src/server/auth/throttle';
import { MAILS_PER_ADDRESS } from '../../src/server/mail/mail-limits';
import { createUser } from './factories';
import { call, keyFromMail, outbox, signIn } from './http';
import { errorAnswer } from './error-answer';

const INVALID_LINK = errorAnswer('This link is invalid or has expired. Ask for a new one.');
const TAKEN = errorAnswer('This e-mail address is already used by another account.');

async function requestChange(session: string, email: string, currentPassword: string) {
  return call('/api/profile/change_email', { session, body: { email, current_password: currentPassword } });
}

async function latestKey(): Promise<string> {
  const mails = await outbox();
  return keyFromMail(mails[mails.length - 1]!, '/email/confirm');
}

function confirm(key: string, session?: string) {
  return call('/api/profile/change_email/confirm', { session, body: { key } });
}

describe('change e-mail', () => {
  it('keeps the new address pending until the link mailed to it is used', async () => {
    const pat = await createUser();
    const session = await signIn(pat.email, pat.password!);
    const res = await requestChange(session, ' pat.new@example.com ', pat.password!);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { new_email: 'pat.new@example.com' } });
    const [mail] = await outbox();
    expect(mail!.toAddress).toBe('pat.new@example.com');
    expect(await (await call('/api/auth/status', { session })).json()).toEqual({
      data: { isauth: true, new_email: 'pat.new@example.com' },
    });
    // Until confirmed, the old address still signs in.
    await signIn(pat.email, pat.password!);

    const done = await confirm(await latestKey(), session);
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({
      data: { message: 'Email was successfully confirmed', email: 'pat.new@example.com' },
    });
    const profile = (await (await call('/api/profile/get', { session })).json()) as { data: Record<string, unknown> };
    expect(profile.data).toMatchObject({ email: 'pat.new@example.com', new_email: null });
    await signIn('pat.new@example.com', pat.password!);
    expect((await call('/api/auth/login', { body: { login: pat.email, password: pat.password } })).status).toBe(401);
  });

  it('confirms signed out too, once, within 24 hours', async () => {
    const pat = await createUser();
    await requestChange(await signIn(pat.email, pat.password!), 'pat.new@example.com', pat.password!);
    const row = await env.DB.prepare('SELECT email, created_at, expires_at FROM one_time_tokens').first<{
      email: string;
      created_at: number;
      expires_at: number;
    }>();
    expect(row!.email).toBe('pat.new@example.com');
    expect(row!.expires_at - row!.created_at).toBe(24 * 3600);
    const key = await latestKey();
    expect((await confirm(key)).status).toBe(200);
    const again = await confirm(key);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual(INVALID_LINK);
  });

  it('refuses an expired link', async () => {
    const pat = await createUser();
    await requestChange(await signIn(pat.email, pat.password!), 'pat.new@example.com', pat.password!);
    await env.DB.prepare('UPDATE one_time_tokens SET expires_at = ?')
      .bind(Math.floor(Date.now() / 1000))
      .run();
    expect(await (await confirm(await latestKey())).json()).toEqual(INVALID_LINK);
  });

  it('answers for an address another account uses as if it worked, and tells that account instead', async () => {
    const [pat, sam] = await Promise.all([createUser(), createUser()]);
    const session = await signIn(pat.email, pat.password!);
    const taken = await requestChange(session, sam.email.toUpperCase(), pat.password!);
    const free = await requestChange(session, 'free@example.com', pat.password!);
    expect(taken.status).toBe(200);
    expect(await taken.json()).toEqual({ data: { new_email: sam.email.toUpperCase() } });
    expect(free.status).toBe(200);
    const mails = await outbox();
    expect(mails.map((m) => [m.toAddress.toLowerCase(), m.subject])).toEqual([
      [sam.email, 'Someone asked to use your e-mail address'],
      ['free@example.com', 'Confirm your new e-mail address'],
    ]);
    // The note to the owner carries no link that could move the address.
    expect(mails[0]!.bodyText).not.toMatch(/https?:/);
    const samRow = await env.DB.prepare('SELECT email FROM users WHERE id = ?').bind(sam.id).first<{ email: string }>();
    expect(samRow!.email).toBe(sam.email);
  });

  it('refuses to confirm an address another account took after the link was sent', async () => {
    const [pat, sam] = await Promise.all([createUser(), createUser()]);
    const session = await signIn(pat.email, pat.password!);
    expect((await requestChange(session, 'shared@example.com', pat.password!)).status).toBe(200);
    const key = await latestKey();
    await env.DB.prepare('UPDATE users SET email = ? WHERE id = ?').bind('shared@example.com', sam.id).run();
    const meanwhile = await confirm(key);
    expect(meanwhile.status).toBe(409);
    expect(await meanwhile.json()).toEqual(TAKEN);
    // The key survives the refusal: once the address is free again, the link works.
    await env.DB.prepare('UPDATE users SET email = ? WHERE id = ?').bind(sam.email, sam.id).run();
    expect((await confirm(key)).status).toBe(200);
  });

  it('asks for the current password and counts a wrong one like a failed sign-in', async () => {
    const pat = await createUser();
    const session = await signIn(pat.email, pat.password!);
    const missing = await call('/api/profile/change_email', { session, body: { email: 'pat.new@example.com' } });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual(errorAnswer('current_password: Enter your current password.'));
    for (let i = 0; i < ACCOUNT_IP_LIMIT; i++) {
      const wrong = await requestChange(session, 'pat.new@example.com', `notmine${i}x`);
      expect(wrong.status).toBe(400);
      expect(await wrong.json()).toEqual(errorAnswer('current_password: The current password is wrong.'));
    }
    expect((await requestChange(session, 'pat.new@example.com', pat.password!)).status).toBe(429);
    expect(await outbox()).toEqual([]);
    expect(await (await call('/api/auth/status', { session })).json()).toEqual({ data: { isauth: true, new_email: null } });
  });

  it('sends at most 3 confirmation mails an hour to one address, answering the same', async () => {
    const pat = await createUser();
    const session = await signIn(pat.email, pat.password!);
    for (let i = 0; i < MAILS_PER_ADDRESS + 2; i++) {
      const res = await requestChange(session, 'pat.new@example.com', pat.password!);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ data: { new_email: 'pat.new@example.com' } });
    }
    expect(await outbox()).toHaveLength(MAILS_PER_ADDRESS);
  });

  it('keeps only the latest requested address confirmable', async () => {
    const pat = await createUser();
    const session = await signIn(pat.email, pat.password!);
    await requestChange(session, 'first@example.com', pat.password!);
    const firstKey = await latestKey();
    await requestChange(session, 'second@example.com', pat.password!);
    expect(await (await confirm(firstKey)).json()).toEqual(INVALID_LINK);
    expect((await confirm(await latestKey())).status).toBe(200);
  });

  it.each([
    [{}, 'email: Enter your e-mail address.'],
    [{ email: 'not an address' }, 'email: Enter a valid e-mail address.'],
  ])('answers the malformed change %j with a 400', async (body, message) => {
    const pat = await createUser();
    const session = await signIn(pat.email, pat.password!);
    const res = await call('/api/profile/change_email', { session, body: { current_password: pat.password, ...body } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(errorAnswer(message));
  });

  it('refuses the current address and a missing key', async () => {
    const pat = await createUser();
    const same = await requestChange(await signIn(pat.email, pat.password!), pat.email.toUpperCase(), pat.password!);
    expect(await same.json()).toEqual(errorAnswer('email: This is already your e-mail address.'));
    const noKey = await call('/api/profile/change_email/confirm', { body: {} });
    expect(noKey.status).toBe(400);
    expect(await noKey.json()).toEqual(errorAnswer('key: Enter the key from the e-mailed link.'));
  });

  it('needs a session to ask for a change', async () => {
    expect((await call('/api/profile/change_email', { body: { email: 'x@example.com' } })).status).toBe(401);
  });
});
