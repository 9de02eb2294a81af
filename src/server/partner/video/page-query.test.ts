import { describe, expect, it } from 'vitest';
import { readVideoPageQuery } from './page-query';

const TODAY = '2026-11-30';
const read = (search: string) => readVideoPageQuery(new URLSearchParams(search), TODAY);

describe('readVideoPageQuery', () => {
  it('reads a preset, custom dates, or nothing (the default)', () => {
    expect(read('period=89')).toEqual({ query: { period: '89' }, note: null });
    expect(read('period=custom&date_from=2026-10-01&date_to=2026-10-15')).toEqual({
      query: { period: 'custom', date_from: '2026-10-01', date_to: '2026-10-15' },
      note: null,
    });
    expect(read('')).toEqual({ query: {}, note: null });
    // The form sends empty dates with a preset: they are not a period.
    expect(read('period=27&date_from=&date_to=')).toEqual({ query: { period: '27' }, note: null });
  });

  it.each([
    'period=42',
    'period=custom',
    'period=custom&date_from=2026-10-15&date_to=2026-10-01',
    'date_from=2026-02-30&date_to=2026-03-01',
    'period=custom&date_from=2026-11-01&date_to=2027-01-01',
  ])('falls back to the default with a note for %s', (search) => {
    const { query, note } = read(search);
    expect(query).toEqual({});
    expect(note).toMatch(/could not be used/);
  });
});
