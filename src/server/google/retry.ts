// When a Google call is tried again: 429 and 5xx only, a bounded number of attempts, exponential
// backoff with full jitter, Google's Retry-After honoured. Pure, with sleep and randomness injectable.

/** How `send` retries; tests pass their own sleep (no real waits) and random (a fixed jitter). */
export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  /** The first backoff's ceiling; each next one doubles it. */
  baseDelayMs: number;
  /** No backoff (nor Retry-After) waits longer: a longer wait is left to the next run. */
  maxDelayMs: number;
  sleep: (ms: number) => Promise<void>;
  /** A number in [0, 1): the jitter. */
  random: () => number;
}

/** Four attempts over at most about 7 s of backoff: a blip passes, an outage is left to the next hourly run. */
export const DEFAULT_RETRY: RetryPolicy = {
  attempts: 4,
  baseDelayMs: 1_000,
  maxDelayMs: 30_000,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random: Math.random,
};

/** The default policy with some parts replaced. */
export const retryPolicy = (overrides: Partial<RetryPolicy> = {}): RetryPolicy => ({ ...DEFAULT_RETRY, ...overrides });

/** Too many requests, or Google's side failing: worth another attempt. Every other 4xx is final. */
export const isRetryable = (status: number): boolean => status === 429 || (status >= 500 && status <= 599);

/** Retry-After in ms: delta-seconds or an HTTP date (against `now`); null when absent or unreadable. */
export function retryAfterMs(value: string | null, now: number = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1_000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * How long to wait before attempt `attempt + 1`, or null when the answer is final: not retryable, the
 * attempts are used up, or Google asks for a longer wait than the policy allows.
 * @example retryDelayMs(policy, 1, 503, null) // a jittered wait in [0, 1000)
 */
export function retryDelayMs(policy: RetryPolicy, attempt: number, status: number, retryAfter: string | null, now?: number): number | null {
  if (!isRetryable(status) || attempt >= policy.attempts) return null;
  const asked = retryAfterMs(retryAfter, now);
  if (asked !== null) return asked <= policy.maxDelayMs ? asked : null;
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.floor(policy.random() * ceiling);
}
