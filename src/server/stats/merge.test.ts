// Merging one statement's rows from several network stores: what GROUP BY, ORDER BY ... LIMIT, min and
// max over the union of their rows would give.
import { describe, expect, it } from 'vitest';
import { compareValues, minMax, sumsByKey } from './merge';
import { scopeFor } from './filters';
import { compileStatQuery } from './query';
import { withAccountDefaults } from '../auth/session-user';

const user = withAccountDefaults({ id: 7, email: 'a@example.com', userName: 'A', showTitle: true });

describe('sumsByKey', () => {
  it('adds rows with the same key and keeps the others, ordered by key', () => {
    const merge = sumsByKey({ keys: ['bucket'], sums: ['views', 'money'] });
    const rows = merge([
      [
        { bucket: '2026-02', views: 5, money: 10 },
        { bucket: '2026-01', views: 1, money: 2 },
      ],
      [{ bucket: '2026-02', views: 7, money: -3 }],
      [],
    ]);
    expect(rows).toEqual([
      { bucket: '2026-01', views: 1, money: 2 },
      { bucket: '2026-02', views: 12, money: 7 },
    ]);
  });

  it('adds one row of totals per store into one', () => {
    expect(sumsByKey({ keys: [], sums: ['n'] })([[{ n: 2 }], [{ n: 3 }], [{ n: 0 }]])).toEqual([{ n: 5 }]);
  });

  it('cuts a top N after adding up, ties by key', () => {
    const merge = sumsByKey({ keys: ['country_code'], sums: ['views'], top: { by: 'views', limit: 2 } });
    // DE is third in each store but first once added up.
    const rows = merge([
      [
        { country_code: 'US', views: 10 },
        { country_code: 'BR', views: 9 },
        { country_code: 'DE', views: 8 },
      ],
      [
        { country_code: 'FR', views: 10 },
        { country_code: 'JP', views: 9 },
        { country_code: 'DE', views: 8 },
      ],
    ]);
    expect(rows).toEqual([
      { country_code: 'DE', views: 16 },
      { country_code: 'FR', views: 10 },
    ]);
  });
});

describe('minMax', () => {
  it('ignores NULLs as SQL min and max do', () => {
    const merge = minMax({ min: ['first_day'], max: ['last_day'] });
    expect(
      merge([
        [{ first_day: '2026-01-03', last_day: '2026-02-01' }],
        [{ first_day: null, last_day: null }],
        [{ first_day: '2025-12-30', last_day: '2026-01-09' }],
      ]),
    ).toEqual([{ first_day: '2025-12-30', last_day: '2026-02-01' }]);
    expect(merge([[{ first_day: null, last_day: null }]])).toEqual([{ first_day: null, last_day: null }]);
  });
});

describe('compareValues', () => {
  it('orders as SQLite does: NULL, numbers, text', () => {
    expect([3, 'b', null, 'a', 1].sort(compareValues)).toEqual([null, 1, 3, 'a', 'b']);
  });
});

describe('a top-N statement across stores', () => {
  const range = { from: '2026-01-01', to: '2026-01-31' };
  const top = { metric: 'views' as const, limit: 10 };

  it('is cut by each store when keyed by a channel or title, which one store holds', () => {
    for (const dimension of ['channel', 'title'] as const) {
      const q = compileStatQuery({
        scope: scopeFor(user, {}),
        metrics: ['views'],
        dimensions: [dimension],
        range,
        top,
        horizon: '2026-03-01',
      });
      expect(q.sql).toMatch(/LIMIT 10$/);
      expect(q.perStore).toBeUndefined();
    }
  });

  it('is answered whole by each store and cut after the merge when keyed by a country every store has', () => {
    const q = compileStatQuery({
      scope: scopeFor(user, {}),
      metrics: ['views'],
      dimensions: ['country'],
      range,
      top,
      horizon: '2026-03-01',
    });
    expect(q.sql).toMatch(/LIMIT 10$/);
    expect(q.perStore?.sql).toBe(q.sql.replace(/ LIMIT 10$/, ''));
    expect(q.perStore?.params).toEqual(q.params);
  });
});
