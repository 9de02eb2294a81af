import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { partnerShare } from './share';

describe('partnerShare', () => {
  it('rounds down to the micro, negatives included', () => {
    expect(partnerShare(1_000_001, 7_000)).toBe(700_000);
    expect(partnerShare(-1_000_001, 7_000)).toBe(-700_001);
    expect(partnerShare(-1_000_000, 7_000)).toBe(-700_000);
    expect(partnerShare(5, 10_000)).toBe(5);
    expect(partnerShare(5, 0)).toBe(0);
  });

  it('is the largest amount whose share does not exceed gross × bps (checked by multiplication)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 52), max: 2 ** 52 }), fc.integer({ min: 0, max: 10_000 }), (gross, bps) => {
        const amount = BigInt(partnerShare(gross, bps));
        const exact = BigInt(gross) * BigInt(bps);
        expect(amount * 10_000n <= exact).toBe(true);
        expect((amount + 1n) * 10_000n > exact).toBe(true);
      }),
    );
  });

  it('refuses what is not whole micros or a share', () => {
    expect(() => partnerShare(1.5, 100)).toThrow(RangeError);
    expect(() => partnerShare(1, 10_001)).toThrow(RangeError);
    expect(() => partnerShare(1, -1)).toThrow(RangeError);
  });
});
