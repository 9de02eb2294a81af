// Unit tests of the rollups' calendar helpers and of how changes turn into keys to recompute.
import { describe, expect, it } from 'vitest';
import { monthsBetween, shiftMonth, sortedUnique } from './periods';
import { isEmptyPlan, planRefresh } from './plan';

describe('rollup periods', () => {
  it('shift months across years both ways', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-03', -14)).toBe('2025-01');
  });

  it('list months between two months, both included', () => {
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsBetween('2026-02', '2026-01')).toEqual([]);
    expect(sortedUnique(['b', 'a', 'b'])).toEqual(['a', 'b']);
  });

  it('end at 9999-12 and refuse more than a century of months instead of looping', () => {
    expect(monthsBetween('9999-11', '9999-12')).toEqual(['9999-11', '9999-12']);
    expect(() => monthsBetween('2015-01', '9999-12')).toThrow(RangeError);
  });
});

describe('planRefresh', () => {
  it('deduplicates buckets, channels, months, days and hours', () => {
    const plan = planRefresh({
      channelDays: [
        { channelId: 7, day: '2026-02-03' },
        { channelId: 3, day: '2026-02-28' },
        { channelId: 7, day: '2026-02-10' },
        { channelId: 7, day: '2026-03-01' },
      ],
      snapshotDays: ['2026-03-02', '2026-03-01', '2026-03-02'],
      trendHours: [
        { country: 'US', hour: 7200 },
        { country: 'GB', hour: 3600 },
        { country: 'US', hour: 7200 },
      ],
    });
    expect(plan.buckets).toEqual([
      [3, '2026-02'],
      [7, '2026-02'],
      [7, '2026-03'],
    ]);
    expect(plan.snapshotDays).toEqual(['2026-03-01', '2026-03-02']);
    expect(plan.trendHours).toEqual([
      ['GB', 3600],
      ['US', 7200],
    ]);
    expect(isEmptyPlan(plan)).toBe(false);
    expect(isEmptyPlan(planRefresh({}))).toBe(true);
  });

  it('rejects keys that are not days, channel ids or trend hours', () => {
    expect(() => planRefresh({ snapshotDays: ['2026-13-01'] })).toThrow('not a day');
    expect(() => planRefresh({ channelDays: [{ channelId: 1.5, day: '2026-01-01' }] })).toThrow('not a channel id');
    expect(() => planRefresh({ trendHours: [{ country: 'us', hour: 3600 }] })).toThrow('not a trend hour');
  });
});
