import { describe, expect, it } from 'vitest';
import { asOfLine, formatAsOf } from './as-of';

const whole = (line: ReturnType<typeof asOfLine>) => (line ? `${line.before}${line.text}${line.after}` : null);

describe('as-of lines', () => {
  it('write a snapshot day in words, at UTC', () => {
    expect(formatAsOf('2026-11-26')).toBe('26 Nov 2026');
    expect(formatAsOf('2014-01-01')).toBe('1 Jan 2014');
  });
  it("give the last 30 days' snapshot day, or nothing without one", () => {
    expect(asOfLine('now', '2026-11-26')).toEqual({
      before: 'Figures as of ',
      datetime: '2026-11-26',
      text: '26 Nov 2026',
      after: ' (UTC)',
    });
    expect(whole(asOfLine('now', '2026-11-26', 'Daily figures'))).toBe('Daily figures as of 26 Nov 2026 (UTC)');
    expect(asOfLine('now', null)).toBeNull();
  });
  it('call a month complete once the newest day is its last, or before it', () => {
    expect(whole(asOfLine('2026-10', '2026-11-26'))).toBe('Figures for October 2026, a complete month');
    expect(whole(asOfLine('2026-11', '2026-11-30'))).toBe('Figures for November 2026, a complete month');
    expect(asOfLine('2026-10-01', '2026-11-26')?.datetime).toBe('2026-10');
  });
  it('call the month still being counted "so far", with the day it reaches', () => {
    expect(asOfLine('2026-11', '2026-11-26')).toEqual({
      before: 'Figures for ',
      datetime: '2026-11',
      text: 'November 2026 so far (26 days)',
      after: ', to 26 Nov 2026 (UTC)',
    });
    expect(whole(asOfLine('2026-02', '2026-02-01', 'Months'))).toBe('Months for February 2026 so far (1 day), to 1 Feb 2026 (UTC)');
  });
});
