import { describe, expect, it } from 'vitest';
import type { TrafficSourceRow } from '../parse';
import { OTHER_TERMS, SEARCH_TERMS_PER_DAY, searchTermRows, storedTerm, wholeMinutes } from './search-terms';

const row = (date: string, sourceDetail: string | null, views: number, watchTimeMinutes: number, sourceType = 5): TrafficSourceRow =>
  ({
    date,
    channelId: 'UCsearchTermsChannel0001',
    videoId: 'vid1',
    claimedCopy: false,
    sourceType,
    sourceDetail,
    views,
    engagedViews: null,
    watchTimeMinutes,
  }) as TrafficSourceRow;

describe('storedTerm', () => {
  it('trims a term and keeps its case; none, blank or past 200 characters is "other terms"', () => {
    expect(storedTerm('  Lofi Beats ')).toBe('Lofi Beats');
    expect(storedTerm(null)).toBe(OTHER_TERMS);
    expect(storedTerm('   ')).toBe(OTHER_TERMS);
    expect(storedTerm('é'.repeat(200))).toBe('é'.repeat(200));
    expect(storedTerm('x'.repeat(201))).toBe(OTHER_TERMS);
  });
});

describe('wholeMinutes', () => {
  it('rounds each part so the parts add up to the rounded total', () => {
    // 1.5 + 1.5 + 1 = 4: the first remainder goes up, the second down.
    expect(wholeMinutes([1.5, 1.5, 1])).toEqual([2, 1, 1]);
    expect(wholeMinutes([0.4, 0.4, 0.4])).toEqual([1, 0, 0]);
    expect(wholeMinutes([])).toEqual([]);
  });
});

describe('searchTermRows', () => {
  it('sums a day per term, keeps the top terms and folds the rest, other sources left out', () => {
    const rows = [
      ...Array.from({ length: SEARCH_TERMS_PER_DAY + 2 }, (_, i) => row('2026-11-01', `t${i}`, 100 + i, 1.25)),
      row('2026-11-01', ' t0', 5, 0.5),
      row('2026-11-01', '', 7, 2),
      row('2026-11-01', 'www.google.com', 50, 3, 9),
    ];
    const out = searchTermRows(rows);
    expect(out).toHaveLength(SEARCH_TERMS_PER_DAY + 1);
    // t0 took its padded twin's 5 views (105), so t1 and t2 (101, 102) are the smallest: folded with the unnamed 7.
    const other = out.find(([, , term]) => term === OTHER_TERMS);
    expect(other?.[3]).toBe(101 + 102 + 7);
    expect(out.find(([, , term]) => term === 't0')?.[3]).toBe(105);
    expect(out.reduce((sum, r) => sum + r[3], 0)).toBe(rows.filter((r) => r.sourceType === 5).reduce((sum, r) => sum + r.views, 0));
    const minutes = rows.filter((r) => r.sourceType === 5).reduce((sum, r) => sum + r.watchTimeMinutes, 0);
    expect(out.reduce((sum, r) => sum + r[4], 0)).toBe(Math.round(minutes));
  });
});
