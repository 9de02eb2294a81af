// The console's time, lag and paging helpers.
import { describe, expect, it } from 'vitest';
import { lagText, pageHref, utcMinute } from './console-format';

describe('console formats', () => {
  it('writes times to the minute in UTC', () => {
    expect(utcMinute(Date.UTC(2026, 10, 27, 21, 5, 59) / 1000)).toBe('2026-11-27 21:05 UTC');
  });
  it('writes a lag in hours and minutes', () => {
    expect(lagText(3 * 3600 + 5 * 60)).toBe('3 h 05 min');
    expect(lagText(29)).toBe('0 h 00 min');
    expect(lagText(null)).toBe('–');
  });
  it('keeps the filters when it changes the page', () => {
    expect(pageHref(new URL('http://x/admin/users?q=pat&page=3'), 4)).toBe('/admin/users?q=pat&page=4');
    expect(pageHref(new URL('http://x/admin/users?q=pat&page=3'), 1)).toBe('/admin/users?q=pat');
  });
});
