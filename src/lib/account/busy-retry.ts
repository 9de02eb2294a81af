// Trying a call again while the server answers 503 "busy" with Retry-After: a few times, each after
// the wait the server asked for plus a short random spread, so a crowd turned away together does not
// come back together.
import { MS_PER_SECOND } from '../dates/time';

export const BUSY_STATUS = 503;
/**
 * Tries in all, the first included: with Retry-After: 1, at most 7 × 1.5 s of waiting before giving
 * up. Thirty sign-ins at once on a local server whose 2 cores ran 20 jobs (each hash ~0.8 s instead of
 * 70 ms) needed up to 6, so 8 leaves a margin while still ending a wait the server will not end.
 */
export const MAX_BUSY_ATTEMPTS = 8;
/** The wait when a busy answer names none. */
export const DEFAULT_BUSY_WAIT_SECONDS = 1;
/** A longer Retry-After is cut to this: a person is waiting at the page. */
export const MAX_BUSY_WAIT_SECONDS = 5;
/** Each retry waits up to this much longer than Retry-After, at random. */
export const BUSY_SPREAD_MS = 500;

/** What the retry reads of a failure: the shape of the browser client's ApiError. */
export interface AnswerLike {
  status: number;
  retryAfterSeconds?: number | null;
}

/** The seconds to wait when the failure is a busy answer; null for any other failure. */
export function busyWaitSeconds(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || (error as AnswerLike).status !== BUSY_STATUS) return null;
  return (error as AnswerLike).retryAfterSeconds ?? DEFAULT_BUSY_WAIT_SECONDS;
}

/** How long to wait before a retry: Retry-After (bounded) plus random × the spread. */
export function busyDelayMs(retryAfterSeconds: number, random: number): number {
  const seconds = Math.min(Math.max(retryAfterSeconds, 0), MAX_BUSY_WAIT_SECONDS);
  return seconds * MS_PER_SECOND + Math.floor(random * BUSY_SPREAD_MS);
}

export interface BusyRetryOptions {
  /** Waits that long (the page: a timer; tests: their own clock). */
  wait: (ms: number) => Promise<void>;
  /** Told before each retry, numbered from 1, and how long it waits: the page says it is retrying. */
  onRetry?: (retry: number, delayMs: number) => void;
  /** A number in [0, 1): Math.random unless a test pins it. */
  random?: () => number;
  maxAttempts?: number;
}

/**
 * Runs send, and again after each busy answer until it succeeds, fails otherwise, or has been tried
 * maxAttempts times (the last failure then goes to the caller). One try at a time: never two at once.
 * @example await withBusyRetry(() => apiPost('/api/auth/login', body), { wait: pause, onRetry: () => say('Busy, retrying…') })
 */
export async function withBusyRetry<T>(send: () => Promise<T>, options: BusyRetryOptions): Promise<T> {
  const maxAttempts = options.maxAttempts ?? MAX_BUSY_ATTEMPTS;
  const random = options.random ?? Math.random;
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      const seconds = busyWaitSeconds(error);
      if (seconds === null || attempt >= maxAttempts) throw error;
      const delayMs = busyDelayMs(seconds, random());
      options.onRetry?.(attempt, delayMs);
      await options.wait(delayMs);
    }
  }
}
