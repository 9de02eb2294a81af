// Thirty people of one office sign in at the same moment: the hash gate turns most away with 503
// "busy", and the sign-in page's retry (src/lib/account/busy-retry.ts) brings every one of them in.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/client/api';
import { MAX_BUSY_ATTEMPTS, withBusyRetry } from '../../src/lib/account/busy-retry';
import { createUsers } from './factories';
import { call, sessionTokenFrom } from './http';

const PEOPLE = 30;
const PASSWORD = 'bluefinch30';
const OFFICE_IP = '198.51.100.200';
/** Thirty hashes and a few rounds of Retry-After: seconds, more on a busy machine. */
const BURST_TEST_BUDGET_MS = 120_000;

/** The page's timer: the retry waits what the server asked for, on the real clock. */
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One sign-in as the page sends it; a refusal becomes the ApiError the page's client throws. */
async function signInOnce(login: string): Promise<string> {
  const res = await call('/api/auth/login', { body: { login, password: PASSWORD }, headers: { 'CF-Connecting-IP': OFFICE_IP } });
  if (!res.ok) {
    const retryAfter = res.headers.get('Retry-After');
    throw new ApiError(((await res.json()) as { error: string }).error, res.status, retryAfter === null ? null : Number(retryAfter));
  }
  const token = sessionTokenFrom(res);
  if (!token) throw new Error('a sign-in answered 200 without a session');
  return token;
}

async function office(): Promise<string[]> {
  const colleagues = await createUsers(
    Array.from({ length: PEOPLE }, (_, i) => `colleague${i}@example.com`),
    PASSWORD,
  );
  return colleagues.map((colleague) => colleague.email);
}

describe('a burst of sign-ins', () => {
  it(
    'brings 30 simultaneous sign-ins in through busy answers, each retried a bounded number of times',
    async () => {
      const emails = await office();
      const tries = new Map<string, number>();
      const busy = new Map<string, number>();
      const sessions = await Promise.all(
        emails.map((email) =>
          withBusyRetry(
            () => {
              tries.set(email, (tries.get(email) ?? 0) + 1);
              return signInOnce(email);
            },
            { wait: pause, onRetry: () => busy.set(email, (busy.get(email) ?? 0) + 1) },
          ),
        ),
      );
      expect(new Set(sessions).size).toBe(PEOPLE);
      for (const email of emails) {
        expect(tries.get(email)).toBeLessThanOrEqual(MAX_BUSY_ATTEMPTS);
        // Every try past the first followed a busy answer, and nothing else was retried.
        expect(tries.get(email)).toBe(1 + (busy.get(email) ?? 0));
      }
      // The gate lets through a few at once and holds a few more: 30 at once cannot all pass first time.
      expect([...busy.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
      // Each is a working session, and good sign-ins left no charge behind on the office's IP.
      const statuses = await Promise.all(sessions.map((session) => call('/api/auth/status', { session })));
      for (const res of statuses) expect(((await res.json()) as { data: { isauth: boolean } }).data.isauth).toBe(true);
      const left = await env.DB.prepare('SELECT count(*) AS n FROM rate_limit_hits').first<{ n: number }>();
      expect(left?.n).toBe(0);
    },
    BURST_TEST_BUDGET_MS,
  );
});
