import { describe, expect, it } from 'vitest';
import { canToggle, columnsParam, defaultNarrowColumn, rankingQuery, readColumns, readNarrowColumn, toggleColumn } from './ranking-columns';

describe('ranking columns', () => {
  it('reads the defaults when nothing valid is given', () => {
    expect(readColumns([])).toEqual(['category', 'subscribers', 'monthly_views']);
    expect(readColumns(['likes', ''])).toEqual(['category', 'subscribers', 'monthly_views']);
  });

  it('reads repeated and comma separated keys in table order, the first 4 only', () => {
    expect(readColumns(['earnings', 'category'])).toEqual(['category', 'earnings']);
    expect(readColumns(['earnings,watchtime,monthly_subs,category,subscribers'])).toEqual([
      'category',
      'watchtime',
      'monthly_subs',
      'earnings',
    ]);
    expect(readColumns(['earnings', 'earnings'])).toEqual(['earnings']);
  });

  it('refuses a 5th column and the last one off', () => {
    const four = readColumns(['category', 'watchtime', 'subscribers', 'monthly_views']);
    expect(canToggle(four, 'earnings')).toBe(false);
    expect(toggleColumn(four, 'earnings')).toEqual(four);
    expect(toggleColumn(four, 'watchtime')).toEqual(['category', 'subscribers', 'monthly_views']);
    expect(toggleColumn(['earnings'], 'earnings')).toEqual(['earnings']);
    expect(toggleColumn(['earnings'], 'category')).toEqual(['category', 'earnings']);
  });

  it('leaves the defaults out of the query', () => {
    expect(columnsParam(['monthly_views', 'category', 'subscribers'])).toEqual([]);
    expect(columnsParam(['earnings', 'category'])).toEqual(['category', 'earnings']);
  });

  it('reads the narrow column', () => {
    expect(readNarrowColumn('earnings')).toBe('earnings');
    expect(readNarrowColumn('nope')).toBe('subscribers');
    expect(readNarrowColumn(null)).toBe('subscribers');
  });
});

describe('rankingQuery', () => {
  it('keeps only what differs from the defaults', () => {
    expect(
      rankingQuery([
        ['lang', ''],
        ['category', '10'],
        ['country', 'US'],
        ['period', 'now'],
        ['cols', 'category'],
        ['cols', 'subscribers'],
        ['cols', 'monthly_views'],
        ['col', 'subscribers'],
      ]).toString(),
    ).toBe('category=10&country=US');
    expect(
      rankingQuery([
        ['period', '2026-10'],
        ['cols', 'earnings'],
        ['col', 'earnings'],
      ]).toString(),
    ).toBe('period=2026-10&col=earnings&cols=earnings');
  });

  it("keeps the metric unless it is subscribers, and the narrow column unless it is the metric's", () => {
    expect(
      rankingQuery([
        ['metric', 'subscriber_count'],
        ['col', 'subscribers'],
      ]).toString(),
    ).toBe('');
    expect(
      rankingQuery([
        ['metric', 'monthly_views'],
        ['col', 'monthly_views'],
      ]).toString(),
    ).toBe('metric=monthly_views');
    expect(
      rankingQuery([
        ['metric', 'monthly_views'],
        ['col', 'subscribers'],
      ]).toString(),
    ).toBe('metric=monthly_views&col=subscribers');
    expect(defaultNarrowColumn('monthly_subs')).toBe('monthly_subs');
    expect(defaultNarrowColumn('bogus')).toBe('subscribers');
  });
});
