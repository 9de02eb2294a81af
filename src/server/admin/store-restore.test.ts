import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors';
import type { StoreHistory } from '../partner-store/store-history';
import { restoreStore, restoreTimeProblem, restoreWindow } from './store-restore';

/** Network 7's first store. */
const SEVEN = { networkId: 7, bucket: 0 };

const NOW = Date.parse('2026-11-27T12:00:00Z');
const MINUTE = 60_000;

/**
 * A store's history as Cloudflare documents it, by hand: a bookmark per millisecond, the bookmark of the
 * moment just before a scheduled restore as its undo, a restart that answers with its reason.
 */
function recordingStore(calls: string[]): () => StoreHistory {
  const mark = (ms: number) => `0000-${ms.toString(16)}`;
  return () => ({
    bookmarks: async (at) => {
      calls.push(at === null ? 'now' : `now, at ${new Date(at).toISOString()}`);
      return { now: mark(NOW), at: at === null ? null : mark(at) };
    },
    scheduleRestore: async (bookmark) => {
      calls.push(`schedule ${bookmark}`);
      return mark(NOW + 1);
    },
    restart: async (reason) => {
      calls.push('restart');
      throw new Error(reason);
    },
    size: async () => {
      calls.push('size');
      return 4096;
    },
  });
}

describe('restoring a network store', () => {
  it('bounds the moment: not in the future, inside the 30 days less the edge', () => {
    const { earliest, latest } = restoreWindow(NOW);
    expect(new Date(earliest).toISOString()).toBe('2026-10-28T12:10:00.000Z');
    expect(latest).toBe(NOW);
    expect(restoreTimeProblem(NOW, NOW)).toBeNull();
    expect(restoreTimeProblem(earliest, NOW)).toBeNull();
    expect(restoreTimeProblem(earliest - 1, NOW)).toBe(
      "2026-10-28T12:09:59.999Z is older than the 30 days a store's history keeps (the earliest is 2026-10-28T12:10:00.000Z): rebuild the store from the archive instead (npm run admin -- replay).",
    );
    expect(restoreTimeProblem(NOW + 1, NOW)).toBe(
      '2026-11-27T12:00:00.001Z is in the future (now is 2026-11-27T12:00:00.000Z): give a past moment.',
    );
    expect(restoreTimeProblem(Number.NaN, NOW)).toMatch(/ISO time/);
  });

  it('takes the bookmark of now first, then the moment, schedules it and restarts the store', async () => {
    const calls: string[] = [];
    const to = NOW - 90 * MINUTE;
    const restored = await restoreStore(recordingStore(calls), SEVEN, { to }, NOW);
    expect(calls).toEqual(['now, at 2026-11-27T10:30:00.000Z', `schedule 0000-${to.toString(16)}`, 'restart', 'size']);
    expect(restored).toEqual({
      network_id: 7,
      bucket: 0,
      to: '2026-11-27T10:30:00.000Z',
      now_bookmark: `0000-${NOW.toString(16)}`,
      bookmark: `0000-${to.toString(16)}`,
      undo_bookmark: `0000-${(NOW + 1).toString(16)}`,
      size_after: 4096,
    });
  });

  it('restores to a bookmark a restore printed without asking for a moment', async () => {
    const calls: string[] = [];
    const restored = await restoreStore(recordingStore(calls), SEVEN, { bookmark: '0000-abc' }, NOW);
    expect(calls).toEqual(['now', 'schedule 0000-abc', 'restart', 'size']);
    expect(restored.to).toBeNull();
    expect(restored.bookmark).toBe('0000-abc');
  });

  it('refuses a moment out of bounds before asking the store anything', async () => {
    const calls: string[] = [];
    const error = await restoreStore(recordingStore(calls), SEVEN, { to: NOW + MINUTE }, NOW).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(400);
    expect(calls).toEqual([]);
  });

  it('passes on a restart that fails for another reason than its own', async () => {
    const store = recordingStore([]);
    const broken = () => ({ ...store(), restart: async () => Promise.reject(new Error('network lost')) });
    await expect(restoreStore(broken, SEVEN, { to: NOW - MINUTE }, NOW)).rejects.toThrow('network lost');
  });
});
