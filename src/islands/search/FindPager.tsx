// /find's page links: every result is reachable without JavaScript, 21 a page (?page=), with the filters kept.
import { pager } from '../../lib/public/pager';
import { filtersToParams, SEARCH_BATCH, type SearchFilters } from '../../lib/search/query';

interface Props {
  filters: SearchFilters;
  /** The page the address asked for (1-based). */
  page: number;
  /** Rows on screen from that page on (more than a page once scrolling has loaded more). */
  shown: number;
  count: number;
  tableView: boolean;
}

/**
 * The /find address of a page of the same search.
 * @example findPageHref(filters, 2, false) // '/find?form_monthly_views_min=10000&page=2'
 */
export function findPageHref(filters: SearchFilters, page: number, tableView: boolean): string {
  const params = new URLSearchParams(filtersToParams(filters));
  if (tableView) params.set('view', 'table');
  if (page > 1) params.set('page', String(page));
  return `/find?${params}`;
}

export default function FindPager({ filters, page, shown, count, tableView }: Props) {
  const last = page + Math.max(0, Math.ceil(shown / SEARCH_BATCH) - 1);
  const p = pager({ first: page, last, count, perPage: SEARCH_BATCH });
  if (count === 0) return null;
  const href = (n: number) => findPageHref(filters, n, tableView);
  return (
    <nav className="find-pager" aria-label="Pages">
      <p className="find-pager-label">{p.label ?? p.pastEnd}</p>
      <ul>
        {p.previous !== null && (
          <li>
            <a href={href(p.previous)} rel="prev">
              {p.pastEnd ? `Go to page ${p.previous}` : 'Previous'}
            </a>
          </li>
        )}
        {p.numbers.map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              {n >= page && n <= last ? (
                <a href={href(n)} aria-current="page" aria-label={`Page ${n}`}>
                  {n}
                </a>
              ) : (
                <a href={href(n)} aria-label={`Page ${n}`}>
                  {n}
                </a>
              )}
            </li>
          ),
        )}
        {p.next !== null && (
          <li>
            <a href={href(p.next)} rel="next">
              Next
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}
