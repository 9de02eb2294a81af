import { describe, expect, it } from 'vitest';
import { pageCount, pagerItems } from './pager';

describe('pagerItems', () => {
  it('shows the first, last, current page and its neighbours', () => {
    expect(pagerItems(5, 10, 1)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pagerItems(1, 10, 1)).toEqual([1, 2, 'gap', 10]);
    expect(pagerItems(10, 10, 2)).toEqual([1, 'gap', 8, 9, 10]);
  });

  it('shows a lone left-out page instead of a gap', () => {
    expect(pagerItems(4, 7, 1)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('has nothing for one page', () => {
    expect(pagerItems(1, 1, 1)).toEqual([]);
  });
});

describe('pageCount', () => {
  it('rounds up and never gives zero', () => {
    expect(pageCount(61, 30)).toBe(3);
    expect(pageCount(60, 30)).toBe(2);
    expect(pageCount(0, 30)).toBe(1);
  });
});
