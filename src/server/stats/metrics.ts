// Metric registry: API metric names mapped to their SQL aggregate over the fact columns (a whitelist).

export type MetricUnit = 'micros' | 'count';

/**
 * `key`: rows with the same values of every key column are one row (GROUP BY over the stores' rows).
 * `own`: a key whose rows one store holds all of (a channel, a copy): rows carrying it are
 * never combined, only put together. `sum`, `min`, `max`: the value over the rows of one key, NULLs
 * ignored as SQL's aggregates ignore them.
 */
export type ColumnMerge = 'key' | 'own' | 'sum' | 'min' | 'max';

export interface MetricDef {
  /** Fact columns the branches of a query must select for this metric. */
  columns: readonly string[];
  /** Aggregate over those columns; 0 when no row matched. */
  sql: string;
  unit: MetricUnit;
  /**
   * How the metric's values from several network stores combine (answer-columns.ts). Every metric is a
   * sum, or a difference of sums, over channels no two stores share, so each is `sum`.
   */
  merge: Extract<ColumnMerge, 'sum'>;
  /** Money by the earnings rule: the query reads it through the per-(channel, month) basis (earnings.ts). */
  earnings?: true;
  /** Counts channels per month of the basis: the query must read those months as channel monthly rows. */
  channelCounts?: true;
}

const sumOf = (column: string) => `coalesce(sum(${column}), 0)`;

export const METRICS = {
  // Earnings: per channel and month the finance statement where there is one, else the estimate.
  partner_revenue: {
    columns: ['partner_revenue_micros'],
    sql: sumOf('partner_revenue_micros'),
    unit: 'micros',
    merge: 'sum',
    earnings: true,
  },
  // The part of partner_revenue that comes from finance statements (the rest is estimate).
  partner_revenue_finance: { columns: [], sql: sumOf('finance_micros'), unit: 'micros', merge: 'sum', earnings: true },
  // Channels of each whole month whose statement is in use, and those estimated (month buckets only).
  finance_channels: { columns: [], sql: sumOf('statement_used'), unit: 'count', merge: 'sum', earnings: true, channelCounts: true },
  estimate_channels: {
    columns: [],
    sql: `count(statement_used) - ${sumOf('statement_used')}`,
    unit: 'count',
    merge: 'sum',
    earnings: true,
    channelCounts: true,
  },
  views: { columns: ['views'], sql: sumOf('views'), unit: 'count', merge: 'sum' },
  // Net subscribers: gained minus lost in the bucket.
  subscribers: {
    columns: ['subscribers_gained', 'subscribers_lost'],
    sql: `${sumOf('subscribers_gained')} - ${sumOf('subscribers_lost')}`,
    unit: 'count',
    merge: 'sum',
  },
  subscribers_gained: { columns: ['subscribers_gained'], sql: sumOf('subscribers_gained'), unit: 'count', merge: 'sum' },
  subscribers_lost: { columns: ['subscribers_lost'], sql: sumOf('subscribers_lost'), unit: 'count', merge: 'sum' },
  // Reach (thumbnail impressions and the clicks they led to): the channel and title grains only (migration 0008).
  impressions: { columns: ['impressions'], sql: sumOf('impressions'), unit: 'count', merge: 'sum' },
  impression_clicks: { columns: ['impression_clicks'], sql: sumOf('impression_clicks'), unit: 'count', merge: 'sum' },
  watch_time: { columns: ['watch_time_minutes'], sql: sumOf('watch_time_minutes'), unit: 'count', merge: 'sum' },
  likes: { columns: ['likes'], sql: sumOf('likes'), unit: 'count', merge: 'sum' },
  dislikes: { columns: ['dislikes'], sql: sumOf('dislikes'), unit: 'count', merge: 'sum' },
  comments: { columns: ['comments'], sql: sumOf('comments'), unit: 'count', merge: 'sum' },
} as const satisfies Record<string, MetricDef>;

export type MetricName = keyof typeof METRICS;

/** The metrics a breakdown (POST /api/stat/{metric}) may be asked for: part of the API contract. */
export { BREAKDOWN_METRICS, type BreakdownMetric } from '../../lib/api/stats';

const MICROS_PER_CENT = 10_000;

/** Integer micro-USD to dollars rounded to cents: money leaves SQL as integers and is converted here only. */
export function microsToDollars(micros: number): number {
  return Math.round(micros / MICROS_PER_CENT) / 100;
}

/** A metric's value as the API answers it (dollars for money, the count otherwise). */
export function metricAnswer(metric: MetricName, raw: unknown): number {
  const value = Number(raw ?? 0);
  return METRICS[metric].unit === 'micros' ? microsToDollars(value) : value;
}
