import { describe, expect, it } from 'vitest';
import { basisOf, earningsParts, splitDollars } from './finance';

describe('earnings parts', () => {
  it('names the basis of a figure by where its money comes from', () => {
    expect(basisOf(500, 500)).toBe('finance');
    expect(basisOf(500, 0)).toBe('estimate');
    expect(basisOf(0, 0)).toBe('estimate');
    expect(basisOf(500, 200)).toBe('mixed');
  });

  it('splits a total so that the parts add up to the total as rounded', () => {
    // Two half cents would each round up (0.02 in all); the estimate is what the rounded total leaves.
    expect(splitDollars(10_000, 5_000)).toEqual({ finance: 0.01, estimate: 0 });
    expect(splitDollars(1_234_567_891, 1_000_004_999)).toEqual({ finance: 1000, estimate: 234.57 });
  });

  it('lists the months with figures and the basis of each bucket', () => {
    const parts = earningsParts({
      totalMicros: 30_000_000,
      financeMicros: 20_000_000,
      monthBuckets: [
        { key: '2026-08', from: '2026-08-20', to: '2026-08-31' },
        { key: '2026-09', from: '2026-09-01', to: '2026-09-30' },
        { key: '2026-10', from: '2026-10-01', to: '2026-10-05' },
      ],
      monthRows: [
        { bucket: '2026-08', partner_revenue: 4_000_000, partner_revenue_finance: 0 },
        { bucket: '2026-09', partner_revenue: 26_000_000, partner_revenue_finance: 20_000_000 },
      ],
      channelRows: [{ month: '2026-09', finance_channels: 2, estimate_channels: 1 }],
      buckets: [{ key: '2026-09', from: '2026-09-01', to: '2026-09-30' }],
      seriesRows: [{ bucket: '2026-09', partner_revenue: 26_000_000, partner_revenue_finance: 20_000_000 }],
    });
    expect(parts).toEqual({
      finance: 20,
      estimate: 10,
      months: [
        {
          month: '2026-08',
          range: { from: '2026-08-20', to: '2026-08-31' },
          basis: 'estimate',
          finance: 0,
          estimate: 4,
          finance_channels: 0,
          estimate_channels: null,
        },
        {
          month: '2026-09',
          range: { from: '2026-09-01', to: '2026-09-30' },
          basis: 'mixed',
          finance: 20,
          estimate: 6,
          finance_channels: 2,
          estimate_channels: 1,
        },
      ],
      buckets: ['mixed'],
    });
  });
});
