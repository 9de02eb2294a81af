// POST /api/stat/base: the four chart series, their sums, the earnings' finance and estimate parts, and the comparison sums.
import type { BaseAnswer } from '../../lib/api/stats';
import { type BasisMonths, basisMonths } from './earnings';
import { grainFor } from './filters';
import { basisChannelsStatement, earningsParts, splitDollars } from './finance';
import type { MetricName } from './metrics';
import { compileStatQuery } from './query';
import type { StatRequest } from './request';
import { runSettled } from './bounds';
import { bucketsOf, seriesOf, type StatRow, totalOf } from './runner';
import type { StatsDb } from './stores';

const BASE_METRICS = [
  'partner_revenue',
  'subscribers',
  'subscribers_gained',
  'subscribers_lost',
  'views',
  'watch_time',
] as const satisfies readonly MetricName[];
/** The base metrics plus the finance part of the earnings. */
const READ_METRICS = [...BASE_METRICS, 'partner_revenue_finance'] as const satisfies readonly MetricName[];
/** Month buckets at the channel grain also count each month's channels by basis, from the same rows. */
const COUNTED_METRICS = [...READ_METRICS, 'finance_channels', 'estimate_channels'] as const satisfies readonly MetricName[];

const microsOf = (rows: StatRow[], column: string) => rows.reduce((sum, row) => sum + Number(row[column] ?? 0), 0);

/** The channel counts of the basis months, as basisChannelsStatement gives them, from month bucket rows. */
function countsOf(rows: StatRow[], months: BasisMonths | null): StatRow[] {
  if (!months) return [];
  return rows
    .filter((row) => String(row.bucket) >= months.from && String(row.bucket) <= months.to)
    .map((row) => ({
      month: row.bucket ?? null,
      finance_channels: row.finance_channels ?? 0,
      estimate_channels: row.estimate_channels ?? 0,
    }));
}

function sumsOf(rows: StatRow[]) {
  return {
    sum_partner_revenue: totalOf(rows, 'partner_revenue'),
    sum_subscribers: totalOf(rows, 'subscribers'),
    sum_subscribers_gained: totalOf(rows, 'subscribers_gained'),
    sum_subscribers_lost: totalOf(rows, 'subscribers_lost'),
    sum_views: totalOf(rows, 'views'),
    sum_watch_time: totalOf(rows, 'watch_time'),
  };
}

/**
 * Series, sums, earnings parts and comparison in one batch. Sums come from the series rows (the same
 * read); the months' parts and the comparison read whole months from the rollups. Earnings follow one
 * rule everywhere, the comparison included (see earnings.ts).
 * @example const answer = await getBase(env.DB, request)
 */
export async function getBase(db: StatsDb, req: StatRequest): Promise<BaseAnswer> {
  const { scope, range, period, compare, sumRange, today: horizon } = req;
  // Month buckets of a lifetime read whole months only (see sumRange); the buckets are the same.
  const seriesRange = period === 'month' ? sumRange : range;
  // Unfiltered by title or country, month buckets read one row per channel and month: those rows are the
  // channel counts of each month's basis, so no statement reads the months a second time.
  const counted = period === 'month' && grainFor(scope.filters) === 'channel';
  const metrics = counted ? COUNTED_METRICS : READ_METRICS;
  const statements = [
    compileStatQuery({ scope, metrics, dimensions: ['time'], range: seriesRange, period, earningsRange: sumRange, horizon }),
  ];
  // The months' parts: month buckets already are the months, so only day and week charts read them apart.
  const monthsAt =
    period === 'month'
      ? 0
      : statements.push(
          compileStatQuery({
            scope,
            metrics: ['partner_revenue', 'partner_revenue_finance'],
            dimensions: ['time'],
            range: sumRange,
            period: 'month',
            horizon,
          }),
        ) - 1;
  const months = basisMonths(sumRange);
  const channelsAt = months && !counted ? statements.push(basisChannelsStatement(scope, months)) - 1 : -1;
  const compareAt = compare
    ? statements.push(compileStatQuery({ scope, metrics: READ_METRICS, dimensions: [], range: compare, horizon })) - 1
    : -1;
  const run = await runSettled(db, req, statements);
  if (run.stale) return getBase(db, run.req);
  const { results } = run;
  const rows = results[0] ?? [];
  const buckets = bucketsOf(run.req.range, period);
  const compareRows = compareAt >= 0 ? (results[compareAt] ?? []) : null;
  return {
    partner_revenue: seriesOf(rows, buckets, 'partner_revenue'),
    subscribers: seriesOf(rows, buckets, 'subscribers'),
    subscribers_gained: seriesOf(rows, buckets, 'subscribers_gained'),
    subscribers_lost: seriesOf(rows, buckets, 'subscribers_lost'),
    views: seriesOf(rows, buckets, 'views'),
    watch_time: seriesOf(rows, buckets, 'watch_time'),
    ...sumsOf(rows),
    earnings: earningsParts({
      totalMicros: microsOf(rows, 'partner_revenue'),
      financeMicros: microsOf(rows, 'partner_revenue_finance'),
      monthBuckets: bucketsOf(run.req.range, 'month'),
      monthRows: results[monthsAt] ?? [],
      channelRows: counted ? countsOf(rows, months) : channelsAt >= 0 ? (results[channelsAt] ?? []) : [],
      buckets,
      seriesRows: rows,
    }),
    compare: compareRows
      ? {
          ...sumsOf(compareRows),
          earnings: splitDollars(microsOf(compareRows, 'partner_revenue'), microsOf(compareRows, 'partner_revenue_finance')),
        }
      : null,
  };
}
