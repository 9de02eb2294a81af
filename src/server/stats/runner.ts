// Turns stats rows into filled chart points and totals.
import type { Point } from '../../lib/api/stats';
import { type Bucket, chartBuckets, type ChartPeriod, fillPoints } from './buckets';
import { metricAnswer, type MetricName } from './metrics';
import type { DayRange } from './query';

export type StatRow = Record<string, string | number | null>;

/** The buckets of a range at a chart period. */
export function bucketsOf(range: DayRange, period: ChartPeriod): Bucket[] {
  return chartBuckets(range.from, range.to, period);
}

/**
 * A metric's series from rows keyed by `bucket`: every bucket present, 0 where no row.
 * @example seriesOf(rows, buckets, 'views')
 */
export function seriesOf(rows: StatRow[], buckets: Bucket[], metric: MetricName): Point[] {
  const values = new Map<string, number>();
  for (const row of rows) values.set(String(row.bucket), metricAnswer(metric, row[metric]));
  return fillPoints(buckets, values);
}

/** The sum of a metric over rows, converted at the end (so money is rounded once, not per bucket). */
export function totalOf(rows: StatRow[], metric: MetricName): number {
  return metricAnswer(
    metric,
    rows.reduce((sum, row) => sum + Number(row[metric] ?? 0), 0),
  );
}
