// Projections on histories whose future is known: exact lines, a weekly rhythm, a change of pace, and a
// backtest where the line is fitted on the first 90 days of a series and checked against the days after.
import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import { FIT_DAYS, projectCounter, type CounterPoint } from './projection';

dayjs.extend(utc);
const day = (i: number) => dayjs.utc('2026-01-01').add(i, 'day').format('YYYY-MM-DD');
const series = (days: number, value: (i: number) => number): CounterPoint[] =>
  Array.from({ length: days }, (_, i) => ({ day: day(i), value: value(i) }));
/** A counter's totals from 1,000,000 given each day's gain. */
function cumulative(days: number, gain: (i: number) => number): number[] {
  const totals: number[] = [];
  for (let i = 0, sum = 1_000_000; i < days; i++) totals.push((sum += gain(i)));
  return totals;
}

describe('projected counters', () => {
  it('continues an exact line exactly, with no range', () => {
    const p = projectCounter(
      series(120, (i) => 10_000 + 250 * i),
      { floorAtLast: true },
    )!;
    expect(p.perDay).toBeCloseTo(250, 9);
    expect(p.fit).toEqual({ first: day(120 - FIT_DAYS), last: day(119), points: FIT_DAYS });
    expect(p.values).toEqual([
      { horizon: 30, day: day(149), value: 10_000 + 250 * 149, low: 10_000 + 250 * 149, high: 10_000 + 250 * 149 },
      { horizon: 90, day: day(209), value: 10_000 + 250 * 209, low: 10_000 + 250 * 209, high: 10_000 + 250 * 209 },
      { horizon: 365, day: day(484), value: 10_000 + 250 * 484, low: 10_000 + 250 * 484, high: 10_000 + 250 * 484 },
    ]);
  });

  it('bounds a change of pace by the slowest and fastest 30 days of the fit', () => {
    // 100 a day for 50 days, then 400 a day for 40: the fit's slope lies between, the range spans both.
    const p = projectCounter(
      series(90, (i) => (i < 50 ? 100 * i : 5_000 + 400 * (i - 50))),
      { floorAtLast: true },
    )!;
    const last = 5_000 + 400 * 39;
    const year = p.values[2]!;
    expect(p.perDay).toBeGreaterThan(100);
    expect(p.perDay).toBeLessThan(400);
    expect(year.low).toBe(Math.round(last + 100 * 365));
    expect(year.high).toBe(Math.round(last + 400 * 365));
    expect(year.low).toBeLessThan(year.value);
    expect(year.value).toBeLessThan(year.high);
  });

  it('backtest: fitted on 90 days of a weekly rhythm, the next 30, 90 and 365 days fall in the range', () => {
    // Views: 5,000 a day on weekdays, 9,000 at weekends.
    const total = cumulative(90 + 365, (i) => (i % 7 >= 5 ? 9_000 : 5_000));
    const p = projectCounter(
      series(90, (i) => total[i]!),
      { floorAtLast: true },
    )!;
    for (const v of p.values) {
      const actual = total[89 + v.horizon]!;
      expect(actual).toBeGreaterThanOrEqual(v.low);
      expect(actual).toBeLessThanOrEqual(v.high);
      expect(Math.abs(actual - v.value) / actual).toBeLessThan(0.01);
    }
  });

  it('backtest: a pace that keeps rising is underestimated, as a straight line must (the page says so)', () => {
    const total = cumulative(90 + 365, (i) => 5_000 + 10 * i);
    const p = projectCounter(
      series(90, (i) => total[i]!),
      { floorAtLast: true },
    )!;
    for (const v of p.values) expect(total[89 + v.horizon]!).toBeGreaterThan(v.value);
    // A month out it is still close: within 3 %.
    expect(Math.abs(total[119]! - p.values[0]!.value) / total[119]!).toBeLessThan(0.03);
  });

  it('never projects below zero subscribers, nor total views below the last count', () => {
    // Losing 100 a day from 9,000: 3,100 on the last day, 100 a month later, none after.
    const losing = projectCounter(
      series(60, (i) => 9_000 - 100 * i),
      { floorAtLast: false },
    )!;
    expect(losing.values.map((v) => v.value)).toEqual([100, 0, 0]);
    expect(losing.values[2]).toMatchObject({ value: 0, low: 0, high: 0 });
    const flatViews = projectCounter(
      series(60, (i) => 1_000 + (i % 2)),
      { floorAtLast: true },
    )!;
    for (const v of flatViews.values) expect(v.low).toBeGreaterThanOrEqual(1_000);
  });

  it('projects nothing from too little history, and reads snapshots in any order with gaps', () => {
    expect(
      projectCounter(
        series(10, (i) => i),
        { floorAtLast: true },
      ),
    ).toBeNull();
    expect(projectCounter([], { floorAtLast: true })).toBeNull();
    const everyOther = series(80, (i) => 500 + 20 * i)
      .filter((_, i) => i % 2 === 0)
      .reverse();
    const p = projectCounter(everyOther, { floorAtLast: true })!;
    expect(p.perDay).toBeCloseTo(20, 9);
    expect(p.from).toEqual({ day: day(78), value: 500 + 20 * 78 });
  });
});
