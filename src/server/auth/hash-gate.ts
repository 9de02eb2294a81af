// At most a few password hashes at once per isolate, a short bounded queue behind them, and a
// quick 503 past that.
import { HttpError } from '../errors';

/**
 * An argon2id hash (19 MiB, 2 passes) runs synchronously in Wasm and holds the isolate's only
 * thread: ~70 ms measured in workerd on a 2-core machine (~200 ms under Node with the machine
 * loaded). Two admitted at once keep every other request of the isolate waiting at most ~0.15-0.4 s,
 * and still allow 5-14 sign-ins a second per isolate, far more than people sign in. This is per
 * isolate on purpose: it protects the isolate's own thread, not an account (the D1 counters do that).
 */
export const MAX_CONCURRENT_HASHES = 2;
/**
 * Sign-ins that may wait for a slot. A short queue absorbs an ordinary burst (a team signing in
 * at nine) without turning people away; at ~70 ms a hash, 8 waiting clear in well under a second.
 */
export const MAX_WAITING_HASHES = 8;
/** A waiter that has not had a slot by then is turned away: the isolate is overloaded. */
export const HASH_WAIT_LIMIT_MS = 2_000;
/** A slot frees within one hash's time; a second is a polite wait. */
export const HASH_BUSY_RETRY_AFTER_SECONDS = 1;
export const HASH_BUSY_MESSAGE = 'The server is busy checking passwords. Try again in a second.';

let inFlight = 0;
const waiting: Array<() => void> = [];

function busy(): HttpError {
  return new HttpError(503, HASH_BUSY_MESSAGE, { 'Retry-After': String(HASH_BUSY_RETRY_AFTER_SECONDS) });
}

/** Resolves once a slot is this caller's; throws a 503 when the queue is full or the wait too long. */
async function takeSlot(): Promise<void> {
  if (inFlight < MAX_CONCURRENT_HASHES) {
    inFlight += 1;
    return;
  }
  if (waiting.length >= MAX_WAITING_HASHES) throw busy();
  await new Promise<void>((resolve, reject) => {
    const wake = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      const at = waiting.indexOf(wake);
      if (at >= 0) waiting.splice(at, 1);
      reject(busy());
    }, HASH_WAIT_LIMIT_MS);
    waiting.push(wake);
  });
  // The releasing caller handed its slot over: inFlight was not decremented for us.
}

function releaseSlot(): void {
  const next = waiting.shift();
  if (next) next();
  else inFlight -= 1;
}

/**
 * Runs work that hashes passwords once a slot is free. Bursts past the slots and the short queue
 * are refused in microseconds with a 503 and Retry-After instead of queueing hashes without end.
 * @example const ok = await withHashSlot(() => verifyPassword(input, stored))
 */
export async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  await takeSlot();
  try {
    return await work();
  } finally {
    releaseSlot();
  }
}
