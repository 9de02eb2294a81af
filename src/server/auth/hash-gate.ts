// At most a few password hashes at once per isolate, a short bounded wait behind them, and a
// quick 503 past that.
import { HttpError } from '../http/errors';

/**
 * An argon2id hash (19 MiB of Wasm memory, 2 passes) holds the isolate's only thread for ~70 ms in
 * workerd on a 2-core machine, and every hash under way holds its 19 MiB: unbounded, 30-60 sign-ins
 * at once took a local isolate past its memory and restarted it. Two at once keep other requests
 * waiting at most a fraction of a second. This is per isolate on purpose: it protects the isolate's
 * own thread and memory, not an account (the D1 counters do that).
 */
export const MAX_CONCURRENT_HASHES = 2;
/**
 * Attempts that may wait for a slot: an ordinary burst (a team signing in at nine) waits a moment
 * instead of being turned away, while a flood is refused at once.
 */
export const MAX_WAITING_HASHES = 8;
/** A waiter that has not had a slot by then is turned away: the isolate is overloaded. */
export const HASH_WAIT_LIMIT_MS = 2_000;
/**
 * Waiters look for a free slot this often. Each waits on a timer of its own request: a promise
 * resolved from another request's code is something the Workers runtime cancels as hung.
 */
export const HASH_WAIT_POLL_MS = 25;
/**
 * A slot still held after this long is taken back: a request cancelled by the runtime (client gone,
 * hung) never reaches its `finally`, and without this one lost slot would lock sign-ins for good.
 */
export const HASH_SLOT_EXPIRY_MS = 30_000;
/** A slot frees within one hash's time; a second is a polite wait. */
export const HASH_BUSY_RETRY_AFTER_SECONDS = 1;
export const HASH_BUSY_MESSAGE = 'The server is busy checking passwords. Try again in a second.';

/** When each held slot and each waiter started (ms); entries past their expiry are dropped. */
const held = new Set<{ since: number }>();
const waiters = new Set<{ since: number }>();

function dropExpired(entries: Set<{ since: number }>, olderThanMs: number, now: number): void {
  for (const entry of entries) if (now - entry.since > olderThanMs) entries.delete(entry);
}

function busy(): HttpError {
  return new HttpError(503, HASH_BUSY_MESSAGE, { 'Retry-After': String(HASH_BUSY_RETRY_AFTER_SECONDS) });
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A slot of this caller's, once one is free; a 503 when too many wait or the wait is too long. */
async function takeSlot(): Promise<{ since: number }> {
  const started = Date.now();
  dropExpired(held, HASH_SLOT_EXPIRY_MS, started);
  // A waiter cancelled by the runtime is forgotten once it could no longer be waiting.
  dropExpired(waiters, HASH_WAIT_LIMIT_MS + HASH_WAIT_POLL_MS, started);
  if (held.size >= MAX_CONCURRENT_HASHES && waiters.size >= MAX_WAITING_HASHES) throw busy();
  const waiter = { since: started };
  waiters.add(waiter);
  try {
    while (held.size >= MAX_CONCURRENT_HASHES) {
      if (Date.now() - started >= HASH_WAIT_LIMIT_MS) throw busy();
      await pause(HASH_WAIT_POLL_MS);
      dropExpired(held, HASH_SLOT_EXPIRY_MS, Date.now());
    }
  } finally {
    waiters.delete(waiter);
  }
  const slot = { since: Date.now() };
  held.add(slot);
  return slot;
}

/**
 * Runs work that hashes passwords once a slot is free. Past the slots and the short wait, it is
 * refused in microseconds with a 503 and Retry-After instead of queueing hashes without end.
 * @example const ok = await withHashSlot(() => verifyPassword(input, stored))
 */
export async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  const slot = await takeSlot();
  try {
    return await work();
  } finally {
    held.delete(slot);
  }
}
