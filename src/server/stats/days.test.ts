// Day arithmetic at the edges of four-digit years: it refuses to leave them instead of writing '+010000'.
import { describe, expect, it } from 'vitest';
import { addDays, daysInclusive, isRealDay, monthEnd, monthsInclusive, nextMonth } from './days';

describe('isRealDay', () => {
  it('takes real four-digit days, 0000 and 9999 included', () => {
    expect(['2015-01-01', '2028-02-29', '0000-01-01', '9999-12-31'].map(isRealDay)).toEqual([true, true, true, true]);
  });

  it('refuses five-digit, signed and impossible days', () => {
    expect(['10000-01-01', '+010000-01-01', '-000001-01-01', '2026-02-30', '2026-13-01', '2026-1-01', ''].map(isRealDay))
      .toEqual([false, false, false, false, false, false, false]);
  });
});

describe('addDays and months', () => {
  it('moves across years and leap days', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
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
