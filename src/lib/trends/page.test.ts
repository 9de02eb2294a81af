import { describe, expect, it } from 'vitest';
import { neighbourHours, positionChange, readTrendsQuery, trendsHref } from './page';

const now = new Date('2026-03-10T14:30:00Z');
const at = (iso: string) => Date.parse(iso) / 1000;

describe('readTrendsQuery', () => {
  it('reads country, the UTC+3 day and hour, and the page', () => {
    expect(readTrendsQuery(new URLSearchParams('country=gb&day=2026-03-09&time=17&page=3'), now)).toEqual({
      country: 'GB',
      hour: at('2026-03-09T14:00:00Z'),
      page: 3,
    });
  });
  it('falls back to defaults for bad values and clamps the future', () => {
    expect(readTrendsQuery(new URLSearchParams('country=Nowhere&day=2026-99-01&page=-2'), now)).toEqual({
      country: 'US',
      hour: at('2026-03-10T14:00:00Z'),
      page: 1,
    });
    expect(readTrendsQuery(new URLSearchParams('hour=2030-01-01T00:00'), now).hour).toBe(at('2026-03-10T14:00:00Z'));
  });
});

describe('links and markers', () => {
  it('builds the URL at UTC+3', () => {
    expect(trendsHref('US', at('2026-03-10T14:00:00Z'), 2)).toBe('/trends?country=US&day=2026-03-10&time=17&page=2');
  });
  it('offers no next hour past the latest', () => {
    expect(neighbourHours(at('2026-03-10T14:00:00Z'), now)).toEqual({ previous: at('2026-03-10T13:00:00Z'), next: null });
    expect(neighbourHours(at('2026-03-10T13:00:00Z'), now).next).toBe(at('2026-03-10T14:00:00Z'));
  });
  it('marks climbs, falls and new entries', () => {
    expect(positionChange(3, 5)).toEqual({ kind: 'up', label: '+2' });
    expect(positionChange(5, 3)).toEqual({ kind: 'down', label: '\u22122' });
    expect(positionChange(4, 4).kind).toBe('same');
    expect(positionChange(4, null).kind).toBe('new');
  });
});
