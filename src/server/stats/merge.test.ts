// Merging one statement's rows from several network stores: what GROUP BY, ORDER BY, min and max over
// the union of their rows would give, each column by its registry (answer-columns.ts).
import { describe, expect, it } from 'vitest';
import { compareRows, compareValues, cutPerStore, mergeRows, UnmergeableColumn } from './merge';

describe('mergeRows', () => {
  it('adds rows with the same key and keeps the others, ordered by key', () => {
    const rows = mergeRows([
      [
        { bucket: '2026-02', views: 5, partner_revenue: 10 },
        { bucket: '2026-01', views: 1, partner_revenue: 2 },
      ],
      [{ bucket: '2026-02', views: 7, partner_revenue: -3 }],
      [],
    ]);
    expect(rows).toEqual([
      { bucket: '2026-01', views: 1, partner_revenue: 2 },
      { bucket: '2026-02', views: 12, partner_revenue: 7 },
    ]);
  });

  it('adds one row of totals per store into one, and answers nothing when no store has a row', () => {
    expect(mergeRows([[{ video_count: 2 }], [{ video_count: 3 }], [{ video_count: 0 }]])).toEqual([{ video_count: 5 }]);
    expect(mergeRows([[], []])).toEqual([]);
  });

  it('takes min and max ignoring NULLs, as SQL does', () => {
    const rows = [
      [{ first_day: '2026-01-03', last_day: '2026-02-01' }],
      [{ first_day: null, last_day: null }],
      [{ first_day: '2025-12-30', last_day: '2026-01-09' }],
    ];
    expect(mergeRows(rows)).toEqual([{ first_day: '2025-12-30', last_day: '2026-02-01' }]);
    expect(mergeRows([[{ first_day: null, last_day: null }]])).toEqual([{ first_day: null, last_day: null }]);
  });

  it('puts rows keyed by what one store owns side by side, whatever their other columns', () => {
    const rows = mergeRows([
      [{ channel_id: 9, gender: 'male', views: 4, title: 'Nine' }],
      [
        { channel_id: 2, gender: 'male', views: 1, title: 'Two' },
        { channel_id: null, gender: 'male', views: 3, title: null },
      ],
      [{ channel_id: null, gender: 'male', views: 5, title: null }],
    ]);
    expect(rows).toEqual([
      { channel_id: null, gender: 'male', views: 3, title: null },
      { channel_id: null, gender: 'male', views: 5, title: null },
      { channel_id: 2, gender: 'male', views: 1, title: 'Two' },
      { channel_id: 9, gender: 'male', views: 4, title: 'Nine' },
    ]);
  });

  it('refuses a column no registry names rather than guess how it combines', () => {
    expect(() => mergeRows([[{ bucket: '2026-01', mystery: 1 }], [{ bucket: '2026-01', mystery: 2 }]])).toThrow(UnmergeableColumn);
    expect(() => mergeRows([[{ bucket: '2026-01', mystery: 1 }]])).toThrow(/"mystery".*answer-columns\.ts/);
  });
});

describe('compareValues', () => {
  it('orders as SQLite does: NULL, numbers, text', () => {
    expect([3, 'b', null, 'a', 1].sort(compareValues)).toEqual([null, 1, 3, 'a', 'b']);
  });
});

describe('compareRows', () => {
  it('orders by each term in its direction, NOCASE folding ASCII letters only', () => {
    const rows = [
      { name: 'b', key: 1 },
      { name: 'B', key: 2 },
      { name: 'a', key: 3 },
      { name: 'É', key: 4 },
    ];
    const order = [
      { column: 'name', nocase: true },
      { column: 'key', desc: true },
    ];
    expect([...rows].sort((x, y) => compareRows(x, y, order)).map((r) => r.key)).toEqual([3, 2, 1, 4]);
  });
});

describe('cutPerStore', () => {
  it('cuts each store first only when the order holds a key one store owns', () => {
    expect(cutPerStore([{ column: 'views', desc: true }, { column: 'channel_id' }])).toBe(true);
    expect(
      cutPerStore([
        { column: 'found', desc: true },
        { column: 'copy_id', desc: true },
      ]),
    ).toBe(true);
    expect(cutPerStore([{ column: 'views', desc: true }, { column: 'country_code' }])).toBe(false);
    expect(
      cutPerStore([
        { column: 'copies', desc: true },
        { column: 'key', desc: true },
      ]),
    ).toBe(false);
  });
});
