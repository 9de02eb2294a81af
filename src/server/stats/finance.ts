// Which parts of the earnings are finance statements and which estimates: per month and per chart bucket.
import type { Bucket } from './buckets';
import { monthOf } from '../../lib/dates/time';
import type { BasisMonths } from './earnings';
import { type Fragment, sql } from '../db/sql';
import { type Scope, scopeCte } from './filters';
import { microsToDollars } from './metrics';
import type { StatRow } from './runner';
import type { EarningsBasis, EarningsMonth, EarningsParts } from '../../lib/api/stats';

/**
 * Per whole month of the basis: how many scoped channels have a statement (used where their estimate
 * is positive, see earnings.ts) and how many have facts but no usable statement (estimated), from the
 * statement each monthly row carries (migration 0018). Statements are per channel, so the counts ignore
 * title, country and video type filters.
 */
export function basisChannelsStatement(scope: Scope, months: BasisMonths): Fragment {
  return basisChannelsSql(scope, months);
}

function basisChannelsSql(scope: Scope, months: BasisMonths): Fragment {
  return sql`${scopeCte(scope)}
    SELECT m.month AS month, count(CASE WHEN m.partner_revenue_micros > 0 THEN m.statement_micros END) AS finance_channels,
      count(*) - count(CASE WHEN m.partner_revenue_micros > 0 THEN m.statement_micros END) AS estimate_channels
    FROM channel_monthly m
    WHERE m.channel_id IN (SELECT channel_id FROM scope) AND m.month BETWEEN ${months.from} AND ${months.to}
    GROUP BY m.month ORDER BY m.month`;
}

/** Finance when all of a figure is from statements, estimate when none is, mixed otherwise. */
export function basisOf(totalMicros: number, financeMicros: number): EarningsBasis {
  if (financeMicros === 0) return 'estimate';
  return financeMicros === totalMicros ? 'finance' : 'mixed';
}

/**
 * Splits a total (micro-USD) into finance and estimate dollars that add up to the total as rounded:
 * each part would otherwise be rounded on its own and could miss the headline by a cent.
 */
export function splitDollars(totalMicros: number, financeMicros: number): { finance: number; estimate: number } {
  // In whole cents, so the estimate is the rounded total less the rounded finance exactly.
  const totalCents = Math.round(microsToDollars(totalMicros) * 100);
  const financeCents = Math.round(microsToDollars(financeMicros) * 100);
  return { finance: financeCents / 100, estimate: (totalCents - financeCents) / 100 };
}

const micros = (row: StatRow | undefined, column: string) => Number(row?.[column] ?? 0);

/**
 * The earnings parts of an answer. `monthRows`: earnings and their finance part per month (bucket
 * 'YYYY-MM'); `channelRows`: basisChannelsStatement's counts; `seriesRows`/`buckets`: the chart.
 * Months without any fact or statement are left out.
 */
export function earningsParts(input: {
  totalMicros: number;
  financeMicros: number;
  monthBuckets: Bucket[];
  monthRows: StatRow[];
  channelRows: StatRow[];
  buckets: Bucket[];
  seriesRows: StatRow[];
}): EarningsParts {
  const byMonth = new Map(input.monthRows.map((r) => [String(r.bucket), r]));
  const channels = new Map(input.channelRows.map((r) => [String(r.month), r]));
  const months: EarningsMonth[] = [];
  for (const bucket of input.monthBuckets) {
    const row = byMonth.get(bucket.key);
    const count = channels.get(bucket.key);
    if (!row && !count) continue;
    const total = micros(row, 'partner_revenue');
    const finance = micros(row, 'partner_revenue_finance');
    months.push({
      month: monthOf(bucket.from),
      range: { from: bucket.from, to: bucket.to },
      basis: basisOf(total, finance),
      ...splitDollars(total, finance),
      finance_channels: count ? Number(count.finance_channels) : 0,
      estimate_channels: count ? Number(count.estimate_channels) : null,
    });
  }
  const series = new Map(input.seriesRows.map((r) => [String(r.bucket), r]));
  const buckets = input.buckets.map((b) => {
    const row = series.get(b.key);
    return basisOf(micros(row, 'partner_revenue'), micros(row, 'partner_revenue_finance'));
  });
  return { ...splitDollars(input.totalMicros, input.financeMicros), months, buckets };
}
