// Paging of the ranking pages (docs/public-stats.md, "Paging"): 100 rows a page, `?page=N`, links that
// keep every other query value. An unknown metric or a bad page is refused, never replaced by a default.
import {
  MAX_RANKING_PAGE,
  RANKING_METRICS,
  RANKING_METRIC_PARAM,
  RANKING_PAGE_PARAM,
  RANKING_PAGE_SIZE,
  isRankingMetric,
  type RankingMetricKey,
} from './ranking-metrics';

/** Why a ranking page cannot be shown: the status to answer and a sentence a visitor can act on. */
export class RankingPageRefusal {
  constructor(
    readonly status: 400 | 404,
    readonly message: string,
    /** Where to go instead (the last page, the ranking's first page). */
    readonly link: { href: string; label: string },
  ) {}
}

/** A URL's query with the page changed (page 1 is left out), every other value kept. */
export function pageHref(url: URL, page: number): string {
  const params = new URLSearchParams(url.searchParams);
  params.delete(RANKING_PAGE_PARAM);
  if (page > 1) params.set(RANKING_PAGE_PARAM, String(page));
  const query = params.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

function firstPage(url: URL): { href: string; label: string } {
  const params = new URLSearchParams(url.searchParams);
  for (const key of [RANKING_PAGE_PARAM, RANKING_METRIC_PARAM, 'limit']) params.delete(key);
  const query = params.toString();
  return { href: query ? `${url.pathname}?${query}` : url.pathname, label: 'the first page of the ranking' };
}

/**
 * The page asked for: 1 when absent; a refusal (400) for anything but a whole number from 1 to
 * MAX_RANKING_PAGE, and for `limit`, which pages do not take (every page has RANKING_PAGE_SIZE rows).
 * @example readRankingPage(new URL('https://x/channels?page=3')) // 3
 */
export function readRankingPage(url: URL): number {
  if (url.searchParams.has('limit')) {
    throw new RankingPageRefusal(400, `Ranking pages show ${RANKING_PAGE_SIZE} rows each: use ?page=N instead of limit.`, firstPage(url));
  }
  const values = url.searchParams.getAll(RANKING_PAGE_PARAM);
  if (values.length === 0 || (values.length === 1 && values[0] === '')) return 1;
  const value = values.length === 1 ? values[0]!.trim() : '';
  const page = /^\d{1,7}$/.test(value) ? Number(value) : NaN;
  if (!(page >= 1 && page <= MAX_RANKING_PAGE)) {
    const shown = values.join(', ').slice(0, 40);
    throw new RankingPageRefusal(400, `Page “${shown}” is not a page number: give a whole number from 1.`, firstPage(url));
  }
  return page;
}

/**
 * The metric asked for, the page's default when absent; a refusal (400) naming the choices when unknown.
 * @example readRankingMetric(new URL('https://x/channels?metric=watchtime'), 'subscriber_count') // 'watchtime'
 */
export function readRankingMetric(url: URL, fallback: RankingMetricKey): RankingMetricKey {
  const value = url.searchParams.get(RANKING_METRIC_PARAM);
  if (value === null || value === '') return fallback;
  if (isRankingMetric(value)) return value;
  const choices = RANKING_METRICS.map((m) => `${m.key} (${m.label})`).join(', ');
  throw new RankingPageRefusal(400, `Unknown ranking metric “${value.slice(0, 40)}”: rank by one of ${choices}.`, firstPage(url));
}

/** Where a page sits in its ranking. */
export interface PageSpan {
  page: number;
  /** At least 1: an empty ranking has one (empty) page. */
  pages: number;
  total: number;
}

/**
 * The page's place in a ranking of `total` rows; a refusal (404) for a page past the last, linking to the last.
 * @example pageSpan(new URL('https://x/channels?page=2'), 2, 150) // { page: 2, pages: 2, total: 150 }
 */
export function pageSpan(url: URL, page: number, total: number): PageSpan {
  const pages = Math.max(1, Math.ceil(total / RANKING_PAGE_SIZE));
  if (page > pages) {
    throw new RankingPageRefusal(404, `Page ${page} is past the last page of this ranking, page ${pages}.`, {
      href: pageHref(url, pages),
      label: `page ${pages}`,
    });
  }
  return { page, pages, total };
}

/** Offset of a page's first row. */
export const pageOffset = (page: number): number => (page - 1) * RANKING_PAGE_SIZE;

/**
 * The page numbers a pager links: the first, the last, and two either side of the current one; null
 * marks a gap.
 * @example pagerNumbers(50, 100) // [1, null, 48, 49, 50, 51, 52, null, 100]
 */
export function pagerNumbers(page: number, pages: number): (number | null)[] {
  const wanted = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2].filter((n) => n >= 1 && n <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((n, i) => {
    if (i > 0 && n - sorted[i - 1]! > 1) out.push(null);
    out.push(n);
  });
  return out;
}
