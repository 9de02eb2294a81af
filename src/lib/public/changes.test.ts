import { describe, expect, it } from 'vitest';
import { absoluteChange, formatSignedCount, publicPercentChange } from './changes';

describe('public changes', () => {
  it('gives a percent of a positive base, to 2 decimals', () => {
    expect(publicPercentChange(150, 100)).toBe(50);
    expect(publicPercentChange(1, 3)).toBe(-66.67);
    expect(publicPercentChange(-50, 100)).toBe(-150);
  });
  it('gives no percent of a base of 0 or below, or of none', () => {
    // −3,000 → −2,000: a rise of 1,000, which a percent of the negative base would call +33.33%.
    expect(publicPercentChange(-2000, -3000)).toBeNull();
    expect(publicPercentChange(10, 0)).toBeNull();
    expect(publicPercentChange(10, null)).toBeNull();
    expect(publicPercentChange(10, undefined)).toBeNull();
  });
  it('gives the absolute change instead, signed with the minus sign', () => {
    expect(absoluteChange(-2000, -3000)).toBe(1000);
    expect(absoluteChange(5, null)).toBeNull();
    expect(formatSignedCount(1000)).toBe('+1,000');
    expect(formatSignedCount(-250)).toBe('\u2212250');
    expect(formatSignedCount(0)).toBe('0');
  });
});
