import { describe, expect, it } from 'vitest';
import { clampWindowStart, windowSize } from './window';

describe('rank chart window', () => {
  it('shows 5 points below 705px and 11 from 705px', () => {
    expect(windowSize(704)).toBe(5);
    expect(windowSize(705)).toBe(11);
  });
  it('keeps the window inside the data', () => {
    expect(clampWindowStart(20, 5, 12)).toBe(7);
    expect(clampWindowStart(-3, 5, 12)).toBe(0);
    expect(clampWindowStart(4, 11, 6)).toBe(0);
  });
});
