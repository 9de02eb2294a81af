// POST /api/stat/details/finance: each month of the range (clipped to it) with its earnings and their statements' part.
import type { MonthlyReportItem } from '../../../lib/api/details';
import type { StatsDb } from '../stores';
import type { EarningsMonth } from '../../../lib/api/stats';
import { runSettled } from '../bounds';
import { basisMonths } from '../earnings';
import { basisChannelsStatement, earningsParts } from '../finance';
import { compileStatQuery } from '../query';
import type { StatRequest } from '../request';
import { bucketsOf, type StatRow } from '../runner';
import type { Statement } from '../statements';

/** Earnings and their finance part per month bucket, and the basis months' channel counts. */
export function monthStatements(req: StatRequest): Statement[] {
  const { scope, sumRange, today: horizon } = req;
  const months = compileStatQuery({
    scope,
    metrics: ['partner_revenue', 'partner_revenue_finance'],
    dimensions: ['time'],
    range: sumRange,
    period: 'month',
    horizon,
  });
  const basis = basisMonths(sumRange);
  return basis ? [months, basisChannelsStatement(scope, basis)] : [months];
}

/**
 * The months of the settled request as base.ts's earnings parts give them (each with its basis,
 * dollars and channel counts; months without facts or statements left out).
 */
export function earningsMonths(req: StatRequest, results: StatRow[][]): EarningsMonth[] {
  const [monthRows = [], channelRows = []] = results;
  return earningsParts({
    totalMicros: 0,
    financeMicros: 0,
    monthBuckets: bucketsOf(req.range, 'month'),
    monthRows,
    channelRows,
    buckets: [],
    seriesRows: [],
  }).months;
}

const cents = (dollars: number) => Math.round(dollars * 100);

/**
 * One item per month of the range, clipped to it (0 where a month has no facts); a lifetime's months
 * run from its first to its last fact day. partner_revenue is the earnings rule's figure, finance its
 * statements' part.
 * @example await getFinanceMonths(env.DB, request)
 */
export async function getFinanceMonths(db: StatsDb, req: StatRequest): Promise<MonthlyReportItem[]> {
  const run = await runSettled(db, req, monthStatements(req));
  const months = new Map(earningsMonths(run.req, run.results).map((m) => [m.range.from, m]));
  return bucketsOf(run.req.range, 'month').map((bucket) => {
    const month = months.get(bucket.from);
    const finance = month?.finance ?? 0;
    // The parts add up to the month's rounded total (splitDollars), so their sum is the month's earnings.
    const total = month ? (cents(month.finance) + cents(month.estimate)) / 100 : 0;
    return { range: { from: bucket.from, to: bucket.to }, finance, partner_revenue: total };
  });
}
