import { describe, expect, it } from 'vitest';
import { hasMoreCards, shownCards, startedLabel } from './streams';

describe('startedLabel', () => {
  it('reads the start in UTC, day without a leading zero, 24-hour time', () => {
    expect(startedLabel('2026-03-03T21:14:09Z')).toBe('3 Mar 2026, 21:14 UTC');
    expect(startedLabel('2026-12-31T00:05:00Z')).toBe('31 Dec 2026, 00:05 UTC');
  });
});

describe('shownCards', () => {
  const cards = ['a', 'b', 'c', 'd', 'e', 'f'];
  it('shows the first four until expanded', () => {
    expect(shownCards(cards, false)).toEqual(['a', 'b', 'c', 'd']);
    expect(shownCards(cards, true)).toEqual(cards);
    expect(shownCards(['a'], false)).toEqual(['a']);
  });
  it('offers the toggle only past four', () => {
    expect(hasMoreCards(4)).toBe(false);
    expect(hasMoreCards(5)).toBe(true);
  });
});
