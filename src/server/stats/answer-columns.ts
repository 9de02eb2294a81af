// How each column a partner statement answers combines when several network stores answer it: the one
// place that knows, so statements carry no rule of their own (docs/partner-store.md, "Reads that go
// through the stores"). Metrics and dimensions say it in their registries; the few other columns are listed here.
import { DIMENSIONS } from './dimensions';
import { type ColumnMerge, METRICS } from './metrics';

/** Columns that are neither a metric nor a dimension. A column in no registry cannot be merged. */
const OTHER_COLUMNS: Record<string, ColumnMerge> = {
  // Months and days: the scope's folded months, finance months; first and last days with facts.
  month: 'key',
  first_day: 'min',
  last_day: 'max',
  // Audience cells.
  gender: 'key',
  age_group: 'key',
  male: 'sum',
  female: 'sum',
  channel_views: 'sum',
  // Videos published, by channel or title (`key`) or in all.
  video_count: 'sum',
  // Illegal copies: a group's key (several stores hold 'ugc' and 'none'), its name, its sums, a copy's id.
  key: 'key',
  name: 'min',
  copies: 'sum',
  blocked: 'sum',
  earnings_micros: 'sum',
  value: 'sum',
  copy_id: 'own',
  // Traffic sources: the source code, and the sums beside views.
  source_type: 'key',
  // YouTube search terms (search-terms.ts): a term's rows add up across the stores holding its channels.
  term: 'key',
  watch_time_minutes: 'sum',
  // The format grain (formats.ts): a row per format. Engaged views are summed, as traffic's are.
  video_type: 'key',
  engaged_views: 'sum',
};

const MERGES = new Map<string, ColumnMerge>([
  ...Object.entries(OTHER_COLUMNS),
  ...Object.values(DIMENSIONS).map((d): [string, ColumnMerge] => [d.alias, d.merge]),
  ...Object.entries(METRICS).map(([name, m]): [string, ColumnMerge] => [name, m.merge]),
]);

/**
 * How a column combines across stores, or undefined for a column no registry names.
 * @example columnMerge('views') // 'sum'
 */
export function columnMerge(column: string): ColumnMerge | undefined {
  return MERGES.get(column);
}
