// The column a monthly ranking table adds for its metric when the metric is not one it always shows.
import { defaultNarrowColumn, type RankingColumn } from '../../lib/public/ranking-columns';

const ALWAYS: readonly RankingColumn[] = ['subscribers', 'monthly_views', 'monthly_subs'];

/**
 * The metric's column, or null when the table shows it anyway.
 * @example extraColumn('watchtime') // 'watchtime'; extraColumn('monthly_views') // null
 */
export function extraColumn(metric: string): Exclude<RankingColumn, 'category'> | null {
  const column = defaultNarrowColumn(metric);
  return ALWAYS.includes(column) || column === 'category' ? null : column;
}
