// The /find address's page: which batch of results the page renders.
import { describe, expect, it } from 'vitest';
import { MAX_FIND_PAGE, MAX_SEARCH_OFFSET, readFindUrl } from './filters';
import { SEARCH_BATCH } from '../../../lib/search/query';

const lists = { languages: [], categories: [], countries: [], periods: [] };
const read = (query: string) => readFindUrl(new URLSearchParams(query), lists);

describe('readFindUrl page', () => {
  it('turns ?page= into the offset of that batch', () => {
    expect(read('').request.offset).toBe(0);
    expect(read('page=3')).toMatchObject({ page: 3, request: { offset: 2 * SEARCH_BATCH, count: SEARCH_BATCH } });
  });
  it('reads a malformed page or one past the search call’s bound as the first', () => {
    expect(read('page=abc').page).toBe(1);
    expect(read('page=0').page).toBe(1);
    expect(read(`page=${MAX_FIND_PAGE + 1}`).page).toBe(1);
    expect((MAX_FIND_PAGE - 1) * SEARCH_BATCH).toBeLessThanOrEqual(MAX_SEARCH_OFFSET);
  });
});
