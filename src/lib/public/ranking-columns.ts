// Optional columns of the top channels table (docs/public-stats.md, "/channels"): which exist, the defaults, at most 4 at once.
import { DEFAULT_RANKING_METRIC, RANKING_METRICS, RANKING_METRIC_PARAM } from './ranking-metrics';

export {
  RANKING_METRICS,
  RANKING_METRIC_PARAM,
  DEFAULT_RANKING_METRIC,
  rankingMetricLabel,
  type RankingMetricKey,
} from './ranking-metrics';

export const RANKING_COLUMNS = [
  { key: 'category', label: 'Category' },
  { key: 'watchtime', label: 'Watchtime (h, est.)' },
  { key: 'subscribers', label: 'Subscribers' },
  { key: 'view_count', label: 'Total Views' },
  { key: 'monthly_views', label: 'Monthly Views' },
  { key: 'monthly_subs', label: 'Monthly Subs' },
  { key: 'subs_growth_pct', label: 'Subs growth %' },
  { key: 'views_growth_pct', label: 'Views growth %' },
  { key: 'earnings', label: 'Earnings (est.)' },
] as const;

export type RankingColumn = (typeof RANKING_COLUMNS)[number]['key'];

/** Shown until the visitor picks others. */
export const DEFAULT_COLUMNS: readonly RankingColumn[] = ['category', 'subscribers', 'monthly_views'];
/** At most this many optional columns at once (docs/public-stats.md, "/channels"). */
export const MAX_VISIBLE_COLUMNS = 4;
/** The narrow table's column until one is chosen: the ranking's metric. */
export const DEFAULT_NARROW_COLUMN: RankingColumn = 'subscribers';
/** Query keys: the visible columns (repeated) and the narrow screen's column. */
export const COLUMNS_PARAM = 'cols';
export const NARROW_PARAM = 'col';

const KEYS: readonly string[] = RANKING_COLUMNS.map((c) => c.key);

export function isRankingColumn(value: string): value is RankingColumn {
  return KEYS.includes(value);
}

/** Columns in table order, whatever order they were given in. */
function inTableOrder(columns: Iterable<RankingColumn>): RankingColumn[] {
  const set = new Set(columns);
  return RANKING_COLUMNS.map((c) => c.key).filter((key) => set.has(key));
}

/**
 * The visible columns from the query's values (repeated or comma separated): unknown keys are
 * dropped, the first 4 kept; nothing valid means the defaults.
 * @example readColumns(['earnings,category']) // ['category', 'earnings']
 */
export function readColumns(values: readonly string[]): RankingColumn[] {
  const given = [
    ...new Set(
      values
        .flatMap((v) => v.split(','))
        .map((v) => v.trim())
        .filter(isRankingColumn),
    ),
  ];
  return given.length === 0 ? [...DEFAULT_COLUMNS] : inTableOrder(given.slice(0, MAX_VISIBLE_COLUMNS));
}

/** Whether a column may be switched on or off: never a 5th on, never the last one off. */
export function canToggle(visible: readonly RankingColumn[], column: RankingColumn): boolean {
  return visible.includes(column) ? visible.length > 1 : visible.length < MAX_VISIBLE_COLUMNS;
}

/** The visible columns after switching one; unchanged when that is not allowed. */
export function toggleColumn(visible: readonly RankingColumn[], column: RankingColumn): RankingColumn[] {
  if (!canToggle(visible, column)) return [...visible];
  return visible.includes(column) ? visible.filter((c) => c !== column) : inTableOrder([...visible, column]);
}

/** The query values for the visible columns: none for the defaults, so shared links stay short. */
export function columnsParam(visible: readonly RankingColumn[]): RankingColumn[] {
  const ordered = inTableOrder(visible);
  const isDefault = ordered.length === DEFAULT_COLUMNS.length && inTableOrder(DEFAULT_COLUMNS).every((c, i) => ordered[i] === c);
  return isDefault ? [] : ordered;
}

/** The narrow screen's column from the query, the default when missing or unknown. */
export function readNarrowColumn(value: string | null | undefined): RankingColumn {
  return value && isRankingColumn(value) ? value : DEFAULT_NARROW_COLUMN;
}

/** The narrow screen's column until one is chosen: the column of the ranking's metric. */
export function defaultNarrowColumn(metric: string | null | undefined): RankingColumn {
  const column = RANKING_METRICS.find((m) => m.key === metric)?.column;
  return column !== undefined && isRankingColumn(column) ? column : DEFAULT_NARROW_COLUMN;
}

/**
 * The columns shown when the URL names none: the defaults, with the ranking metric's column in place of
 * the last default when it is not one of them (a ranking always shows what it is ranked by).
 * @example defaultColumnsFor('watchtime') // ['category', 'watchtime', 'subscribers', 'monthly_views']
 */
export function defaultColumnsFor(metric: string): RankingColumn[] {
  const column = defaultNarrowColumn(metric);
  if (DEFAULT_COLUMNS.includes(column)) return [...DEFAULT_COLUMNS];
  return inTableOrder([...DEFAULT_COLUMNS.slice(0, MAX_VISIBLE_COLUMNS - 1), column]);
}

/** Whether a form value is its key's default, which the URL leaves out. */
function isDefault(key: string, value: string, metric: string | undefined, defaultMetric: string): boolean {
  return (
    value === '' ||
    (key === 'period' && value === 'now') ||
    (key === NARROW_PARAM && value === defaultNarrowColumn(metric)) ||
    (key === RANKING_METRIC_PARAM && value === defaultMetric)
  );
}

/**
 * The query of a rankings form's values as the URL keeps it: empty filters, the default period,
 * metric, narrow column and columns left out.
 * @example rankingQuery([['lang', ''], ['period', 'now'], ['country', 'US']]).toString() // 'country=US'
 */
export function rankingQuery(
  entries: Iterable<readonly [string, string]>,
  defaultMetric: string = DEFAULT_RANKING_METRIC,
): URLSearchParams {
  const list = [...entries];
  const metric = list.find(([key]) => key === RANKING_METRIC_PARAM)?.[1];
  const query = new URLSearchParams();
  const columns: string[] = [];
  let hasColumns = false;
  for (const [key, value] of list) {
    if (key === COLUMNS_PARAM) {
      hasColumns = true;
      columns.push(value);
    } else if (!isDefault(key, value, metric, defaultMetric)) {
      query.append(key, value);
    }
  }
  if (hasColumns) for (const column of columnsParam(readColumns(columns))) query.append(COLUMNS_PARAM, column);
  return query;
}
