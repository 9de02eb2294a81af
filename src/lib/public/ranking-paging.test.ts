import { describe, expect, it } from 'vitest';
import { RankingPageRefusal, pageHref, pageSpan, pagerNumbers, readRankingMetric, readRankingPage } from './ranking-paging';

const url = (query: string) => new URL(`https://v.example/channels${query}`);

function refusal(run: () => unknown): RankingPageRefusal {
  try {
    run();
  } catch (error) {
    if (error instanceof RankingPageRefusal) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('ranking paging', () => {
  it('reads the page: 1 when absent or blank, a whole number otherwise', () => {
    expect(readRankingPage(url(''))).toBe(1);
    expect(readRankingPage(url('?page='))).toBe(1);
    expect(readRankingPage(url('?page=500'))).toBe(500);
  });

  it.each(['?page=0', '?page=-2', '?page=1.5', '?page=two', '?page=99999999', '?page=2&page=3', '?page=1e3'])(
    'refuses %s with a 400 linking to the first page',
    (query) => {
      const r = refusal(() => readRankingPage(url(`${query}&metric=earnings&country=US`)));
      expect(r.status).toBe(400);
      expect(r.message).toMatch(/page number/);
      expect(r.link.href).toBe('/channels?country=US');
    },
  );

  it('refuses limit on a page: every page has 100 rows', () => {
    const r = refusal(() => readRankingPage(url('?limit=500')));
    expect(r.status).toBe(400);
    expect(r.message).toContain('100 rows');
  });

  it('reads a known metric, the default when absent, and refuses an unknown one naming the choices', () => {
    expect(readRankingMetric(url('?metric=watchtime'), 'subscriber_count')).toBe('watchtime');
    expect(readRankingMetric(url(''), 'monthly_views')).toBe('monthly_views');
    const r = refusal(() => readRankingMetric(url('?metric=likes'), 'subscriber_count'));
    expect(r.status).toBe(400);
    expect(r.message).toContain('“likes”');
    expect(r.message).toContain('watchtime (Watch time (est.))');
  });

  it('places a page, and refuses one past the last with a 404 linking to the last', () => {
    expect(pageSpan(url('?page=3'), 3, 207)).toEqual({ page: 3, pages: 3, total: 207 });
    expect(pageSpan(url(''), 1, 0)).toEqual({ page: 1, pages: 1, total: 0 });
    expect(pageSpan(url('?page=2'), 2, 200)).toEqual({ page: 2, pages: 2, total: 200 });
    const r = refusal(() => pageSpan(url('?metric=earnings&page=4'), 4, 207));
    expect(r.status).toBe(404);
    expect(r.link.href).toBe('/channels?metric=earnings&page=3');
  });

  it('links pages keeping every other value, page 1 without the key', () => {
    expect(pageHref(url('?metric=earnings&page=7&cols=earnings'), 1)).toBe('/channels?metric=earnings&cols=earnings');
    expect(pageHref(url('?metric=earnings'), 2)).toBe('/channels?metric=earnings&page=2');
    expect(pagerNumbers(1, 1)).toEqual([1]);
    expect(pagerNumbers(1, 3)).toEqual([1, 2, 3]);
    expect(pagerNumbers(500, 1005)).toEqual([1, null, 498, 499, 500, 501, 502, null, 1005]);
  });
});
