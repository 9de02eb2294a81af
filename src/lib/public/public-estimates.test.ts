import { describe, expect, it } from 'vitest';
import { estimateEarnings, formatMoneyRange } from './public-estimates';

describe('estimateEarnings', () => {
  it('multiplies thousands of views by the tier range and the category factor', () => {
    // US is tier 1 ($1.5–$6 per 1,000), Science & Technology (28) pays 1.6×.
    expect(estimateEarnings(1_000_000, 'US', 28)).toEqual({ low: 2400, high: 9600 });
  });

  it('falls back to the lowest tier and factor 1 when country and category are unknown', () => {
    expect(estimateEarnings(10_000, null, null)).toEqual({ low: 1, high: 8 });
  });

  it('never goes below zero', () => {
    expect(estimateEarnings(-500, 'GB', 24)).toEqual({ low: 0, high: 0 });
  });

  it('formats as a compact dollar range', () => {
    expect(formatMoneyRange({ low: 2400, high: 9600 })).toBe('$2.4K – $9.6K');
    expect(formatMoneyRange({ low: 950, high: 228_240 })).toBe('$950 – $228K');
    expect(formatMoneyRange({ low: 1_050_000, high: 12_000_000_000 })).toBe('$1.1M – $12B');
  });
});
