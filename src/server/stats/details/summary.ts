// POST /api/stat/details/total: the summary block above a details table (the spec's "Stats summary").
import type { DetailsSummary } from '../../../lib/api/details';
import type { StatsDb } from '../stores';
import type { DateRange, EarningsMonth } from '../../../lib/api/stats';
import { monthEnd, monthOf } from '../../../lib/dates/time';
import { runSettled } from '../bounds';
import { audienceStatement } from '../demographics';
import { metricAnswer } from '../metrics';
import { compileStatQuery } from '../query';
import type { StatRequest } from '../request';
import type { StatRow } from '../runner';
import { splitRange } from '../source';
import { shareOf } from './figures';
import { earningsMonths, monthStatements } from './finance-months';

/** The days of the months that match, first to last; null when none does. */
function spanOf(months: EarningsMonth[], matches: (m: EarningsMonth) => boolean): DateRange | null {
  const chosen = months.filter(matches);
  const first = chosen[0];
  const last = chosen[chosen.length - 1];
  return first && last ? { from: first.range.from, to: last.range.to } : null;
}

/**
 * Whole: the figures are final. The range holds whole months only, the last of them has ended, and
 * every channel with facts in each month has its statement in use (no estimate left).
 */
function isWholeOf(req: StatRequest, months: EarningsMonth[]): boolean {
  const range = req.lifetime ? req.sumRange : req.range;
  if (splitRange(range.from, range.to).days.length > 0) return false;
  if (monthEnd(monthOf(range.to)) >= req.today) return false;
  return months.length > 0 && months.every((m) => m.estimate_channels === 0 && m.estimate === 0);
}

/**
 * Male and female views (rounded: title audience is weighted, not whole) and their shares of all the
 * audience views, user_specified included: the audience table's rule for its total row (audience.ts).
 */
function audienceOf(row: StatRow): DetailsSummary['audience'] {
  const views = (column: string) => Number(row[column] ?? 0);
  const male = views('male');
  const female = views('female');
  const all = views('views');
  return {
    total_male: Math.round(male),
    total_female: Math.round(female),
    male_views_percent: shareOf(male, all),
    female_views_percent: shareOf(female, all),
  };
}

const SUMMARY_METRICS = ['partner_revenue', 'partner_revenue_finance', 'views', 'subscribers'] as const;

/**
 * Sums, audience views by gender, the months' earnings basis and whether the figures are final, in
 * one batch (a lifetime's bounds ride along). The audience covers the months the range touches, as the
 * Demography card reads it.
 * @example await getDetailsSummary(env.DB, request)
 */
export async function getDetailsSummary(db: StatsDb, req: StatRequest): Promise<DetailsSummary> {
  const { scope, sumRange, today: horizon } = req;
  const sums = compileStatQuery({ scope, metrics: SUMMARY_METRICS, dimensions: [], range: sumRange, earningsRange: sumRange, horizon });
  const audience = audienceStatement(
    scope,
    sumRange,
    horizon,
    `SELECT coalesce(sum(CASE WHEN gender = 'male' THEN views END), 0) AS male,
      coalesce(sum(CASE WHEN gender = 'female' THEN views END), 0) AS female, coalesce(sum(views), 0) AS views FROM cells`,
  );
  const run = await runSettled(db, req, [sums, audience, ...monthStatements(req)]);
  const [sumRows = [], audienceRows = [], ...monthResults] = run.results;
  const row: StatRow = sumRows[0] ?? {};
  const months = earningsMonths(run.req, monthResults);
  return {
    views: metricAnswer('views', row.views),
    partner_revenue: metricAnswer('partner_revenue', row.partner_revenue),
    subs: metricAnswer('subscribers', row.subscribers),
    finance: metricAnswer('partner_revenue_finance', row.partner_revenue_finance),
    audience: audienceOf(audienceRows[0] ?? {}),
    date: {
      finance: spanOf(months, (m) => m.finance !== 0),
      estimate: spanOf(months, (m) => m.estimate !== 0),
    },
    isWhole: isWholeOf(run.req, months),
    range: run.req.range,
  };
}
