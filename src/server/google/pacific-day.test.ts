// Google's day around daylight saving.
import { expect, it } from 'vitest';
import { pacificDay } from './pacific-day';

it('tells the Pacific day in winter (UTC-8) and summer (UTC-7)', () => {
  expect(pacificDay(Date.parse('2026-03-02T07:59:59Z'))).toBe('2026-03-01');
  expect(pacificDay(Date.parse('2026-03-02T08:00:00Z'))).toBe('2026-03-02');
  expect(pacificDay(Date.parse('2026-07-02T06:59:59Z'))).toBe('2026-07-01');
  expect(pacificDay(Date.parse('2026-07-02T07:00:00Z'))).toBe('2026-07-02');
});
