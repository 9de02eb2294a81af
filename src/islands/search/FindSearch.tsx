// /find: the filter panel and the results, server-rendered with the first batch; more load on scroll.
import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from 'react';
import { WATCHTIME_METHOD } from '../../lib/public/public-estimates';
import { RANGE_KEYS, filtersToParams, type SearchFilters } from '../../lib/search/query';
import { parseRangeNumber } from '../../lib/search/range';
import { checkSearchForm, rawSearchForm, type FieldErrors, type TypedRanges } from '../../lib/search/form';
import { formatCount } from '../../lib/formats/stat-format';
import { SEARCH_BATCH } from '../../lib/search/query';
import FindPager from './FindPager';
import FindFilters, { type Bounds, type FilterOptions } from './FindFilters';
import { ResultCards, ResultTable } from './FindResults';
import { searchBatch, type SearchRow } from './search-api';
import { useHydrated } from '../shared/use-hydrated';
import './search.css';

interface Props {
  filters: SearchFilters;
  rows: SearchRow[];
  count: number;
  bounds: Bounds;
  options: FilterOptions;
  tableView: boolean;
  /** The page of results the address asked for (?page=, 1-based); scrolling loads the ones after it. */
  page: number;
  /** Filter values of the URL that were not used (unknown country, language), or why nothing could be loaded. */
  notice: string | null;
  /** Fields of the URL that could not be used, each with what was wrong; the search ran without them. */
  errors: FieldErrors;
  /** What the address gave for those ranges, shown again in their boxes so the visitor can correct it. */
  typed: TypedRanges;
}

/** Where the field messages come from: the address (the search ran without those fields) or the form (nothing was sent). */
type ErrorSource = 'url' | 'form';

const SUMMARY: Record<ErrorSource, string> = {
  url: 'Some filters in the address could not be used, so the search ran without them.',
  form: 'The search was not changed: please correct the fields first.',
};

/** Loads the next batch when the sentinel under the results comes into view. */
function useLoadMore(enabled: boolean, load: () => void) {
  const sentinel = useRef<HTMLDivElement>(null);
  // The observer stays for as long as loading is enabled, yet calls the newest `load`.
  const loadLatest = useEffectEvent(load);
  useEffect(() => {
    const node = sentinel.current;
    if (!enabled || !node) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) loadLatest();
      },
      { rootMargin: '200px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled]);
  return sentinel;
}

function withTyped(filters: SearchFilters, typed: TypedRanges): SearchFilters {
  const ranges = { ...filters.ranges };
  for (const key of RANGE_KEYS) {
    const text = typed[key];
    if (text) ranges[key] = { min: parseRangeNumber(text.min), max: parseRangeNumber(text.max) };
  }
  return { ...filters, ranges };
}

export default function FindSearch(props: Props) {
  // Ranges the address gave but could not be used start from what was typed, so their sliders agree with their boxes.
  const [filters, setFilters] = useState(() => withTyped(props.filters, props.typed));
  const [rows, setRows] = useState(props.rows);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [tableView, setTableView] = useState(props.tableView);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [errors, setErrors] = useState<{ source: ErrorSource; fields: FieldErrors }>({ source: 'url', fields: props.errors });
  const hydrated = useHydrated();
  const more = (props.page - 1) * SEARCH_BATCH + rows.length < props.count && !failed;

  const loadMore = () => {
    if (loading || !more) return;
    setLoading(true);
    // The URL's filters, not the panel's unsaved edits: a batch continues the list on screen.
    searchBatch(props.filters, (props.page - 1) * SEARCH_BATCH + rows.length)
      .then((page) => setRows((current) => [...current, ...page.data]))
      .catch(() => setFailed(true))
      .finally(() => setLoading(false));
  };
  const sentinel = useLoadMore(more && !loading, loadMore);

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The fields as typed ("abc" included), checked by the same rules the page applies to its URL.
    const entries = [...new FormData(event.currentTarget)].filter((entry): entry is [string, string] => typeof entry[1] === 'string');
    const checked = checkSearchForm(rawSearchForm(entries), true);
    if (Object.keys(checked.errors).length > 0) {
      // Nothing is sent: the results and every other field stay as they are.
      setErrors({ source: 'form', fields: checked.errors });
      setFiltersOpen(true);
      return;
    }
    const params = new URLSearchParams(filtersToParams(checked.filters));
    if (tableView) params.set('view', 'table');
    // A new search starts from the first batch: the page reloads with the filters in its URL.
    window.location.assign(`/find?${params}`);
  };
  const toggleView = (table: boolean) => {
    setTableView(table);
    const url = new URL(window.location.href);
    if (table) url.searchParams.set('view', 'table');
    else url.searchParams.delete('view');
    window.history.replaceState(null, '', url);
  };

  return (
    <div className="find">
      {/* Always in the HTML: CSS shows it (and closes the panel) on narrow screens with scripts on, before the first paint. */}
      <button
        type="button"
        className="button find-filters-toggle"
        aria-expanded={filtersOpen}
        aria-controls="find-filters"
        onClick={() => setFiltersOpen((open) => !open)}
      >
        Filters
      </button>
      <aside id="find-filters" className="find-filters" data-open={filtersOpen || undefined}>
        <FindFilters
          filters={filters}
          options={props.options}
          bounds={props.bounds}
          tableView={tableView}
          onChange={setFilters}
          onSubmit={search}
          errors={errors.fields}
          summary={SUMMARY[errors.source]}
          typed={props.typed}
        />
      </aside>
      <section className="find-results" aria-labelledby="find-results-heading">
        <div className="find-results-bar">
          <h2 id="find-results-heading">{`${formatCount(props.count, 'channel', 'channels')} found`}</h2>
          <label className="find-view-toggle">
            <input type="checkbox" checked={tableView} disabled={!hydrated} onChange={(event) => toggleView(event.target.checked)} />
            Table view
          </label>
        </div>
        {props.notice && (
          <p className="find-notice" role="status">
            {props.notice}
          </p>
        )}
        {rows.length === 0 ? <p className="empty">No data</p> : tableView ? <ResultTable rows={rows} /> : <ResultCards rows={rows} />}
        {more && <div ref={sentinel} className="find-more" aria-hidden="true" />}
        {loading && (
          <p className="muted" role="status">
            Loading more channels…
          </p>
        )}
        {failed && (
          <p className="find-notice" role="alert">
            More channels could not be loaded.{' '}
            <button type="button" className="link-button" onClick={() => setFailed(false)}>
              Try again
            </button>
          </p>
        )}
        <FindPager filters={props.filters} page={props.page} shown={rows.length} count={props.count} tableView={tableView} />
        <details className="find-method">
          <summary>How watch time is estimated</summary>
          <p>{WATCHTIME_METHOD}</p>
        </details>
      </section>
    </div>
  );
}
