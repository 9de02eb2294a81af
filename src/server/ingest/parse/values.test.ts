// Field readers: exact money, real calendar days, tolerant but not lax numbers.
import { describe, expect, it } from 'vitest';
import { durationSeconds, timestamp } from './times';
import * as v from './values';

describe('micros: decimal strings to integer micro-USD without float error', () => {
  it.each([
    ['0.000001', 1],
    ['12.3456785', 12_345_679],
    ['12.3456784', 12_345_678],
    ['-0.0000005', -1],
    ['0.1', 100_000],
    ['1.', 1_000_000],
    ['.5', 500_000],
    ['-0.25', -250_000],
    ['3', 3_000_000],
    ['1234567.891011', 1_234_567_891_011],
    ['1.5E-4', 150],
    ['0.0', 0],
    ['-0', 0],
  ])('%s -> %d', (raw, expected) => {
    expect(v.micros(raw, 'amount')).toBe(expected);
  });

  it('agrees with exact integer arithmetic where float multiplication does not', () => {
    // In binary floating point 0.000249 * 1e6 is 248.99999999999997, and 0.0001245 * 1e6
    // rounds to 124 although the half-up micro amount is 125.
    expect(Number('0.000249') * 1e6).not.toBe(249);
    expect(Math.round(Number('0.0001245') * 1e6)).toBe(124);
    expect(v.micros('0.000249', 'amount')).toBe(249);
    expect(v.micros('0.0001245', 'amount')).toBe(125);
    const cents = Array.from({ length: 1000 }, (_, i) => `${Math.floor(i / 7)}.${String(i % 100).padStart(2, '0')}`);
    const exact = cents.reduce((s, c) => s + Number(c.replace('.', '')) * 10_000, 0);
    expect(cents.reduce((s, c) => s + v.micros(c, 'amount'), 0)).toBe(exact);
  });

  it.each(['', '-', '.', 'abc', '1,5', '1.2.3', 'NaN', 'Infinity'])('refuses %j', (raw) => {
    expect(() => v.micros(raw, 'partner_revenue')).toThrow(/^column partner_revenue: ".*" is not an amount$/);
  });
});

describe('numbers', () => {
  it('whole numbers, including "12.0" and negatives where allowed', () => {
    expect(v.integer('-3', 'likes')).toBe(-3);
    expect(v.integer('12.0', 'likes')).toBe(12);
    expect(v.count('0', 'views')).toBe(0);
    expect(Object.is(v.integer('-0', 'likes'), 0)).toBe(true);
    for (const bad of ['', '1.5', '1e3', ' 1', '0x10', '-', '9007199254740993']) {
      expect(() => v.integer(bad, 'views')).toThrow(/is not a whole number/);
    }
    expect(() => v.count('-1', 'views')).toThrow('column views: -1 is negative');
  });

  it('decimals as YouTube prints them', () => {
    expect(v.decimal('85.756416666666667', 'x')).toBe(85.756416666666667);
    expect(v.decimal('0.0', 'x')).toBe(0);
    expect(v.decimal('1.5e-7', 'x')).toBe(1.5e-7);
    for (const bad of ['', '.', 'NaN', 'Infinity', '1,5', '--1', '1e']) expect(() => v.decimal(bad, 'x')).toThrow(/is not a number/);
  });
});

describe('days, countries, channel ids', () => {
  it('YYYYMMDD and YYYY-MM-DD, real calendar days only', () => {
    expect(v.day('20240229', 'date')).toBe('2024-02-29');
    expect(v.day('2021-07-27', 'date')).toBe('2021-07-27');
    for (const bad of ['20230229', '20211301', '20210700', '2021727', '2021/07/27', '']) {
      expect(() => v.day(bad, 'date')).toThrow(/is not a date/);
    }
    for (const far of ['99991231', '00000101', '2004-12-31', '2100-01-01']) {
      expect(() => v.day(far, 'date')).toThrow(/is not a report day \(years 2005 to 2099\)/);
    }
  });

  it('keeps ZZ, refuses anything but two capitals', () => {
    expect(v.country('ZZ', 'country_code')).toBe('ZZ');
    for (const bad of ['', 'us', 'USA', 'U1']) expect(() => v.country(bad, 'country_code')).toThrow(/country code/);
  });

  it('puts back the "UC" that Studio downloads leave out', () => {
    expect(v.channelId('K8sQmJBp8GCxrOtXWBpyEA', 'channel_id')).toBe('UCK8sQmJBp8GCxrOtXWBpyEA');
    expect(v.channelId('UCK8sQmJBp8GCxrOtXWBpyEA', 'channel_id')).toBe('UCK8sQmJBp8GCxrOtXWBpyEA');
    expect(v.channelId('ZZZZZZ', 'channel_id')).toBe('ZZZZZZ');
  });
});

describe('times', () => {
  it.each([
    ['2019-03-21T20:37:49.000Z', '2019-03-21T20:37:49Z'],
    ['2025/01/01 05:33:22', '2025-01-01T05:33:22Z'],
    ['2021-07-29 14:22:11.919 UTC', '2021-07-29T14:22:11Z'],
    ['2024-05-01T10:20:30+02:00', '2024-05-01T08:20:30Z'],
    ['20260301', '2026-03-01T00:00:00Z'],
  ])('%s -> %s', (raw, expected) => {
    expect(timestamp(raw, 't')).toBe(expected);
  });

  it('refuses impossible times; empty is null', () => {
    expect(timestamp('', 't')).toBeNull();
    expect(() => timestamp('2024-02-30 10:00:00', 't')).toThrow(/is not a date and time/);
    expect(() => timestamp('yesterday', 't')).toThrow(/is not a date and time/);
  });

  it('durations from ISO 8601, clock and seconds', () => {
    expect(durationSeconds('PT6H10M9S', 'd')).toBe(22209);
    expect(durationSeconds('P0D', 'd')).toBe(0);
    expect(durationSeconds('6:10:09', 'd')).toBe(22209);
    expect(durationSeconds('1267', 'd')).toBe(1267);
    expect(() => durationSeconds('PT', 'd')).toThrow(/is not a duration/);
  });
});
