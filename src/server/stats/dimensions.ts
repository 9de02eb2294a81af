// Dimension registry: how a query may group (time bucket, channel, title, country) and the grain each needs.
import type { ChartPeriod } from './buckets';
import type { ColumnMerge } from './metrics';
import type { Grain } from './source';

export type DimensionName = 'time' | 'channel' | 'title' | 'country';

interface DimensionDef {
  /** Column name in the query's answer rows. */
  alias: string;
  /** The fact grain that holds the dimension; null = every grain. */
  grain: Grain | null;
  /**
   * A key: `own` when one store holds all of a value's rows (a channel), else `key`. A title is a key: its
   * videos' channels may lie in different stores of a network spread over several (docs/partner-store.md).
   */
  merge: Extract<ColumnMerge, 'key' | 'own'>;
}

export const DIMENSIONS: Record<DimensionName, DimensionDef> = {
  time: { alias: 'bucket', grain: null, merge: 'key' },
  channel: { alias: 'channel_id', grain: null, merge: 'own' },
  title: { alias: 'title_id', grain: 'title', merge: 'key' },
  country: { alias: 'country_code', grain: 'country', merge: 'key' },
};

/**
 * The SQL of a dimension in one branch of a query, reading a daily, monthly or yearly table.
 * Time keys match chartBuckets(): the day, the Monday of its week, or 'YYYY-MM'.
 */
export function dimensionSql(name: DimensionName, source: 'daily' | 'monthly' | 'yearly', period: ChartPeriod): string {
  if (name !== 'time') return DIMENSIONS[name].alias;
  if (source === 'yearly') throw new Error('Yearly rows only serve untimed sums.');
  if (source === 'monthly') {
    if (period !== 'month') throw new Error('Monthly rows can only fill month buckets.');
    return 'month AS bucket';
  }
  if (period === 'days') return 'day AS bucket';
  // The Monday on or before the day.
  if (period === 'week') return "date(day, '-6 days', 'weekday 1') AS bucket";
  return 'substr(day, 1, 7) AS bucket';
}
