// Time units checked against the Date API, and day arithmetic across month ends, leap days and the
// edges of four-digit years (where it refuses to go on instead of writing '+010000').
import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysInclusive,
  dayUnix,
  isRealDay,
  monthEnd,
  monthsInclusive,
  MS_PER_DAY,
  MS_PER_MINUTE,
  MS_PER_SECOND,
  nextMonth,
  SECONDS_PER_DAY,
  SECONDS_PER_HOUR,
  SECONDS_PER_MINUTE,
  weekStart,
} from './time';

describe('time units', () => {
  it('match the lengths the Date API gives a UTC second, minute, hour and day', () => {
    const at = (iso: string) => Date.parse(`2026-03-01T${iso}Z`);
    expect(at('00:00:01') - at('00:00:00')).toBe(MS_PER_SECOND);
    expect(at('00:01:00') - at('00:00:00')).toBe(MS_PER_MINUTE);
    expect(at('01:00:00') - at('00:00:00')).toBe(SECONDS_PER_HOUR * MS_PER_SECOND);
    expect(Date.parse('2026-03-02T00:00:00Z') - at('00:00:00')).toBe(MS_PER_DAY);
    expect(MS_PER_DAY).toBe(SECONDS_PER_DAY * MS_PER_SECOND);
    expect(MS_PER_MINUTE).toBe(SECONDS_PER_MINUTE * MS_PER_SECOND);
  });

  it('give a day its unix seconds at UTC midnight', () => {
    expect(dayUnix('2026-03-01')).toBe(Date.UTC(2026, 2, 1) / 1000);
  });
});

describe('isRealDay', () => {
  it('takes real four-digit days, 0000 and 9999 included', () => {
    expect(['2015-01-01', '2028-02-29', '0000-01-01', '9999-12-31'].map(isRealDay)).toEqual([true, true, true, true]);
  });

  it('refuses five-digit, signed and impossible days', () => {
    expect(['10000-01-01', '+010000-01-01', '-000001-01-01', '2026-02-30', '2026-13-01', '2026-1-01', ''].map(isRealDay)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('addDays and months', () => {
  it('moves across years and leap days', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-03-20', -30)).toBe('2026-02-18');
    expect(nextMonth('2026-12')).toBe('2027-01');
  });

  it('reaches 9999-12-31 and 0000-01-01 but never steps past them', () => {
    expect(addDays('9999-12-30', 1)).toBe('9999-12-31');
    expect(addDays('0000-01-02', -1)).toBe('0000-01-01');
    expect(() => addDays('9999-12-31', 1)).toThrow(RangeError);
    expect(() => addDays('0000-01-01', -1)).toThrow(RangeError);
    expect(() => nextMonth('9999-12')).toThrow(RangeError);
    expect(() => addDays('not a day', 1)).toThrow(RangeError);
  });

  it('ends months of two-digit years in those years, not in the 1900s', () => {
    expect(monthEnd('0050-02')).toBe('0050-02-28');
    expect(monthEnd('9999-12')).toBe('9999-12-31');
  });

  it('counts days and months inclusively', () => {
    expect(daysInclusive('2026-01-01', '2026-12-31')).toBe(365);
    expect(monthsInclusive('2015-01', '2026-11')).toBe(143);
    expect(monthsInclusive('2026-11', '2026-11')).toBe(1);
  });
});

describe('addDays against the calendar', () => {
  it('agrees with a day-by-day walk of the Date API through a leap year and back', () => {
    const walk = new Date(Date.UTC(2023, 11, 25));
    for (let n = 0; n <= 400; n += 1) {
      expect(addDays('2023-12-25', n)).toBe(walk.toISOString().slice(0, 10));
      expect(addDays(walk.toISOString().slice(0, 10), -n)).toBe('2023-12-25');
      expect(daysInclusive('2023-12-25', walk.toISOString().slice(0, 10))).toBe(n + 1);
      walk.setUTCDate(walk.getUTCDate() + 1);
    }
  });

  it('starts weeks on Monday', () => {
    expect(weekStart('2026-03-01')).toBe('2026-02-23');
    expect(weekStart('2026-03-02')).toBe('2026-03-02');
  });
});
