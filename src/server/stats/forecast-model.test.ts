// The forecast on series whose answer is worked out by hand.
import { describe, expect, it } from 'vitest';
import { addDays, weekday } from '../../lib/dates/time';
import { FORECAST_INTERVAL_Z, forecastMonth } from './forecast-model';

/** 100 a day on weekdays, 200 on Saturdays and Sundays, from 2026-01-01 to asOf; overrides per day. */
function series(asOf: string, overrides: Record<string, number> = {}): Map<string, number> {
  const out = new Map<string, number>();
  for (let d = '2026-01-01'; d <= asOf; d = addDays(d, 1)) {
    out.set(d, overrides[d] ?? (weekday(d) === 0 || weekday(d) === 6 ? 200 : 100));
  }
  return out;
}

describe('forecastMonth', () => {
  it('projects the rest of the month by weekday', () => {
    // March 2026 starts on a Sunday. 1..10: weekend days 1, 7, 8 (600) + 7 weekdays (700) = 1,300.
    // 11..31: weekend days 14, 15, 21, 22, 28, 29 (1,200) + 15 weekdays (1,500) = 2,700.
    const result = forecastMonth(series('2026-03-10'), '2026-03-10');
    expect(result).toEqual({ month: '2026-03', monthToDate: 1300, forecast: 4000, low: 4000, high: 4000, daysDone: 10, daysInMonth: 31 });
  });

  it('widens the range with the spread around the weekday means', () => {
    // History 2026-02-11..2026-03-10 has four Mondays (02-16, 02-23, 03-02, 03-09): 50, 150, 50, 150 (mean 100).
    // Squares 4 × 50² = 10,000 over 28 − 7 = 21 degrees of freedom; 21 days remain.
    const result = forecastMonth(
      series('2026-03-10', { '2026-02-16': 50, '2026-02-23': 150, '2026-03-02': 50, '2026-03-09': 150 }),
      '2026-03-10',
    );
    const spread = FORECAST_INTERVAL_Z * Math.sqrt(10_000 / 21) * Math.sqrt(21);
    expect(result.monthToDate).toBe(1300 - 50 + 50);
    expect(result.forecast).toBe(4000);
    expect(result.low).toBeCloseTo(4000 - spread, 6);
    expect(result.high).toBeCloseTo(4000 + spread, 6);
    expect(spread).toBeCloseTo(128.16, 2);
  });

  it('uses only the days since revenue began when history is short', () => {
    // Revenue from 2026-03-05 (Thursday) only: 5 days of 100 → every weekday projects at 100.
    const daily = new Map([
      ['2026-03-05', 100],
      ['2026-03-06', 100],
      ['2026-03-07', 100],
      ['2026-03-08', 100],
      ['2026-03-09', 100],
    ]);
    const result = forecastMonth(daily, '2026-03-09');
    expect(result.monthToDate).toBe(500);
    expect(result.forecast).toBe(500 + 22 * 100);
  });
});
