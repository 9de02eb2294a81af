// Chart buckets: clipped edges, Monday weeks, calendar months, zero-filled gaps.
import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors';
import { bucketCount, chartBuckets, fillPoints, MAX_CHART_BUCKETS, monthsBetween } from './buckets';

describe('chartBuckets', () => {
  it('gives one bucket per day', () => {
    expect(chartBuckets('2026-02-27', '2026-03-02', 'days').map((b) => b.key)).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
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

describe('bucket bounds', () => {
  it('counts buckets without walking the range', () => {
    expect(bucketCount('2026-03-04', '2026-03-18', 'week')).toBe(3);
    expect(bucketCount('2026-03-02', '2026-03-15', 'week')).toBe(2);
    expect(bucketCount('2028-01-20', '2028-03-05', 'month')).toBe(3);
    expect(bucketCount('2015-01-01', '9999-12-31', 'days')).toBe(2_916_461);
    expect(bucketCount('2026-01-02', '2026-01-01', 'days')).toBe(0);
  });

  it('gives every day since 2015 through 2039, and refuses more with a 400 naming chart_period', () => {
    expect(chartBuckets('2015-01-01', '2039-12-31', 'days')).toHaveLength(9131);
    const tooMany = () => chartBuckets('2015-01-01', '5000-12-31', 'days');
    expect(tooMany).toThrow(HttpError);
    expect(tooMany).toThrow(/^chart_period: .* more than 9150/);
    expect(MAX_CHART_BUCKETS).toBe(9150);
  });

  it('ends at 9999-12-31 instead of going round forever', () => {
    expect(chartBuckets('9999-12-01', '9999-12-31', 'week').at(-1)).toEqual({ key: '9999-12-27', from: '9999-12-27', to: '9999-12-31' });
    expect(chartBuckets('9999-01-01', '9999-12-31', 'month')).toHaveLength(12);
    expect(chartBuckets('9999-12-25', '9999-12-31', 'days').at(-1)?.key).toBe('9999-12-31');
    expect(() => chartBuckets('2026-01-01', '9999-12-31', 'month')).toThrow(/^chart_period: 95688 month buckets/);
  });

  it('bounds monthsBetween', () => {
    expect(monthsBetween('2026-11', '2027-01')).toEqual(['2026-11', '2026-12', '2027-01']);
    expect(() => monthsBetween('2015-01', '9999-12')).toThrow(RangeError);
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
