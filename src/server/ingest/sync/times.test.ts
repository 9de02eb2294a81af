// The sync's clock: Pacific days around daylight saving, UTC days, trend hours.
import { expect, it } from 'vitest';
import { hourStart, pacificDay, utcDay } from './times';

it('tells the Pacific day in winter (UTC-8) and summer (UTC-7)', () => {
  expect(pacificDay(Date.parse('2026-03-02T07:59:59Z'))).toBe('2026-03-01');
  expect(pacificDay(Date.parse('2026-03-02T08:00:00Z'))).toBe('2026-03-02');
  expect(pacificDay(Date.parse('2026-07-02T06:59:59Z'))).toBe('2026-07-01');
  expect(pacificDay(Date.parse('2026-07-02T07:00:00Z'))).toBe('2026-07-02');
});

it('steps days and hours in UTC', () => {
  expect(utcDay(Date.parse('2026-03-02T23:59:59Z'))).toBe('2026-03-02');
  expect(hourStart(Date.parse('2026-03-01T12:59:59.999Z'))).toBe(Date.parse('2026-03-01T12:00:00Z') / 1000);
});
