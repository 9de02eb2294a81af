// The analytics row's formulas, worked by hand on round numbers.
import { describe, expect, it } from 'vitest';
import { analyticsChanges, analyticsFigures, type AnalyticsSums, sortRows } from './figures';

const SUMS: AnalyticsSums = {
  views: 2_000,
  watchTimeMinutes: 100,
  subscribersGained: 10,
  subscribersLost: 2,
  revenueMicros: 5_000_000,
  impressions: 400,
  impressionClicks: 20,
  videoCount: 4,
};

describe('analyticsFigures', () => {
  it('answers ratios of the sums', () => {
    expect(analyticsFigures(SUMS)).toEqual({
      views: 2_000,
      video_count: 4,
      subscribers_gained: 10,
      subscribers_lost: 2,
      subscribers: 8,
      partner_revenue: 5, // 5,000,000 micro-USD
      rpm: 2.5, // $5 per 2,000 views = $2.50 per 1,000
      impressions_ctr: 5, // 20 / 400 = 5 %
      average_view_duration_seconds: 3, // 6,000 s / 2,000 views
      revenue_per_video: 1.25, // $5 / 4
      views_per_video: 500,
      subs_gained_rate: 5, // 10 per 2,000 views = 5 per 1,000
      subs_lost_rate: 1,
    });
  });

  it('answers null where a divisor is 0 or the grain has no such data', () => {
    const f = analyticsFigures({ ...SUMS, views: 0, watchTimeMinutes: 0, impressions: 0, videoCount: null });
    expect(f.rpm).toBeNull();
    expect(f.average_view_duration_seconds).toBeNull();
    expect(f.impressions_ctr).toBeNull();
    expect(f.video_count).toBeNull();
    expect(f.revenue_per_video).toBeNull();
    expect(f.subs_gained_rate).toBeNull();
    expect(analyticsFigures({ ...SUMS, impressions: null, impressionClicks: null }).impressions_ctr).toBeNull();
  });
});

describe('analyticsChanges', () => {
  it('is the percent change from the comparison, null from a base of 0', () => {
    const base: AnalyticsSums = { ...SUMS, views: 1_000, revenueMicros: 4_000_000, subscribersLost: 0, impressionClicks: 40 };
    const c = analyticsChanges(SUMS, base);
    expect(c.views).toBe(100);
    expect(c.partner_revenue).toBe(25);
    // RPM: $2.50 now against $4.00 before.
    expect(c.rpm).toBe(-37.5);
    expect(c.impressions_ctr).toBe(-50);
    expect(c.subscribers_lost).toBeNull();
    expect(c.subs_lost_rate).toBeNull();
  });
});

describe('sortRows', () => {
  it('sorts by a figure, missing ones last, ties by name', () => {
    const row = (title: string, rpm: number | null) => ({ ...analyticsFigures(SUMS), title, rpm });
    const rows = [row('b', 1), row('a', null), row('c', 3), row('d', 1)];
    expect(sortRows(rows, 'rpm', 'desc').map((r) => r.title)).toEqual(['c', 'b', 'd', 'a']);
    expect(sortRows(rows, 'rpm', 'asc').map((r) => r.title)).toEqual(['b', 'd', 'c', 'a']);
    expect(sortRows(rows, 'title', 'asc').map((r) => r.title)).toEqual(['a', 'b', 'c', 'd']);
  });
});
