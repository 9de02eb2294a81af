import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { partnerShare, proportional } from './share';

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

describe('proportional', () => {
  it('is the amount itself for the whole, floor otherwise, negatives down', () => {
    expect(proportional(700, 10, 10)).toBe(700);
    expect(proportional(701, 1, 2)).toBe(350);
    expect(proportional(-701, 1, 2)).toBe(-351);
    expect(proportional(5, 1, 0)).toBe(0);
  });

  it('never exceeds amount × part / whole and misses it by less than one micro', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 40), max: 2 ** 40 }), fc.integer({ min: 1, max: 2 ** 40 }), fc.nat(), (amount, whole, seed) => {
        const part = seed % (whole + 1);
        const got = BigInt(proportional(amount, part, whole));
        const exact = BigInt(amount) * BigInt(part);
        expect(got * BigInt(whole) <= exact).toBe(true);
        expect((got + 1n) * BigInt(whole) > exact).toBe(true);
      }),
    );
  });
});
