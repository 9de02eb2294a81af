// POST /api/stat/extended with graph=1: the analytics chart's views, revenue and net subscribers over the range's buckets.
import { ANALYTICS_GRAPH_METRICS, type AnalyticsGraphAnswer } from '../../../lib/api/analytics';
import type { StatsDb } from '../stores';
import { runSettled } from '../bounds';
import { compileStatQuery } from '../query';
import type { StatRequest } from '../request';
import { bucketsOf, seriesOf } from '../runner';

/**
 * One statement, as the dashboard's base series read (base.ts): month buckets read whole months (a
 * lifetime's from its settled bounds, read in the same batch), earnings by the same rule as the table.
 * @example await getAnalyticsGraph(env.DB, request)
 */
export async function getAnalyticsGraph(db: StatsDb, req: StatRequest): Promise<AnalyticsGraphAnswer> {
  const { scope, range, period, sumRange, today: horizon } = req;
  const seriesRange = period === 'month' ? sumRange : range;
  const statement = compileStatQuery({
    scope,
    metrics: ANALYTICS_GRAPH_METRICS,
    dimensions: ['time'],
    range: seriesRange,
    period,
    earningsRange: sumRange,
    horizon,
  });
  const run = await runSettled(db, req, [statement]);
  if (run.stale) return getAnalyticsGraph(db, run.req);
  const rows = run.results[0] ?? [];
  const buckets = bucketsOf(run.req.range, run.req.period);
  return {
    kind: 'graph',
    period: run.req.period,
    series: {
      views: seriesOf(rows, buckets, 'views'),
      partner_revenue: seriesOf(rows, buckets, 'partner_revenue'),
      subscribers: seriesOf(rows, buckets, 'subscribers'),
    },
  };
}
