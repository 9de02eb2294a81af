import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_SECONDS } from '../../src/server/auth/throttle';
import { createUser } from './factories';
import { call } from './http';

const WINDOW = 15 * 60;

function attempt(login: string, password: string, ip = '203.0.113.7') {
  return call('/api/auth/login', { body: { login, password }, headers: { 'CF-Connecting-IP': ip } });
}

async function failTimes(times: number, login: string, ip?: string) {
  for (let i = 0; i < times; i++) {
    const res = await attempt(login, 'wrongpass1', ip);
    expect(res.status).toBe(401);
  }
}

/** Moves every recorded failure back in time, as if the clock had moved forward. */
async function ageFailures(seconds: number) {
  await env.DB.prepare('UPDATE login_failures SET failed_at = failed_at - ?').bind(seconds).run();
}

describe('login throttling', () => {
  it('uses 10 failures in 15 minutes', () => {
    expect(LOGIN_FAILURE_LIMIT).toBe(10);
    expect(LOGIN_FAILURE_WINDOW_SECONDS).toBe(WINDOW);
  });

  it('answers 429 after 10 failures for an account, even with the right password', async () => {
    const pat = await createUser();
    await failTimes(10, pat.email);
    const res = await attempt(pat.email, pat.password!, '198.51.100.1');
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(WINDOW - 5);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW);
    expect(await res.json()).toEqual({ error: 'Too many sign-in attempts. Try again in 15 minutes.' });
  });

  it('still lets the ninth and tenth attempts through', async () => {
    const pat = await createUser();
    await failTimes(9, pat.email);
    expect((await attempt(pat.email, pat.password!)).status).toBe(200);
  });

  it('throttles an IP across different accounts', async () => {
    const users = await Promise.all([createUser(), createUser()]);
    await failTimes(5, users[0].email, '192.0.2.9');
    await failTimes(5, 'nobody@example.com', '192.0.2.9');
    const fromSameIp = await attempt(users[1].email, users[1].password!, '192.0.2.9');
    expect(fromSameIp.status).toBe(429);
    // The accounts themselves are not locked: another IP gets in.
    expect((await attempt(users[1].email, users[1].password!, '192.0.2.10')).status).toBe(200);
  });

  it('throttles guesses at an address that has no account the same way', async () => {
    await failTimes(10, 'ghost@example.com', '192.0.2.20');
    const res = await attempt('GHOST@example.com', 'wrongpass1', '192.0.2.21');
    expect(res.status).toBe(429);
  });

  it('lets the account in again once the window has passed', async () => {
    const pat = await createUser();
    await failTimes(10, pat.email);
    await ageFailures(WINDOW - 60);
    const stillBlocked = await attempt(pat.email, pat.password!);
    expect(stillBlocked.status).toBe(429);
    expect(Number(stillBlocked.headers.get('Retry-After'))).toBeLessThanOrEqual(60);
    expect(await stillBlocked.json()).toEqual({ error: 'Too many sign-in attempts. Try again in 1 minute.' });
    await ageFailures(60);
    expect((await attempt(pat.email, pat.password!)).status).toBe(200);
  });

  it('counts only failures inside the window', async () => {
    const pat = await createUser();
    await failTimes(6, pat.email);
    await ageFailures(WINDOW);
    await failTimes(4, pat.email);
    // 10 failures in all, but only 4 in the last 15 minutes.
    expect((await attempt(pat.email, pat.password!)).status).toBe(200);
  });

  it("clears the account's failures on success but not the IP's", async () => {
    const [pat, sam] = await Promise.all([createUser(), createUser()]);
    await failTimes(9, pat.email, '192.0.2.30');
    expect((await attempt(pat.email, pat.password!, '192.0.2.30')).status).toBe(200);
    const left = await env.DB.prepare('SELECT scope, count(*) AS n FROM login_failures GROUP BY scope ORDER BY scope')
      .all<{ scope: string; n: number }>();
    expect(left.results).toEqual([{ scope: 'ip:192.0.2.30', n: 9 }]);
    await failTimes(1, sam.email, '192.0.2.30');
    expect((await attempt(sam.email, sam.password!, '192.0.2.30')).status).toBe(429);
  });

  it('charges attempts without CF-Connecting-IP to one shared counter', async () => {
    const pat = await createUser();
    for (let i = 0; i < 10; i++) {
      await call('/api/auth/login', { body: { login: `guess${i}@example.com`, password: 'wrongpass1' } });
    }
    const res = await call('/api/auth/login', { body: { login: pat.email, password: pat.password } });
    expect(res.status).toBe(429);
    const row = await env.DB.prepare("SELECT count(*) AS n FROM login_failures WHERE scope = 'ip:unknown'").first<{
      n: number;
    }>();
    expect(row?.n).toBe(10);
  });
});
