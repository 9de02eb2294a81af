// Finalized monthly revenue of a range: finance points, its sum, which part is finance and which estimate.
import { monthsBetween, type Point } from './buckets';
import { addDays, monthEnd, monthOf, monthStart, nextMonth } from './days';
import { type Fragment, type Scope, scopeCte } from './filters';
import { microsToDollars } from './metrics';
import type { DayRange } from './query';
import type { StatRow } from './runner';
import { splitRange } from './source';

export interface FinanceAnswer {
  finance: Point[];
  sum_finance: number;
  is_whole: boolean;
  date: { finance: DayRange | null; estimate: DayRange | null };
}

/**
 * Per whole month of the range: finance (revenue + adjustments) and how many of the scope's channels
 * have a statement versus how many have facts. Finance is per channel, so title, country and video type
 * filters leave it out (the caller then skips this statement).
 */
export function financeStatement(scope: Scope, range: DayRange): Fragment | null {
  const months = splitRange(range.from, range.to).months;
  if (!months) return null;
  const cte = scopeCte(scope);
  const sql = `${cte.sql}
    SELECT month, sum(micros) AS finance_micros, sum(has_finance) AS finance_channels, sum(has_facts) AS fact_channels FROM (
      SELECT month, revenue_micros + adjustment_micros AS micros, 1 AS has_finance, 0 AS has_facts
      FROM channel_finance_monthly WHERE channel_id IN (SELECT channel_id FROM scope) AND month BETWEEN ? AND ?
      UNION ALL
      SELECT month, 0, 0, 1 FROM channel_monthly WHERE channel_id IN (SELECT channel_id FROM scope) AND month BETWEEN ? AND ?
    ) GROUP BY month ORDER BY month`;
  return { sql, params: [...cte.params, months.from, months.to, months.from, months.to] };
}

/**
 * The finance part of the base answer. is_whole: the range is whole months, all finished before today,
 * and every channel with facts in each month has its statement.
 */
export function financeAnswer(rows: StatRow[], range: DayRange, today: string): FinanceAnswer {
  const withFinance = rows.filter((r) => Number(r.finance_channels) > 0);
  const finance: Point[] = withFinance.map((r) => {
    const month = String(r.month);
    return { date: monthStart(month), value: microsToDollars(Number(r.finance_micros)), range: { from: monthStart(month), to: monthEnd(month) } };
  });
  const sumMicros = withFinance.reduce((sum, r) => sum + Number(r.finance_micros), 0);
  const first = finance[0];
  const last = finance[finance.length - 1];
  const financeRange = first && last ? { from: first.range.from, to: last.range.to } : null;
  const estimateFrom = financeRange ? addDays(financeRange.to, 1) : range.from;
  const estimate = estimateFrom <= range.to ? { from: estimateFrom, to: range.to } : null;
  const months = splitRange(range.from, range.to).months;
  const complete = new Set(rows.filter((r) => Number(r.finance_channels) >= Number(r.fact_channels) && Number(r.finance_channels) > 0).map((r) => String(r.month)));
  const isWhole = months !== null
    && months.from === monthOf(range.from) && months.to === monthOf(range.to)
    && nextMonth(months.to) <= monthOf(today)
    && monthsBetween(months.from, months.to).every((m) => complete.has(m));
  return { finance, sum_finance: microsToDollars(sumMicros), is_whole: isWhole, date: { finance: financeRange, estimate } };
}
