import { describe, expect, it } from 'vitest';
import { pager, readPage } from './pager';

describe('pager', () => {
  it('says which page of how many, with the pages around it', () => {
    expect(pager({ first: 1, count: 120, perPage: 50 })).toEqual({
      pages: 3,
      label: 'Page 1 of 3',
      pastEnd: null,
      previous: null,
      next: 2,
      numbers: [1, 2, 3],
    });
    expect(pager({ first: 10, count: 21 * 20, perPage: 21 }).numbers).toEqual([1, null, 8, 9, 10, 11, 12, null, 20]);
  });
  it('counts one page for an empty or one-page list', () => {
    expect(pager({ first: 1, count: 0, perPage: 50 }).label).toBe('Page 1 of 1');
    expect(pager({ first: 1, count: 50, perPage: 50 })).toMatchObject({ pages: 1, next: null, previous: null });
  });
  it('never says "Page 2 of 1": past the last page it says so and links back to the last', () => {
    const past = pager({ first: 2, count: 4, perPage: 50 });
    expect(past).toMatchObject({ pages: 1, label: null, previous: 1, next: null });
    expect(past.pastEnd).toBe('There is no page 2: the list has 1 page.');
    expect(pager({ first: 9, count: 120, perPage: 50 }).pastEnd).toBe('There is no page 9: the list has 3 pages.');
  });
  it('names a run of pages loaded one after another, and goes on after the last of them', () => {
    expect(pager({ first: 2, last: 4, count: 21 * 7, perPage: 21 })).toMatchObject({ label: 'Pages 2\u20134 of 7', previous: 1, next: 5 });
    expect(pager({ first: 6, last: 9, count: 21 * 7, perPage: 21 })).toMatchObject({ label: 'Pages 6\u20137 of 7', next: null });
  });
});

describe('readPage', () => {
  it('reads whole pages from 1 to the bound, else 1', () => {
    expect(readPage('3', 10)).toBe(3);
    expect(readPage(null, 10)).toBe(1);
    expect(readPage('0', 10)).toBe(1);
    expect(readPage('11', 10)).toBe(1);
    expect(readPage('2.5', 10)).toBe(1);
  });
});
