import { describe, expect, it } from 'vitest';
import { createUser } from './factories';
import { call, outbox, sessionSetCookie, signIn } from './http';
import { errorAnswer } from './error-answer';

describe('cross-site requests', () => {
  it.each([
    ['/api/auth/login', { login: 'pat@example.com', password: 'x1x1x1' }],
    ['/api/auth/logout', {}],
    ['/api/profile/reset_password', { email: 'pat@example.com' }],
    ['/api/profile/change_password', { password1: 'newfinch42', password2: 'newfinch42' }],
  ])('refuses POST %s from another origin with 403', async (path, body) => {
    const pat = await createUser({ email: 'pat@example.com' });
    const session = await signIn(pat.email, pat.password!);
    const res = await call(path, { body, session, headers: { Origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual(errorAnswer('Cross-site request refused.'));
    expect(sessionSetCookie(res)).toBeNull();
    expect(await outbox()).toEqual([]);
    // The session and the password are untouched.
    expect((await call('/api/profile/get', { session })).status).toBe(200);
  });

  it('accepts the same origin', async () => {
    const pat = await createUser();
    const res = await call('/api/auth/login', {
      body: { login: pat.email, password: pat.password },
      headers: { Origin: 'http://localhost' },
    });
    expect(res.status).toBe(200);
  });

  it('refuses a cross-site form post by Sec-Fetch-Site', async () => {
    const res = await call('/api/auth/logout', { method: 'POST', headers: { 'Sec-Fetch-Site': 'cross-site' } });
    expect(res.status).toBe(403);
  });
});

describe('security headers', () => {
  it('are on answers and errors alike', async () => {
    for (const res of [
      await call('/api/auth/status', { base: 'https://example.com' }),
      await call('/api/profile/get', { base: 'https://example.com' }),
      await call('/api/auth/login', { base: 'https://example.com', body: {} }),
    ]) {
      expect(res.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(res.headers.get('Strict-Transport-Security')).toContain('max-age=');
    }
  });

  it('keep API answers out of caches', async () => {
    expect((await call('/api/auth/status')).headers.get('Cache-Control')).toBe('no-store');
  });
});
