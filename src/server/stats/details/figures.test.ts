import { describe, expect, it } from 'vitest';
import { figuresOf, shareOf, sumsOf } from './figures';

describe('details figures', () => {
  it('computes ratios from the sums, worked by hand', () => {
    // 12.345678 dollars over 4,000 views: 3.0864195 per 1,000 → 3.09; 37 net subscribers: 9.25 per 1,000;
    // 10,001 minutes: 150.015 s → 150.
    const sums = sumsOf({
      partner_revenue: 12_345_678,
      partner_revenue_finance: 5_000_000,
      views: 4000,
      subscribers: 37,
      watch_time: 10_001,
    });
    expect(figuresOf(sums, 24_691_356, 'partner_revenue')).toEqual({
      subscribers: 37,
      views: 4000,
      partner_revenue: 12.35,
      finance: 5,
      likes: 0,
      comments: 0,
      rpm: 3.09,
      svr: 9.25,
      average_view_duration_seconds: 150,
      percent: 50,
    });
  });

  it('answers null ratios without views and a null share of a zero total', () => {
    const figures = figuresOf(sumsOf({ subscribers: -3 }), 0, 'subscribers');
    expect([figures.rpm, figures.svr, figures.average_view_duration_seconds, figures.percent]).toEqual([null, null, null, null]);
    expect(shareOf(1, 3)).toBe(33.33);
  });
});
