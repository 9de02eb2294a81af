import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_IP_LIMIT } from '../../src/server/auth/throttle';
import { hashToken } from '../../src/server/auth/token';
import { createUser } from './factories';
import { call, sessionTokenFrom, signIn } from './http';
import { errorAnswer } from './error-answer';

function change(session: string, current: string, password1: string, password2 = password1) {
  return call('/api/profile/change_password', { session, body: { current_password: current, password1, password2 } });
}

describe('change password', () => {
  it('signs every other device out and keeps this browser signed in with a new session', async () => {
    const pat = await createUser();
    const laptop = await signIn(pat.email, pat.password!);
    const phone = await signIn(pat.email, pat.password!);
    const res = await change(laptop, pat.password!, 'newfinch42');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { message: 'Password was successfully changed' } });
    const fresh = sessionTokenFrom(res)!;
    expect(fresh).not.toBe(laptop);

    expect((await call('/api/profile/get', { session: phone })).status).toBe(401);
    expect((await call('/api/profile/get', { session: laptop })).status).toBe(401);
    expect((await call('/api/profile/get', { session: fresh })).status).toBe(200);
    const { results } = await env.DB.prepare('SELECT token_hash FROM sessions WHERE user_id = ?').bind(pat.id).all();
    expect(results).toEqual([{ token_hash: await hashToken(fresh) }]);

    expect((await call('/api/auth/login', { body: { login: pat.email, password: pat.password } })).status).toBe(401);
    await signIn(pat.email, 'newfinch42');
  });

  it('needs a session', async () => {
    const res = await call('/api/profile/change_password', { body: { password1: 'newfinch42', password2: 'newfinch42' } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual(errorAnswer('Please sign in.'));
  });

  it.each([
    [{ password1: 'ab1', password2: 'ab1' }, 'Password must be at least 6 characters (digits and letters)'],
    [{ password1: 'newfinch 42', password2: 'newfinch 42' }, 'Password must be at least 6 characters (digits and letters)'],
    [{ password1: 'newfinch42', password2: 'newfinch24' }, "Passwords didn't match"],
    [{ password1: 'abc123', password2: 'abc123' }, 'This password is too common; choose another.'],
    [{ password2: 'newfinch42' }, 'password1: Enter a password.'],
    [{ password1: 'newfinch42', password2: ' ' }, 'password2: Enter the password again.'],
  ])('refuses %j and keeps the old password', async (body, message) => {
    const pat = await createUser();
    const session = await signIn(pat.email, pat.password!);
    const res = await call('/api/profile/change_password', { session, body: { current_password: pat.password, ...body } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(errorAnswer(message));
    expect((await call('/api/profile/get', { session })).status).toBe(200);
    await signIn(pat.email, pat.password!);
  });

  it('asks for the current password, so a stolen session cannot change it', async () => {
    const pat = await createUser();
    const session = await signIn(pat.email, pat.password!);
    const missing = await call('/api/profile/change_password', {
      session,
      body: { password1: 'newfinch42', password2: 'newfinch42' },
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual(errorAnswer('current_password: Enter your current password.'));
    const wrong = await change(session, 'notmine42', 'newfinch42');
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual(errorAnswer('current_password: The current password is wrong.'));
    // Nothing changed: the session is alive and the old password still signs in.
    expect((await call('/api/profile/get', { session })).status).toBe(200);
    await signIn(pat.email, pat.password!);
  });

  it('counts wrong current passwords like failed sign-ins', async () => {
    const pat = await createUser();
    const session = await signIn(pat.email, pat.password!);
    for (let i = 0; i < ACCOUNT_IP_LIMIT; i++) expect((await change(session, `notmine${i}x`, 'newfinch42')).status).toBe(400);
    const locked = await change(session, pat.password!, 'newfinch42');
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('Retry-After'))).toBeGreaterThan(0);
    // The same counter as a sign-in from this browser.
    expect((await call('/api/auth/login', { body: { login: pat.email, password: pat.password } })).status).toBe(429);
  });
});
