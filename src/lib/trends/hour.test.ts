import { describe, expect, it } from 'vitest';
import {
  clampTrendHour,
  formatTrendHour,
  formatTrendTime,
  hourFromParts,
  latestTrendHour,
  parseTrendHour,
  TREND_START_HOUR,
  trendHourParts,
  trendMonthBounds,
  trendTimeText,
} from './hour';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('latestTrendHour', () => {
  it('is the current hour from minute 5 on', () => {
    expect(latestTrendHour(new Date('2026-03-10T14:05:00Z'))).toBe(at('2026-03-10T14:00:00Z'));
    expect(latestTrendHour(new Date('2026-03-10T14:59:59Z'))).toBe(at('2026-03-10T14:00:00Z'));
  });
  it('steps back one hour within the first 5 minutes', () => {
    expect(latestTrendHour(new Date('2026-03-10T14:00:00Z'))).toBe(at('2026-03-10T13:00:00Z'));
    expect(latestTrendHour(new Date('2026-03-10T14:04:59Z'))).toBe(at('2026-03-10T13:00:00Z'));
    expect(latestTrendHour(new Date('2026-03-11T00:02:00Z'))).toBe(at('2026-03-10T23:00:00Z'));
  });
});

describe('clampTrendHour', () => {
  const now = new Date('2026-03-10T14:30:00Z');
  it('clamps a future hour to the current one', () => {
    expect(clampTrendHour(at('2026-03-11T09:00:00Z'), now)).toBe(at('2026-03-10T14:00:00Z'));
  });
  it('clamps the current hour back during its first 5 minutes', () => {
    expect(clampTrendHour(at('2026-03-10T14:00:00Z'), new Date('2026-03-10T14:03:00Z'))).toBe(at('2026-03-10T13:00:00Z'));
  });
  it('cuts an hour to its start', () => {
    expect(clampTrendHour(at('2026-03-09T08:42:10Z'), now)).toBe(at('2026-03-09T08:00:00Z'));
  });
  it('clamps hours before 2014-01-01 (UTC+3) up', () => {
    expect(clampTrendHour(at('2010-05-01T00:00:00Z'), now)).toBe(TREND_START_HOUR);
    expect(TREND_START_HOUR).toBe(at('2013-12-31T21:00:00Z'));
  });
  it('uses the latest hour when none is asked', () => {
    expect(clampTrendHour(undefined, now)).toBe(at('2026-03-10T14:00:00Z'));
  });
});

describe('hours at UTC+3', () => {
  it("formats as 'dd MMM yyyy, HH:00'", () => {
    expect(formatTrendHour(at('2026-03-10T14:00:00Z'))).toBe('10 Mar 2026, 17:00');
    expect(formatTrendHour(at('2026-03-10T22:00:00Z'))).toBe('11 Mar 2026, 01:00');
  });
  it('splits and joins day and hour', () => {
    expect(trendHourParts(at('2026-03-10T22:00:00Z'))).toEqual({ day: '2026-03-11', time: 1 });
    expect(hourFromParts('2026-03-11', 1)).toBe(at('2026-03-10T22:00:00Z'));
    expect(hourFromParts('2026-02-30', 1)).toBeNull();
    expect(hourFromParts('2026-02-03', 24)).toBeNull();
  });
  it('parses unix seconds, zone-less times at UTC+3 and zoned ISO times', () => {
    expect(parseTrendHour('1773151200')).toBe(1773151200);
    expect(parseTrendHour('2026-03-10T17:00')).toBe(at('2026-03-10T14:00:00Z'));
    expect(parseTrendHour('2026-03-10T14:00:00Z')).toBe(at('2026-03-10T14:00:00Z'));
    expect(parseTrendHour('2026-03-10T14:00:00+01:00')).toBe(at('2026-03-10T13:00:00Z'));
    expect(parseTrendHour('yesterday')).toBeNull();
  });
  it('formats published times with minutes', () => {
    expect(formatTrendTime(at('2026-03-10T14:42:10Z'))).toBe('10 Mar 2026, 17:42');
  });
  it('writes a sortable UTC+3 time for downloads that reads back to its hour', () => {
    expect(trendTimeText(at('2026-03-10T22:42:10Z'))).toBe('2026-03-11 01:42');
    expect(parseTrendHour(trendTimeText(at('2026-03-10T14:00:00Z')))).toBe(at('2026-03-10T14:00:00Z'));
  });
  it('bounds a month at UTC+3', () => {
    expect(trendMonthBounds('2026-02')).toEqual({ from: at('2026-01-31T21:00:00Z'), to: at('2026-02-28T21:00:00Z') });
  });
});
