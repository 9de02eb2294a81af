// POST /api/stat/forecast: this month's earnings so far and where they are heading (see docs/stats.md).
import { type Fragment, raw } from '../db/sql';
import { addDays, monthOf, monthStart, todayUtc } from '../../lib/dates/time';
import { type Scope, scopeCte } from './filters';
import { forecastMonth, FORECAST_HISTORY_DAYS } from './forecast-model';
import type { Forecast } from '../../lib/api/stats';
import { microsToDollars } from './metrics';
import { compileStatQuery, type DayRange } from './query';
import type { StatsDb } from './stores';

/** The latest day with facts among the scope's channels: a primary-key seek per channel. */
async function latestDay(db: StatsDb, scope: Scope): Promise<string | null> {
  const cte = scopeCte(scope);
  const latest = raw(
    `${cte.sql}
    SELECT max((SELECT day FROM channel_daily d WHERE d.channel_id = s.channel_id ORDER BY day DESC LIMIT 1)) AS last_day
    FROM scope s`,
    ...cte.params,
  );
  const [rows = []] = await db.read([latest]);
  const day = rows[0]?.last_day;
  return typeof day === 'string' ? day : null;
}

/**
 * The daily earnings from `from` (the month's first day or earlier) to `asOf`. Only days of an earlier month can
 * carry a statement's share (the current month has none yet), so only those go through the statement
 * window (earnings.ts); the current month's days are summed plainly. Same figures, a fraction of the rows
 * windowed: one month-to-date of 500 channels is 10,500 daily rows against 3,500 of the week before it.
 */
function dailyEarnings(scope: Scope, from: string, asOf: string): Fragment[] {
  const monthFrom = monthStart(monthOf(asOf));
  const days = (range: DayRange, earningsRange?: DayRange) =>
    compileStatQuery({ scope, metrics: ['partner_revenue'], dimensions: ['time'], range, period: 'days', earningsRange });
  const current = days({ from: monthFrom, to: asOf });
  if (from === monthFrom) return [current];
  const before = { from, to: addDays(monthFrom, -1) };
  // Earnings by the same rule as the chart: history days of a finished month with a statement carry their share of it.
  return [days(before, { from: monthStart(monthOf(from)), to: before.to }), current];
}

/**
 * Null when the current month (UTC) has no facts yet. Daily revenue of the month and of the four
 * weeks before the latest day feeds forecastMonth(); money is converted to dollars at the end.
 * `latest` is the scope's latest fact day when the caller has already read it (the dashboard's first view).
 * @example await getForecast(env.DB, scope)
 */
export async function getForecast(db: StatsDb, scope: Scope, today = todayUtc(), latest?: string | null): Promise<Forecast | null> {
  const asOf = latest === undefined ? await latestDay(db, scope) : latest;
  if (!asOf || monthOf(asOf) !== monthOf(today) || asOf > today) return null;
  const historyFrom = addDays(asOf, 1 - FORECAST_HISTORY_DAYS);
  const monthFrom = monthStart(monthOf(asOf));
  const from = monthFrom < historyFrom ? monthFrom : historyFrom;
  const rows = (await db.read(dailyEarnings(scope, from, asOf))).flat();
  const daily = new Map(rows.map((r) => [String(r.bucket), Number(r.partner_revenue)]));
  const result = forecastMonth(daily, asOf);
  return {
    month: result.month,
    month_to_date: microsToDollars(result.monthToDate),
    forecast: microsToDollars(result.forecast),
    low: microsToDollars(result.low),
    high: microsToDollars(result.high),
    days_done: result.daysDone,
    days_in_month: result.daysInMonth,
    as_of: asOf,
  };
}
