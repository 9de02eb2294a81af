// The hash gate: two slots, a short queue in arrival order, and a quick 503 past it or after the wait limit.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../errors';
import { HASH_WAIT_LIMIT_MS, MAX_CONCURRENT_HASHES, MAX_WAITING_HASHES, withHashSlot } from './hash-gate';

/** Work that runs until its release() is called, recording when it started. */
function heldWork(started: number[], id: number) {
  let release = () => {};
  const done = new Promise<number>((resolve) => {
    release = () => resolve(id);
  });
  return { work: () => { started.push(id); return done; }, release: () => release() };
}

const settle = () => new Promise((r) => setImmediate(r));

afterEach(() => vi.useRealTimers());

describe('withHashSlot', () => {
  it('runs two at once, queues the next ones in order and turns the rest away with a 503', async () => {
    const started: number[] = [];
    const jobs = Array.from({ length: MAX_CONCURRENT_HASHES + MAX_WAITING_HASHES + 1 }, (_, i) => heldWork(started, i));
    const runs = jobs.map((j) => withHashSlot(j.work).catch((e: unknown) => e));
    await settle();
    expect(started).toEqual([0, 1]);
    const refused = await runs.at(-1);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(503);
    expect((refused as HttpError).headers['Retry-After']).toBe('1');

    jobs[1]!.release();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    for (const j of jobs.slice(0, -1)) j.release();
    for (let i = 0; i < jobs.length; i++) await settle();
    expect(started).toEqual(jobs.slice(0, -1).map((_, i) => i));
    expect(await Promise.all(runs.slice(0, -1))).toEqual(jobs.slice(0, -1).map((_, i) => i));
    // Every slot is free again: a new caller starts at once.
    const next = heldWork(started, 99);
    const run = withHashSlot(next.work);
    await settle();
    expect(started.at(-1)).toBe(99);
    next.release();
    await run;
  });

  it('turns a waiter away once it has waited the limit, and its place is not handed a slot', async () => {
    vi.useFakeTimers();
    const started: number[] = [];
    const holders = [heldWork(started, 0), heldWork(started, 1)];
    const held = holders.map((h) => withHashSlot(h.work));
    const waiter = heldWork(started, 2);
    const waited = withHashSlot(waiter.work).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(HASH_WAIT_LIMIT_MS);
    expect(((await waited) as HttpError).status).toBe(503);
    for (const h of holders) h.release();
    await Promise.all(held);
    expect(started).toEqual([0, 1]);
  });
});
