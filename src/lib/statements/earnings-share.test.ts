import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { channelMonthShare, financeKey, type ShareRates, spreadOverDays } from './earnings-share';

const rates = (finance: Record<string, { grossMicros: number; partnerMicros: number }>, ads: Record<number, number>): ShareRates => ({
  finance: new Map(Object.entries(finance)),
  adsBps: (channelId) => ads[channelId] ?? null,
});

describe('channelMonthShare', () => {
  it('takes the statement lines for a whole month of finance, the ads share of the estimate otherwise', () => {
    const r = rates({ [financeKey(1, '2026-09')]: { grossMicros: 10_000_000, partnerMicros: 6_500_001 } }, { 1: 7_000 });
    expect(channelMonthShare({ channelId: 1, month: '2026-09', earningsMicros: 10_000_000, financeMicros: 10_000_000 }, r)).toEqual({
      shareMicros: 6_500_001,
      financeMicros: 6_500_001,
      covered: true,
    });
    // An open month: floor(1,000,001 × 7,000 / 10,000).
    expect(channelMonthShare({ channelId: 1, month: '2026-11', earningsMicros: 1_000_001, financeMicros: 0 }, r)).toEqual({
      shareMicros: 700_000,
      financeMicros: 0,
      covered: true,
    });
    // A filter kept a quarter of the month's finance: a quarter of the lines' amount.
    expect(channelMonthShare({ channelId: 1, month: '2026-09', earningsMicros: 2_500_000, financeMicros: 2_500_000 }, r).shareMicros).toBe(
      1_625_000,
    );
  });

  it('shares nothing of a channel month that pays someone else', () => {
    const r = rates({}, {});
    expect(channelMonthShare({ channelId: 2, month: '2026-09', earningsMicros: 5, financeMicros: 5 }, r)).toEqual({
      shareMicros: 0,
      financeMicros: 0,
      covered: false,
    });
  });
});

describe('spreadOverDays', () => {
  it('adds up to the month exactly, in proportion to the days', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -1_000_000, max: 50_000_000 }), { minLength: 1, maxLength: 31 }),
        fc.integer(),
        (values, share) => {
          const days = values.map((micros, i) => ({ day: `2026-10-${String(i + 1).padStart(2, '0')}`, micros }));
          const spread = spreadOverDays(days, share);
          expect([...spread.values()].reduce((a, b) => a + b, 0)).toBe(share);
        },
      ),
    );
    expect([
      ...spreadOverDays(
        [
          { day: 'a', micros: 1 },
          { day: 'b', micros: 3 },
        ],
        100,
      ),
    ]).toEqual([
      ['a', 25],
      ['b', 75],
    ]);
  });
});
