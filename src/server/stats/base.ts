// POST /api/stat/base: the four chart series, their sums, finance vs estimate, and the comparison sums.
import type { Point } from './buckets';
import { todayUtc } from './days';
import { financeAnswer, type FinanceAnswer, financeStatement } from './finance';
import type { MetricName } from './metrics';
import { compileStatQuery } from './query';
import type { StatRequest } from './request';
import { bucketsOf, runBatch, seriesOf, type StatRow, totalOf } from './runner';

const BASE_METRICS = ['partner_revenue', 'subscribers', 'views', 'watch_time'] as const satisfies readonly MetricName[];

type BaseSums = Record<`sum_${(typeof BASE_METRICS)[number]}`, number>;

export type BaseAnswer = Record<(typeof BASE_METRICS)[number], Point[]> & BaseSums & FinanceAnswer & {
  compare: BaseSums | null;
};

function sumsOf(rows: StatRow[]): BaseSums {
  return {
    sum_partner_revenue: totalOf(rows, 'partner_revenue'),
    sum_subscribers: totalOf(rows, 'subscribers'),
    sum_views: totalOf(rows, 'views'),
    sum_watch_time: totalOf(rows, 'watch_time'),
  };
}

/**
 * Series, sums, finance and comparison in one batch. Sums come from the series rows (the same read),
 * the comparison reads whole months from the rollups.
 * @example const answer = await getBase(env.DB, request)
 */
export async function getBase(db: D1Database, req: StatRequest, today = todayUtc()): Promise<BaseAnswer> {
  const { scope, range, period, compare } = req;
  // Month buckets of a lifetime read whole months only (see sumRange); the buckets are the same.
  const seriesRange = period === 'month' ? req.sumRange : range;
  const series = compileStatQuery({ scope, metrics: BASE_METRICS, dimensions: ['time'], range: seriesRange, period });
  const statements = [series];
  const compareAt = compare ? statements.push(compileStatQuery({ scope, metrics: BASE_METRICS, dimensions: [], range: compare })) - 1 : -1;
  // Finance is per channel: a title, country or video type filter cannot be applied to it.
  const { titles, countries, typeVideo } = scope.filters;
  const finance = titles || countries || typeVideo ? null : financeStatement(scope, range);
  const financeAt = finance ? statements.push({ ...finance, grain: 'channel' }) - 1 : -1;
  const results = await runBatch(db, statements);
  const rows = results[0] ?? [];
  const buckets = bucketsOf(range, period);
  return {
    partner_revenue: seriesOf(rows, buckets, 'partner_revenue'),
    subscribers: seriesOf(rows, buckets, 'subscribers'),
    views: seriesOf(rows, buckets, 'views'),
    watch_time: seriesOf(rows, buckets, 'watch_time'),
    ...sumsOf(rows),
    ...financeAnswer(financeAt >= 0 ? (results[financeAt] ?? []) : [], range, today),
    compare: compareAt >= 0 ? sumsOf(results[compareAt] ?? []) : null,
  };
}
