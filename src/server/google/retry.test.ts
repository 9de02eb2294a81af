// When a Google call is tried again, and how long it waits: worked by hand from the policy.
import { afterEach, expect, it, vi } from 'vitest';
import { GoogleApiError, send } from './http';
import { DEFAULT_RETRY, retryDelayMs, retryPolicy } from './retry';

const fixed = retryPolicy({ random: () => 0.5, sleep: async () => undefined });

afterEach(() => {
  vi.unstubAllGlobals();
});

it('backs off 429 and 5xx with jitter under a doubling ceiling, and stops after the last attempt', () => {
  // Ceilings 1 s, 2 s, 4 s; jitter 0.5 takes half.
  expect([1, 2, 3].map((attempt) => retryDelayMs(fixed, attempt, 503, null))).toEqual([500, 1_000, 2_000]);
  expect(retryDelayMs(fixed, 1, 429, null)).toBe(500);
  expect(retryDelayMs(fixed, DEFAULT_RETRY.attempts, 503, null)).toBeNull();
});

it('never retries another 4xx', () => {
  for (const status of [400, 401, 403, 404, 409]) expect(retryDelayMs(fixed, 1, status, '0')).toBeNull();
});

it("honours Retry-After (seconds or a date), and gives up when Google asks for longer than the policy's longest wait", () => {
  expect(retryDelayMs(fixed, 1, 429, '7')).toBe(7_000);
  const now = Date.parse('2026-03-05T12:00:00Z');
  expect(retryDelayMs(fixed, 1, 503, 'Thu, 05 Mar 2026 12:00:03 GMT', now)).toBe(3_000);
  expect(retryDelayMs(fixed, 1, 429, String(DEFAULT_RETRY.maxDelayMs / 1000 + 1))).toBeNull();
});

it('send retries 503 then 429 and answers the third attempt; each attempt runs the before-attempt hook once', async () => {
  const answers = [
    new Response('{}', { status: 503 }),
    new Response('{}', { status: 429, headers: { 'Retry-After': '2' } }),
    new Response('{"ok":1}'),
  ];
  const fetchMock = vi.fn(async () => answers.shift()!);
  vi.stubGlobal('fetch', fetchMock);
  const waits: number[] = [];
  let paid = 0;
  const res = await send(
    'test',
    'https://example.test/x',
    {},
    {
      retry: { random: () => 0.25, sleep: async (ms) => void waits.push(ms) },
      beforeAttempt: async () => void (paid += 1),
    },
  );
  expect(await res.json()).toEqual({ ok: 1 });
  expect(fetchMock).toHaveBeenCalledTimes(3);
  expect(waits).toEqual([250, 2_000]);
  expect(paid).toBe(3);
});

it('send does not retry a 403, and sends nothing when the hook refuses or the caller already gave up', async () => {
  const fetchMock = vi.fn(async () => new Response('{"error":{"message":"quotaExceeded"}}', { status: 403 }));
  vi.stubGlobal('fetch', fetchMock);
  await expect(send('test', 'https://example.test/x', {}, { retry: { sleep: async () => undefined } })).rejects.toThrow(GoogleApiError);
  expect(fetchMock).toHaveBeenCalledTimes(1);

  await expect(
    send('test', 'https://example.test/x', {}, { beforeAttempt: async () => Promise.reject(new Error('no units')) }),
  ).rejects.toThrow('no units');
  const aborted = AbortSignal.abort();
  let paid = 0;
  await expect(
    send('test', 'https://example.test/x', { signal: aborted }, { beforeAttempt: async () => void (paid += 1) }),
  ).rejects.toThrow();
  expect(paid).toBe(0);
  expect(fetchMock).toHaveBeenCalledTimes(1);
});

it('gives the units back when the request never reached Google (no connection), not when it timed out', async () => {
  let refunds = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Promise.reject(new TypeError('connect ECONNREFUSED'))),
  );
  await expect(send('test', 'https://example.test/x', {}, { unsent: async () => void (refunds += 1) })).rejects.toThrow('ECONNREFUSED');
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Promise.reject(new DOMException('timed out', 'TimeoutError'))),
  );
  await expect(send('test', 'https://example.test/x', {}, { unsent: async () => void (refunds += 1) })).rejects.toThrow('timed out');
  expect(refunds).toBe(1);
});
