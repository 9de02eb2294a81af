// Unknown filter values fall back to the default with a note; known ones are used as the options spell them.
import { describe, expect, it } from 'vitest';
import { monthOfPeriod, resolveFilter, resolveFilters, type FilterSpec } from './filter-fallback';

const country: FilterSpec = {
  key: 'country',
  noun: 'country',
  fallback: '',
  fallbackLabel: 'all countries',
  options: [
    { value: 'US', label: 'United States' },
    { value: 'GB', label: 'United Kingdom' },
  ],
};
const period: FilterSpec = {
  key: 'period',
  noun: 'period',
  fallback: 'now',
  fallbackLabel: 'the last 30 days',
  normalize: monthOfPeriod,
  options: [{ value: '2026-10', label: 'Oct 26' }],
};

describe('resolveFilter', () => {
  it('keeps a known value, spelled as the options spell it', () => {
    expect(resolveFilter('us', country)).toEqual({ value: 'US', note: null });
    expect(resolveFilter('2026-10-01', period)).toEqual({ value: '2026-10', note: null });
  });

  it('reads an absent or empty value as the default, without a note', () => {
    expect(resolveFilter(null, country)).toEqual({ value: '', note: null });
    expect(resolveFilter(' ', country)).toEqual({ value: '', note: null });
    expect(resolveFilter('now', period)).toEqual({ value: 'now', note: null });
  });

  it('falls back to the default and says what it shows instead', () => {
    expect(resolveFilter('XX', country)).toEqual({ value: '', note: 'Unknown country XX: showing all countries' });
    expect(resolveFilter('2030-01', period)).toEqual({ value: 'now', note: 'Unknown period 2030-01: showing the last 30 days' });
  });

  it('cuts a long value in the note', () => {
    expect(resolveFilter('x'.repeat(100), country).note).toBe(`Unknown country ${'x'.repeat(40)}…: showing all countries`);
  });

  it('resolves every filter of a page, notes in order', () => {
    const got = resolveFilters(new URLSearchParams('country=XX&period=2030-01'), [country, period]);
    expect(got.values).toEqual({ country: '', period: 'now' });
    expect(got.notes).toEqual(['Unknown country XX: showing all countries', 'Unknown period 2030-01: showing the last 30 days']);
  });
});
