import { describe, expect, it } from 'vitest';
import { neighbourHours, offeredHours, positionChange, readTrendsQuery, resolveTrendCountry, trendsCsvHref, trendsHref } from './page';

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
    expect(readTrendsQuery(new URLSearchParams('day=2026-99-01&page=-2'), now)).toEqual({
      country: 'US',
      hour: at('2026-03-10T14:00:00Z'),
      page: 1,
    });
    expect(readTrendsQuery(new URLSearchParams('hour=2030-01-01T00:00'), now).hour).toBe(at('2026-03-10T14:00:00Z'));
  });
});

describe('the hour picker', () => {
  // 14:30 UTC is 17:30 at UTC+3: the latest chart hour is 17:00 there.
  it('offers the hours of today up to the latest chart hour, and no later', () => {
    expect(offeredHours('2026-03-10', now)).toEqual(Array.from({ length: 18 }, (_, h) => h));
  });
  it('steps back an hour in the first five minutes of an hour', () => {
    expect(offeredHours('2026-03-10', new Date('2026-03-10T14:04:00Z')).at(-1)).toBe(16);
    expect(offeredHours('2026-03-10', new Date('2026-03-10T14:05:00Z')).at(-1)).toBe(17);
  });
  it('offers every hour of an earlier day and none of a later one', () => {
    expect(offeredHours('2026-03-09', now)).toHaveLength(24);
    expect(offeredHours('2026-03-11', now)).toEqual([]);
  });
  it('follows the UTC+3 day across UTC midnight', () => {
    // 22:10 UTC on the 9th is 01:10 on the 10th at UTC+3: hours 0 and 1 of the 10th have happened.
    expect(offeredHours('2026-03-10', new Date('2026-03-09T22:10:00Z'))).toEqual([0, 1]);
  });
});

describe('the chart country', () => {
  it('keeps a charted country and a real one without charts', () => {
    expect(resolveTrendCountry('GB', ['US', 'GB'], false)).toEqual({ country: 'GB', note: null });
    expect(resolveTrendCountry('FR', ['US', 'GB'], true)).toEqual({ country: 'FR', note: null });
  });
  it('shows the United States, and says so, for an unknown or malformed country', () => {
    expect(resolveTrendCountry('XX', ['US', 'GB'], false)).toEqual({
      country: 'US',
      note: 'Unknown country XX: showing the United States',
    });
    const query = readTrendsQuery(new URLSearchParams('country=Nowhere'), now);
    expect(resolveTrendCountry(query.country, ['US'], false)).toEqual({
      country: 'US',
      note: 'Unknown country Nowhere: showing the United States',
    });
  });
});

describe('links and markers', () => {
  it('builds the URL at UTC+3', () => {
    expect(trendsHref('US', at('2026-03-10T14:00:00Z'), 2)).toBe('/trends?country=US&day=2026-03-10&time=17&page=2');
    expect(trendsCsvHref('GB', at('2026-03-10T14:00:00Z'))).toBe('/trends.csv?country=GB&day=2026-03-10&time=17');
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
