// The daily window's first day, worked by hand.
import { describe, expect, it } from 'vitest';
import { windowStart } from './window';

describe('windowStart', () => {
  it('counts the latest day as the first of the window', () => {
    // 2026-11-22 back 199 days: 22 in November, 31, 30, 31, 31, 30 (October to June) = 175, 24 in May.
    expect(windowStart('2026-11-22', 200)).toBe('2026-05-07');
    expect(windowStart('2026-11-20', 120)).toBe('2026-07-24');
    expect(windowStart('2024-03-01', 90)).toBe('2023-12-03');
  });
});
