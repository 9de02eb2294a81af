// At most a few password hashes at once per isolate: excess requests are turned away at once.
import { HttpError } from '../errors';

/**
 * An argon2id hash (19 MiB, 2 passes) runs synchronously in Wasm and holds the isolate's only
 * thread: ~70 ms measured in workerd on a 2-core machine (~200 ms under Node with the machine
 * loaded). Two admitted at once keep every other request of the isolate waiting at most ~0.15-0.4 s,
 * and still allow 5-14 sign-ins a second per isolate, far more than people sign in. This is per isolate on purpose: it protects
 * the isolate's own thread, not an account (the D1 counters do that).
 */
export const MAX_CONCURRENT_HASHES = 2;
/** A slot frees within one hash's time; a second is a polite wait. */
export const HASH_BUSY_RETRY_AFTER_SECONDS = 1;
export const HASH_BUSY_MESSAGE = 'The server is busy checking passwords. Try again in a second.';

let inFlight = 0;

/**
 * Runs work that hashes passwords if a slot is free; otherwise throws a 503 with Retry-After
 * without starting it, so bursts are refused in microseconds instead of queueing hashes.
 * @example const ok = await withHashSlot(() => verifyPassword(input, stored))
 */
export async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (inFlight >= MAX_CONCURRENT_HASHES) {
    throw new HttpError(503, HASH_BUSY_MESSAGE, { 'Retry-After': String(HASH_BUSY_RETRY_AFTER_SECONDS) });
  }
  inFlight += 1;
  try {
    return await work();
  } finally {
    inFlight -= 1;
  }
}
