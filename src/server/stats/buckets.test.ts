// Chart buckets: clipped edges, Monday weeks, calendar months, zero-filled gaps.
import { describe, expect, it } from 'vitest';
import { chartBuckets, fillPoints } from './buckets';

describe('chartBuckets', () => {
  it('gives one bucket per day', () => {
    expect(chartBuckets('2026-02-27', '2026-03-02', 'days').map((b) => b.key)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
  });

  it('cuts weeks at Mondays and clips the edge weeks to the range', () => {
    // 2026-03-04 is a Wednesday; 2026-03-09 and 2026-03-16 are Mondays.
    expect(chartBuckets('2026-03-04', '2026-03-18', 'week')).toEqual([
      { key: '2026-03-02', from: '2026-03-04', to: '2026-03-08' },
      { key: '2026-03-09', from: '2026-03-09', to: '2026-03-15' },
      { key: '2026-03-16', from: '2026-03-16', to: '2026-03-18' },
    ]);
  });

  it('cuts months at month ends, leap February included', () => {
    expect(chartBuckets('2028-01-20', '2028-03-05', 'month')).toEqual([
      { key: '2028-01', from: '2028-01-20', to: '2028-01-31' },
      { key: '2028-02', from: '2028-02-01', to: '2028-02-29' },
      { key: '2028-03', from: '2028-03-01', to: '2028-03-05' },
    ]);
  });
});

describe('fillPoints', () => {
  it('answers every bucket, 0 where nothing was returned', () => {
    const buckets = chartBuckets('2026-01-01', '2026-01-03', 'days');
    expect(fillPoints(buckets, new Map([['2026-01-02', 7]]))).toEqual([
      { date: '2026-01-01', value: 0, range: { from: '2026-01-01', to: '2026-01-01' } },
      { date: '2026-01-02', value: 7, range: { from: '2026-01-02', to: '2026-01-02' } },
      { date: '2026-01-03', value: 0, range: { from: '2026-01-03', to: '2026-01-03' } },
    ]);
  });
});
