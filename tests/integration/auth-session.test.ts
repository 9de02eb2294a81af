import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { validateSessionToken } from '../../src/server/auth/session';
import { hashToken } from '../../src/server/auth/token';
import { createUser } from './factories';
import { call, sessionSetCookie, sessionTokenFrom, signIn } from './http';
import { errorAnswer } from './error-answer';

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const maxAge = (cookie: string) => Number(/Max-Age=(\d+)/.exec(cookie)?.[1]);

async function sessionRows(userId: number) {
  const { results } = await env.DB.prepare('SELECT token_hash, expires_at FROM sessions WHERE user_id = ?')
    .bind(userId)
    .all<{ token_hash: string; expires_at: number }>();
  return results;
}

describe('sign-in', () => {
  it('signs in by e-mail, sets the cookie and reports the pending e-mail', async () => {
    const pat = await createUser();
    await env.DB.prepare('UPDATE users SET new_email = ? WHERE id = ?').bind('pat.new@example.com', pat.id).run();
    const res = await call('/api/auth/login', { body: { login: pat.email.toUpperCase(), password: pat.password } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { isauth: true, new_email: 'pat.new@example.com' } });
    const cookie = sessionSetCookie(res)!;
    expect(cookie).toMatch(/^vd_session=[A-Za-z0-9_-]{43}; /);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    expect(maxAge(cookie)).toBeGreaterThanOrEqual(30 * DAY - 2);
    expect(maxAge(cookie)).toBeLessThanOrEqual(30 * DAY);
    expect(cookie).not.toContain('Secure');
  });

  it('marks the cookie Secure outside localhost', async () => {
    const pat = await createUser();
    const res = await call('/api/auth/login', {
      base: 'https://example.com',
      body: { login: pat.email, password: pat.password },
    });
    expect(res.status).toBe(200);
    expect(sessionSetCookie(res)).toMatch(/; Secure$/);
  });

  it('stores only the SHA-256 of the token, 30 days ahead', async () => {
    const pat = await createUser();
    const token = await signIn(pat.email, pat.password!);
    const rows = await sessionRows(pat.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(await hashToken(token));
    expect(rows[0]!.expires_at).toBeGreaterThanOrEqual(now() + 30 * DAY - 5);
    const dump = await env.DB.prepare('SELECT * FROM sessions').all();
    expect(JSON.stringify(dump.results)).not.toContain(token);
  });

  it('opens a new session at every sign-in and ends the one the browser had', async () => {
    const pat = await createUser();
    const first = await signIn(pat.email, pat.password!);
    const second = await call('/api/auth/login', { session: first, body: { login: pat.email, password: pat.password } });
    const secondToken = sessionTokenFrom(second)!;
    expect(secondToken).not.toBe(first);
    expect((await sessionRows(pat.id)).map((r) => r.token_hash)).toEqual([await hashToken(secondToken)]);
    const other = await signIn(pat.email, pat.password!);
    expect(await sessionRows(pat.id)).toHaveLength(2);
    expect(other).not.toBe(secondToken);
  });

  it.each([
    ['a wrong password', async () => ({ login: (await createUser()).email, password: 'bluefinch00' })],
    ['an unknown login', async () => ({ login: 'nobody@example.com', password: 'bluefinch00' })],
    ['an account without password', async () => ({ login: (await createUser({ password: null })).email, password: 'x1x1x1' })],
    [
      'an inactive account',
      async () => {
        const u = await createUser({ isActive: false });
        return { login: u.email, password: u.password };
      },
    ],
  ])('answers %s with the same 401', async (_, body) => {
    const res = await call('/api/auth/login', { body: await body() });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual(errorAnswer('Wrong login or password'));
    expect(sessionSetCookie(res)).toBeNull();
  });

  it.each([
    [{ password: 'x1x1x1' }, 'login: Enter your login.'],
    [{ login: '   ', password: 'x1x1x1' }, 'login: Enter your login.'],
    [{ login: 'pat@example.com' }, 'password: Enter your password.'],
    [{ login: 'pat@example.com', password: '  ' }, 'password: Enter your password.'],
    [{ login: 42, password: 'x1x1x1' }, 'login: Must be text.'],
    ['{"login": ', 'The body is not valid JSON.'],
  ])('refuses the malformed body %j with a 400', async (body, message) => {
    const res = await call('/api/auth/login', { body });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(errorAnswer(message));
  });
});

describe('status and sign-out', () => {
  it('says signed out without a cookie', async () => {
    const res = await call('/api/auth/status');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { isauth: false, new_email: null } });
  });

  it('says signed in with the cookie, and signed out after logout ends the session', async () => {
    const pat = await createUser();
    const token = await signIn(pat.email, pat.password!);
    expect(await (await call('/api/auth/status', { session: token })).json()).toEqual({
      data: { isauth: true, new_email: null },
    });
    const out = await call('/api/auth/logout', { method: 'POST', session: token });
    expect(out.status).toBe(200);
    expect(sessionSetCookie(out)).toMatch(/^vd_session=; .*Max-Age=0/);
    expect(await sessionRows(pat.id)).toEqual([]);
    // The old cookie, replayed, no longer opens anything.
    expect(await (await call('/api/auth/status', { session: token })).json()).toEqual({
      data: { isauth: false, new_email: null },
    });
    expect((await call('/api/profile/get', { session: token })).status).toBe(401);
  });

  it('refuses an expired session and removes it', async () => {
    const pat = await createUser();
    const token = await signIn(pat.email, pat.password!);
    await env.DB.prepare('UPDATE sessions SET expires_at = ? WHERE user_id = ?')
      .bind(now() - 1, pat.id)
      .run();
    const res = await call('/api/profile/get', { session: token });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual(errorAnswer('Please sign in.'));
    expect(await sessionRows(pat.id)).toEqual([]);
  });
});

describe('sliding expiry', () => {
  it('extends a session with under 15 days left to 30 days and re-sends the cookie', async () => {
    const pat = await createUser();
    const token = await signIn(pat.email, pat.password!);
    await env.DB.prepare('UPDATE sessions SET expires_at = ? WHERE user_id = ?')
      .bind(now() + 14 * DAY, pat.id)
      .run();
    const res = await call('/api/profile/get', { session: token });
    expect(res.status).toBe(200);
    expect(sessionTokenFrom(res)).toBe(token);
    expect(maxAge(sessionSetCookie(res)!)).toBeGreaterThanOrEqual(30 * DAY - 2);
    const [row] = await sessionRows(pat.id);
    expect(row!.expires_at).toBeGreaterThanOrEqual(now() + 30 * DAY - 5);
  });

  it('leaves a session with more than 15 days left alone', async () => {
    const pat = await createUser();
    const token = await signIn(pat.email, pat.password!);
    const expiresAt = now() + 16 * DAY;
    await env.DB.prepare('UPDATE sessions SET expires_at = ? WHERE user_id = ?').bind(expiresAt, pat.id).run();
    const res = await call('/api/auth/status', { session: token });
    expect(await res.json()).toEqual({ data: { isauth: true, new_email: null } });
    expect(sessionSetCookie(res)).toBeNull();
    expect((await sessionRows(pat.id))[0]!.expires_at).toBe(expiresAt);
  });
});

describe('absolute limit', () => {
  it('ends a session 90 days after sign-in even when it is used every two weeks', async () => {
    const pat = await createUser();
    const token = await signIn(pat.email, pat.password!);
    const [row] = await env.DB.prepare('SELECT created_at FROM sessions WHERE user_id = ?')
      .bind(pat.id)
      .all<{
        created_at: number;
      }>()
      .then((r) => r.results);
    const signedInAt = row!.created_at;
    for (const day of [16, 32, 48, 64, 80]) {
      const used = await validateSessionToken(env.DB, token, signedInAt + day * DAY);
      expect(used?.user.id).toBe(pat.id);
    }
    const [renewed] = await sessionRows(pat.id);
    expect(renewed!.expires_at).toBe(signedInAt + 90 * DAY);
    expect(await validateSessionToken(env.DB, token, signedInAt + 90 * DAY - 1)).not.toBeNull();
    expect(await validateSessionToken(env.DB, token, signedInAt + 90 * DAY)).toBeNull();
    expect(await sessionRows(pat.id)).toEqual([]);
  });
});
