import { describe, expect, it } from 'vitest';
import { propertyBody, readPropertyQuery, writePropertyQuery } from './property-query';

const TODAY = '2026-11-25';
const MAX_DATE = '2026-11-23';

describe('readPropertyQuery', () => {
  it("reads one title's videos, and leaves a bad title out", () => {
    const query = readPropertyQuery('?tab=videos&period=life&title=7', TODAY, MAX_DATE);
    expect([query.title, query.period.value]).toEqual([7, 'life']);
    expect(writePropertyQuery(query)).toBe('?tab=videos&period=life&page=1&per_page=50&title=7');
    expect(propertyBody(query)).toMatchObject({ titles: [7] });
    for (const bad of ['0', '-3', '1.5', 'x', '99999999999999999999'])
      expect(readPropertyQuery(`?title=${bad}`, TODAY, MAX_DATE).title).toBeNull();
  });

  it('defaults to Videos, the last 7 days up to the latest data day, page 1 of 50', () => {
    expect(readPropertyQuery('', TODAY, MAX_DATE)).toEqual({
      tab: 'videos',
      period: { value: '6', from: '2026-11-17', to: '2026-11-23', custom: false },
      page: 1,
      perPage: 50,
      title: null,
    });
  });

  it('reads the tab, a preset, the page and the page size', () => {
    const query = readPropertyQuery('?tab=channels&period=27&page=3&per_page=25', TODAY, MAX_DATE);
    expect(query).toEqual({
      tab: 'channels',
      period: { value: '27', from: '2026-10-27', to: '2026-11-23', custom: false },
      page: 3,
      perPage: 25,
      title: null,
    });
  });

  it('keeps a custom range inside the latest data day', () => {
    const query = readPropertyQuery('?period=custom&from=2026-11-01&to=2026-12-31', TODAY, MAX_DATE);
    expect(query.period).toEqual({ value: 'custom', from: '2026-11-01', to: '2026-11-23', custom: true });
  });

  it.each(['?tab=other&page=0&per_page=20', '?page=1.5&per_page=abc', '?page=100001&period=nope'])(
    'takes the defaults for what it cannot read: %s',
    (search) => {
      const query = readPropertyQuery(search, TODAY, MAX_DATE);
      expect([query.tab, query.page, query.perPage, query.period.value]).toEqual(['videos', 1, 50, '6']);
    },
  );
});

describe('writePropertyQuery and propertyBody', () => {
  it('write what read gives back', () => {
    const search = '?tab=videos&period=custom&from=2026-10-01&to=2026-10-31&page=2&per_page=100';
    const query = readPropertyQuery(search, TODAY, MAX_DATE);
    expect(writePropertyQuery(query)).toBe(search);
    expect(propertyBody(query)).toEqual({ date_from: '2026-10-01', date_to: '2026-10-31', page: 2, per_page: 100 });
  });

  it('sends no dates for Lifetime', () => {
    const query = readPropertyQuery('?period=life', TODAY, MAX_DATE);
    expect(propertyBody(query)).toEqual({ date_from: null, date_to: null, page: 1, per_page: 50 });
  });
});
