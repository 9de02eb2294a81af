import { describe, expect, it } from 'vitest';
import { apportion, publicSubscriberCount } from './apportion';
import { dayNumber, isoDate, monthStart, weekday } from './dates';
import { channelYoutubeId, videoId } from './ids';
import { createRng } from './prng';

describe('apportion', () => {
  it('splits exactly and proportionally', () => {
    expect(apportion(10, [1, 1, 1])).toEqual([3, 4, 3]);
    expect(apportion(1000, [3, 1])).toEqual([750, 250]);
    expect(apportion(7, [0, 0, 0])).toEqual([7, 0, 0]);
  });

  it('keeps the sign of negative totals (net dislikes)', () => {
    const parts = apportion(-5, [2, 1, 1]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(-5);
    expect(parts.every((part) => part <= 0)).toBe(true);
  });
});

describe('publicSubscriberCount', () => {
  it('truncates to three significant figures from 1,000 up, like YouTube', () => {
    expect(publicSubscriberCount(999)).toBe(999);
    expect(publicSubscriberCount(1234)).toBe(1230);
    expect(publicSubscriberCount(10_789_123)).toBe(10_700_000);
  });
});

describe('dates', () => {
  it('round-trips ISO days and rejects impossible ones', () => {
    expect(isoDate(dayNumber('2024-02-29'))).toBe('2024-02-29');
    expect(() => dayNumber('2025-02-29')).toThrow();
    expect(() => dayNumber('21.11.2026')).toThrow();
  });

  it('knows weekdays and month starts in UTC', () => {
    expect(weekday(dayNumber('2026-11-21'))).toBe(6);
    expect(isoDate(monthStart(dayNumber('2026-03-31'), -1))).toBe('2026-02-01');
  });
});

describe('ids', () => {
  it('have YouTube shapes', () => {
    const rng = createRng(1, 'ids');
    for (let i = 0; i < 50; i++) {
      expect(channelYoutubeId(rng)).toMatch(/^UC[A-Za-z0-9_-]{21}[AQgw]$/);
      expect(videoId(rng)).toMatch(/^[A-Za-z0-9_-]{10}[AEIMQUYcgkosw048]$/);
    }
  });
});

describe('createRng', () => {
  it('repeats a stream for the same seed and name, and differs across names', () => {
    const draw = (seed: number, name: string) => {
      const rng = createRng(seed, name);
      return [rng.next(), rng.next(), rng.next()];
    };
    expect(draw(3, 'a')).toEqual(draw(3, 'a'));
    expect(draw(3, 'a')).not.toEqual(draw(3, 'b'));
    expect(draw(3, 'a')).not.toEqual(draw(4, 'a'));
  });
});
