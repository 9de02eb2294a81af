// The hash gate: two slots, a short bounded wait, a quick 503 past it, and slots taken back from
// requests that never finished.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../http/errors';
import {
  HASH_SLOT_EXPIRY_MS,
  HASH_WAIT_LIMIT_MS,
  HASH_WAIT_POLL_MS,
  MAX_CONCURRENT_HASHES,
  MAX_WAITING_HASHES,
  withHashSlot,
} from './hash-gate';

/** Work that runs until its release() is called, recording that it started. */
function heldWork(started: number[], id: number) {
  let release = () => {};
  const done = new Promise<number>((resolve) => {
    release = () => resolve(id);
  });
  return {
    work: () => {
      started.push(id);
      return done;
    },
    release: () => release(),
  };
}

const statusOf = (e: unknown) => (e instanceof HttpError ? e.status : e);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('withHashSlot', () => {
  it('runs two at once, lets the next ones wait for a slot and turns the rest away with a 503', async () => {
    const started: number[] = [];
    const jobs = Array.from({ length: MAX_CONCURRENT_HASHES + MAX_WAITING_HASHES + 1 }, (_, i) => heldWork(started, i));
    const runs = jobs.map((j) => withHashSlot(j.work).catch((e: unknown) => e));
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual([0, 1]);
    const refused = await runs.at(-1);
    expect(statusOf(refused)).toBe(503);
    expect((refused as HttpError).headers['Retry-After']).toBe('1');

    jobs[1]!.release();
    await vi.advanceTimersByTimeAsync(HASH_WAIT_POLL_MS);
    expect(started).toHaveLength(3);
    for (const j of jobs.slice(0, -1)) j.release();
    await vi.advanceTimersByTimeAsync(HASH_WAIT_POLL_MS * MAX_WAITING_HASHES);
    expect([...started].sort((a, b) => a - b)).toEqual(jobs.slice(0, -1).map((_, i) => i));
    expect(await Promise.all(runs.slice(0, -1))).toEqual(jobs.slice(0, -1).map((_, i) => i));
  });

  it('turns a waiter away once it has waited the limit, without running its work', async () => {
    const started: number[] = [];
    const holders = [heldWork(started, 0), heldWork(started, 1)];
    const running = holders.map((h) => withHashSlot(h.work));
    const waited = withHashSlot(heldWork(started, 2).work).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(HASH_WAIT_LIMIT_MS + HASH_WAIT_POLL_MS);
    expect(statusOf(await waited)).toBe(503);
    for (const h of holders) h.release();
    await Promise.all(running);
    expect(started).toEqual([0, 1]);
  });

  it('takes back slots held past their expiry, as by requests the runtime cancelled', async () => {
    const started: number[] = [];
    // Never released: like requests cancelled before their finally ran.
    void withHashSlot(heldWork(started, 0).work);
    void withHashSlot(heldWork(started, 1).work);
    await vi.advanceTimersByTimeAsync(HASH_SLOT_EXPIRY_MS + 1);
    const next = heldWork(started, 2);
    const run = withHashSlot(next.work);
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual([0, 1, 2]);
    next.release();
    expect(await run).toBe(2);
  });
});
