// The sync's clock: UTC days, trend hours.
import { expect, it } from 'vitest';
import { hourStart, utcDay } from './times';

it('steps days and hours in UTC', () => {
  expect(utcDay(Date.parse('2026-03-02T23:59:59Z'))).toBe('2026-03-02');
  expect(hourStart(Date.parse('2026-03-01T12:59:59.999Z'))).toBe(Date.parse('2026-03-01T12:00:00Z') / 1000);
});
