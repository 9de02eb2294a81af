import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { DEVICE_COOKIE } from '../../src/server/auth/device';
import { SIGN_IN_BY_LINK_MESSAGE } from '../../src/server/auth/sign-in-link';
import { ACCOUNT_IP_LIMIT, ACCOUNT_LIMIT, DEVICE_LIMIT, IP_LIMIT, chargeAttempt } from '../../src/server/auth/throttle';
import { createUser } from './factories';
import { call } from './http';
import { errorAnswer } from './error-answer';

const WINDOW = 15 * 60;
const now = () => Math.floor(Date.now() / 1000);

function attempt(login: string, password: string, ip = '203.0.113.7', device?: string) {
  const headers: Record<string, string> = { 'CF-Connecting-IP': ip };
  if (device) headers.Cookie = `${DEVICE_COOKIE}=${device}`;
  return call('/api/auth/login', { body: { login, password }, headers });
}

async function failTimes(times: number, login: string, ip?: string, device?: string) {
  for (let i = 0; i < times; i++) {
    const res = await attempt(login, 'wrongpass1', ip, device);
    expect(res.status).toBe(401);
  }
}

/** The device token a sign-in answer sets. */
function deviceFrom(res: Response): string {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
  const token = cookie?.split(';')[0]?.slice(DEVICE_COOKIE.length + 1);
  if (!token) throw new Error('no device cookie');
  return token;
}

/** Moves every charge back in time, as if the clock had moved forward. */
async function ageHits(seconds: number) {
  await env.DB.prepare('UPDATE rate_limit_hits SET hit_at = hit_at - ?').bind(seconds).run();
}

async function hitCount(): Promise<number> {
  const row = await env.DB.prepare('SELECT count(*) AS n FROM rate_limit_hits').first<{ n: number }>();
  return row?.n ?? 0;
}

describe('sign-in throttling', () => {
  it('answers 429 after 10 failures for an account from one IP, even with the right password', async () => {
    const pat = await createUser();
    await failTimes(10, pat.email);
    const oldest = (await env.DB.prepare('SELECT min(hit_at) AS at FROM rate_limit_hits').first<{ at: number }>())!.at;
    const before = now();
    const res = await attempt(pat.email, pat.password!);
    const after = now() + 1;
    expect(res.status).toBe(429);
    // Free again when the oldest failure leaves the 15-minute window, however long the failures took.
    const retryAfter = Number(res.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThanOrEqual(oldest + WINDOW - after);
    expect(retryAfter).toBeLessThanOrEqual(oldest + WINDOW - before + 1);
    const minutes = Math.ceil(retryAfter / 60);
    expect(await res.json()).toEqual(errorAnswer(`Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`));
    // Another IP is a bucket of its own.
    expect((await attempt(pat.email, pat.password!, '198.51.100.1')).status).toBe(200);
  });

  it('charges simultaneous attempts before hashing: of 25 at once only 10 are let through', async () => {
    const source = { login: 'racer@example.com', ip: '192.0.2.50', knownDeviceHash: null };
    const t = now();
    const results = await Promise.allSettled(Array.from({ length: 25 }, () => chargeAttempt(env.DB, source, t)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(ACCOUNT_IP_LIMIT);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as { status: number }).status).toBe(429);
  });

  it('lets at most the limit of 25 simultaneous wrong sign-ins reach a password check', async () => {
    const pat = await createUser();
    const answers = await Promise.all(Array.from({ length: 25 }, () => attempt(pat.email, 'wrongpass1')));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(ACCOUNT_IP_LIMIT);
    expect(statuses.every((s) => [401, 429, 503].includes(s))).toBe(true);
    for (const r of answers) if (r.status !== 401) expect(Number(r.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await hitCount()).toBeLessThanOrEqual(3 * ACCOUNT_IP_LIMIT);
  });

  it('answers a burst of sign-ins with a session or a quick 503, charging nothing for either', async () => {
    // Which ones wait and which are turned away depends on timing; the gate's own test pins that down.
    const users = await Promise.all(Array.from({ length: 6 }, () => createUser()));
    const answers = await Promise.all(users.map((u, i) => attempt(u.email, u.password!, `192.0.2.${60 + i}`)));
    const ok = answers.filter((r) => r.status === 200);
    const busy = answers.filter((r) => r.status === 503);
    expect(ok.length).toBeGreaterThan(0);
    expect(ok.length + busy.length).toBe(6);
    for (const r of busy) {
      expect(r.headers.get('Retry-After')).toBe('1');
      expect(await r.json()).toEqual(errorAnswer('The server is busy checking passwords. Try again in a second.'));
    }
    // A good sign-in takes its charge back, and a turned-away one was never charged.
    expect(await hitCount()).toBe(0);
  });

  it("keeps the owner's known browser open while attackers elsewhere lock the account", async () => {
    const owner = await createUser();
    const device = deviceFrom(await attempt(owner.email, owner.password!, '198.51.100.20'));
    // Attackers on five IPs use up the account-wide allowance of unknown devices: their wrong
    // passwords are charges that were never taken back (charged directly here, to spare 50 hashes).
    for (let i = 0; i < ACCOUNT_LIMIT - 1; i++) {
      const source = { login: owner.email, ip: `192.0.2.${100 + (i % 5)}`, knownDeviceHash: null };
      await chargeAttempt(env.DB, source, now());
    }
    await failTimes(1, owner.email, '192.0.2.105');
    expect((await attempt(owner.email, 'wrongpass1', '192.0.2.120')).status).toBe(429);
    // The owner without the cookie, from a new IP, is asked for an e-mailed link (sign-in-link.test.ts).
    const newBrowser = await attempt(owner.email, owner.password!, '198.51.100.99');
    expect(newBrowser.status).toBe(429);
    expect(await newBrowser.json()).toEqual(errorAnswer(SIGN_IN_BY_LINK_MESSAGE));
    // The browser that signed in before is not.
    const known = await attempt(owner.email, owner.password!, '198.51.100.20', device);
    expect(known.status).toBe(200);
    expect(deviceFrom(known)).toBe(device);
  });

  it('does not take a device cookie issued for another account', async () => {
    const [pat, sam] = await Promise.all([createUser(), createUser()]);
    const patsDevice = deviceFrom(await attempt(pat.email, pat.password!, '198.51.100.30'));
    await failTimes(ACCOUNT_IP_LIMIT, sam.email, '198.51.100.30', patsDevice);
    expect((await attempt(sam.email, sam.password!, '198.51.100.30', patsDevice)).status).toBe(429);
  });

  it('throttles a known device by its own count of wrong passwords', async () => {
    const pat = await createUser();
    const device = deviceFrom(await attempt(pat.email, pat.password!));
    await failTimes(DEVICE_LIMIT, pat.email, '203.0.113.7', device);
    expect((await attempt(pat.email, pat.password!, '203.0.113.7', device)).status).toBe(429);
    // Its failures were not charged to the unknown-device counters.
    expect((await attempt(pat.email, pat.password!, '203.0.113.7')).status).toBe(200);
  });

  it('throttles an IP across different accounts', async () => {
    const pat = await createUser();
    for (let i = 0; i < IP_LIMIT - 1; i++) {
      await chargeAttempt(env.DB, { login: `guess${i}@example.com`, ip: '192.0.2.9', knownDeviceHash: null }, now());
    }
    expect((await attempt('one-more@example.com', 'wrongpass1', '192.0.2.9')).status).toBe(401);
    expect((await attempt(pat.email, pat.password!, '192.0.2.9')).status).toBe(429);
    expect((await attempt(pat.email, pat.password!, '192.0.2.10')).status).toBe(200);
  });

  it('throttles guesses at an address that has no account the same way', async () => {
    await failTimes(10, 'ghost@example.com', '192.0.2.20');
    const res = await attempt('GHOST@example.com', 'wrongpass1', '192.0.2.20');
    expect(res.status).toBe(429);
  });

  it('lets the account in again once the window has passed', async () => {
    const pat = await createUser();
    await failTimes(10, pat.email);
    await ageHits(WINDOW - 60);
    const stillBlocked = await attempt(pat.email, pat.password!);
    expect(stillBlocked.status).toBe(429);
    expect(Number(stillBlocked.headers.get('Retry-After'))).toBeLessThanOrEqual(60);
    expect(await stillBlocked.json()).toEqual(errorAnswer('Too many sign-in attempts. Try again in 1 minute.'));
    await ageHits(60);
    expect((await attempt(pat.email, pat.password!)).status).toBe(200);
  });

  it('counts only failures inside the window', async () => {
    const pat = await createUser();
    await failTimes(6, pat.email);
    await ageHits(WINDOW);
    await failTimes(4, pat.email);
    expect((await attempt(pat.email, pat.password!)).status).toBe(200);
  });

  it("a good sign-in clears its own account-and-IP count but not the IP's or the account's", async () => {
    const pat = await createUser();
    await failTimes(9, pat.email, '192.0.2.30');
    expect((await attempt(pat.email, pat.password!, '192.0.2.30')).status).toBe(200);
    const left = await env.DB.prepare('SELECT scope, count(*) AS n FROM rate_limit_hits GROUP BY scope ORDER BY scope').all<{
      scope: string;
      n: number;
    }>();
    expect(left.results).toEqual([
      { scope: `signin:account:${pat.email}`, n: 9 },
      { scope: 'signin:ip:192.0.2.30', n: 9 },
    ]);
  });

  it('charges attempts without CF-Connecting-IP to one shared counter', async () => {
    for (let i = 0; i < 3; i++) {
      await call('/api/auth/login', { body: { login: `guess${i}@example.com`, password: 'wrongpass1' } });
    }
    const row = await env.DB.prepare("SELECT count(*) AS n FROM rate_limit_hits WHERE scope = 'signin:ip:unknown'").first<{
      n: number;
    }>();
    expect(row?.n).toBe(3);
  });

  it('sets the device cookie HttpOnly and Strict, for the API only', async () => {
    const pat = await createUser();
    const res = await attempt(pat.email, pat.password!);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!;
    expect(cookie).toMatch(/^vd_device=[A-Za-z0-9_-]{43}; Path=\/api; HttpOnly; SameSite=Strict; Max-Age=\d+$/);
    const stored = await env.DB.prepare('SELECT token_hash FROM known_devices WHERE user_id = ?').bind(pat.id).all();
    expect(stored.results).toHaveLength(1);
    expect(JSON.stringify(stored.results)).not.toContain(deviceFrom(res));
  });
});
