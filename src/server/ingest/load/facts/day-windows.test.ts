// Slices of days: closed on a day boundary past the row budget, a day never split, out-of-order days caught.
import { describe, expect, it } from 'vitest';
import { DailySums } from './daily-sums';
import { DayWindows, NotDayOrdered, sliceDays } from './day-windows';

const sums = () => new DailySums('reach', 2, false);
const days = (windows: DayWindows) => windows.takeClosed().map((f) => f.slices.map(([, day]) => day));

describe('DayWindows', () => {
  it('closes a slice when a new day begins past the budget, with every row of its days', () => {
    const w = new DayWindows(sums, 3);
    for (const day of ['d1', 'd1', 'd2', 'd2', 'd2', 'd3', 'd3', 'd3', 'd3', 'd4']) w.add('UC', day, null, 'v', [1, 0]);
    expect(days(w)).toEqual([['d1', 'd2'], ['d3']]);
    const last = w.finish();
    expect(last.only).toBe(false);
    expect(last.facts.slices).toEqual([['UC', 'd4']]);
    expect(last.facts.channel.get('UC|d4')).toEqual([1, 0]);
  });

  it('sums days interleaved within a slice and says when a file is one slice', () => {
    const w = new DayWindows(sums, 100);
    for (const day of ['d2', 'd1', 'd2']) w.add('UC', day, null, 'v', [2, 1]);
    expect(days(w)).toEqual([]);
    const { facts, only } = w.finish();
    expect(only).toBe(true);
    expect(facts.channel.get('UC|d2')).toEqual([4, 2]);
  });

  it('throws NotDayOrdered when a day comes back after its slice closed', () => {
    const w = new DayWindows(sums, 1);
    w.add('UC', 'd1', null, 'v', [1, 0]);
    w.add('UC', 'd2', null, 'v', [1, 0]);
    expect(() => w.add('UC', 'd1', null, 'v', [1, 0])).toThrow(NotDayOrdered);
  });

  it('keeps only the days asked for', () => {
    const w = new DayWindows(sums, Number.POSITIVE_INFINITY, new Set(['d2']));
    for (const day of ['d1', 'd2', 'd3', 'd2']) w.add('UC', day, null, 'v', [1, 1]);
    expect(w.finish().facts.slices).toEqual([['UC', 'd2']]);
  });
});

describe('sliceDays', () => {
  it('groups sorted days up to the budget, a larger day alone', () => {
    const counts = new Map([
      ['d3', 5],
      ['d1', 2],
      ['d2', 2],
      ['d4', 1],
    ]);
    expect(sliceDays(counts, 4).map((s) => [...s])).toEqual([['d1', 'd2'], ['d3'], ['d4']]);
  });
});
