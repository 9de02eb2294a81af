// Month labels, shares and the pie's top slices.
import { describe, expect, it } from 'vitest';
import {
  longMonthLabel,
  mapValues,
  monthLabel,
  periodLabel,
  rankingVersus,
  shares,
  topSlices,
  versusLabel,
  type ShareSlice,
} from './global-format';

describe('global page formats', () => {
  it('labels months with a two-digit year and now as Last 30 days', () => {
    expect(monthLabel('2026-03-01')).toBe('Mar 26');
    expect(monthLabel('2025-12')).toBe('Dec 25');
    expect(periodLabel('now')).toBe('Last 30 days');
    expect(periodLabel('2026-01')).toBe('Jan 26');
  });

  it('names what a change compares with', () => {
    expect(longMonthLabel('2026-10-01')).toBe('October 2026');
    expect(versusLabel('2026-10')).toBe('vs October 2026');
    expect(rankingVersus('now')).toBe('vs previous 30 days');
    expect(rankingVersus('2026-01')).toBe('vs December 2025');
    expect(rankingVersus('2026-11')).toBe('vs October 2026');
  });

  it('computes shares of the positive sum', () => {
    expect(shares([1, 3])).toEqual([25, 75]);
    expect(shares([0, 0])).toEqual([0, 0]);
    expect(shares([-5, 5])).toEqual([0, 100]);
  });

  it('keeps the top slices by the chosen metric and sums the rest into Other', () => {
    const slice = (name: string, v: number, w: number): ShareSlice => ({
      key: name,
      name,
      monthly_views: v,
      watchtime: w,
      monthly_subs: 0,
      subscribers: 0,
    });
    const rows = [slice('a', 10, 1), slice('b', 5, 50), slice('c', 1, 20)];
    expect(topSlices(rows, 'monthly_views', 2)).toEqual([
      { name: 'a', value: 10 },
      { name: 'b', value: 5 },
      { name: 'Other', value: 1 },
    ]);
    expect(topSlices(rows, 'watchtime', 2)).toEqual([
      { name: 'b', value: 50 },
      { name: 'c', value: 20 },
      { name: 'Other', value: 1 },
    ]);
    expect(topSlices(rows, 'watchtime', 5)).toHaveLength(3);
  });

  it('gives the map one figure per real country, unknown left out', () => {
    const slice = (key: string, views: number, subscribers: number): ShareSlice => ({
      key,
      name: key,
      monthly_views: views,
      watchtime: 0,
      monthly_subs: 0,
      subscribers,
    });
    const rows = [slice('US', 900, 12), slice('ZZ', 50, 3), slice('DE', 0, 7)];
    expect(mapValues(rows, 'monthly_views')).toEqual([
      { code2: 'US', value: 900 },
      { code2: 'DE', value: 0 },
    ]);
    expect(mapValues(rows, 'subscribers')).toEqual([
      { code2: 'US', value: 12 },
      { code2: 'DE', value: 7 },
    ]);
  });
});
