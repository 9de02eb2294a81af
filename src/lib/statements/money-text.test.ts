import { describe, expect, it } from 'vitest';
import { exactUsd, sharePercent, usd } from './money-text';

describe('money text', () => {
  it('writes exact micros without floats', () => {
    expect(exactUsd(-1_234_567_891)).toBe('-$1,234.567891');
    expect(exactUsd(5)).toBe('$0.000005');
    expect(exactUsd(9_007_199_254_740_991)).toBe('$9,007,199,254.740991');
  });
  it('writes dollars and shares for reading', () => {
    expect(usd(1_234_567_891)).toBe('$1,234.57');
    expect(usd(5_000)).toBe('$0.01');
    expect(usd(-4_999)).toBe('$0.00');
    expect(usd(-1_005_000)).toBe('-$1.01');
    expect(sharePercent(7_050)).toBe('70.5%');
  });
});
