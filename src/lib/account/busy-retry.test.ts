import { describe, expect, it } from 'vitest';
import { BUSY_SPREAD_MS, MAX_BUSY_ATTEMPTS, MAX_BUSY_WAIT_SECONDS, busyDelayMs, busyWaitSeconds, withBusyRetry } from './busy-retry';

class Answer extends Error {
  constructor(
    readonly status: number,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`answer ${status}`);
  }
}

/** A call that fails with the given answers in turn, then succeeds; counts its tries. */
function scripted(failures: Answer[]) {
  let tries = 0;
  return {
    send: async () => {
      const failure = failures[tries++];
      if (failure) throw failure;
      return 'signed in';
    },
    tries: () => tries,
  };
}

describe('busy retry', () => {
  it('reads a busy answer only: its Retry-After, 1 s when it names none, null for anything else', () => {
    expect(busyWaitSeconds(new Answer(503, 3))).toBe(3);
    expect(busyWaitSeconds(new Answer(503))).toBe(1);
    expect(busyWaitSeconds(new Answer(429, 600))).toBeNull();
    expect(busyWaitSeconds(new Answer(401))).toBeNull();
    expect(busyWaitSeconds(new Error('no answer'))).toBeNull();
    expect(busyWaitSeconds(null)).toBeNull();
  });

  it('waits Retry-After plus the spread, bounded', () => {
    expect(busyDelayMs(1, 0)).toBe(1000);
    expect(busyDelayMs(1, 0.5)).toBe(1000 + BUSY_SPREAD_MS / 2);
    expect(busyDelayMs(2, 0.999)).toBe(2000 + Math.floor(0.999 * BUSY_SPREAD_MS));
    expect(busyDelayMs(3600, 0)).toBe(MAX_BUSY_WAIT_SECONDS * 1000);
    expect(busyDelayMs(-4, 0)).toBe(0);
  });

  it('tries again after each busy answer, one try at a time, and returns the answer', async () => {
    const call = scripted([new Answer(503, 1), new Answer(503, 2)]);
    const waits: number[] = [];
    const retries: number[] = [];
    let inFlight = 0;
    const send = async () => {
      inFlight++;
      expect(inFlight).toBe(1);
      try {
        return await call.send();
      } finally {
        inFlight--;
      }
    };
    const answer = await withBusyRetry(send, {
      wait: async (ms) => void waits.push(ms),
      onRetry: (retry) => retries.push(retry),
      random: () => 0.25,
    });
    expect(answer).toBe('signed in');
    expect(call.tries()).toBe(3);
    expect(waits).toEqual([1000 + 0.25 * BUSY_SPREAD_MS, 2000 + 0.25 * BUSY_SPREAD_MS]);
    expect(retries).toEqual([1, 2]);
  });

  it('gives up after the bounded number of tries with the last busy answer', async () => {
    const busy = Array.from({ length: 10 }, () => new Answer(503, 1));
    const call = scripted(busy);
    const waits: number[] = [];
    await expect(withBusyRetry(call.send, { wait: async (ms) => void waits.push(ms), random: () => 0 })).rejects.toBe(
      busy[MAX_BUSY_ATTEMPTS - 1],
    );
    expect(call.tries()).toBe(MAX_BUSY_ATTEMPTS);
    expect(waits).toHaveLength(MAX_BUSY_ATTEMPTS - 1);
  });

  it('passes any other failure straight on, without waiting', async () => {
    for (const failure of [new Answer(401), new Answer(429, 60), new Answer(500)]) {
      const call = scripted([failure]);
      const waits: number[] = [];
      await expect(withBusyRetry(call.send, { wait: async (ms) => void waits.push(ms) })).rejects.toBe(failure);
      expect(call.tries()).toBe(1);
      expect(waits).toEqual([]);
    }
  });
});
