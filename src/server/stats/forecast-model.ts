// The month-end earnings forecast: month to date plus the remaining days projected by weekday means.
import { addDays, daysInclusive, daysInMonth, monthEnd, monthOf, monthStart, weekday } from '../../lib/dates/time';

/** Days of history behind the projection: four whole weeks, so each weekday is seen four times. */
export const FORECAST_HISTORY_DAYS = 28;
/** z of a two-sided 80 % interval: low and high bracket the month's total four times in five under the model. */
export const FORECAST_INTERVAL_Z = 1.2816;
const WEEKDAYS = 7;

export interface ForecastResult {
  month: string;
  monthToDate: number;
  forecast: number;
  low: number;
  high: number;
  daysDone: number;
  daysInMonth: number;
}

/**
 * daily: revenue per day (any unit) up to and including asOf, days with no row absent (read as 0).
 * History = the FORECAST_HISTORY_DAYS to asOf, from the first day with revenue if that is later.
 * Each remaining day of the month is projected at the mean of its weekday in the history; the range is
 * ± z · σ · √(remaining days), σ being the deviation of history days from their weekday mean.
 * @example forecastMonth(new Map([['2026-03-01', 5]]), '2026-03-01')
 */
export function forecastMonth(daily: Map<string, number>, asOf: string): ForecastResult {
  const month = monthOf(asOf);
  let monthToDate = 0;
  for (let d = monthStart(month); d <= asOf; d = addDays(d, 1)) monthToDate += daily.get(d) ?? 0;

  const firstWithData = [...daily.keys()].filter((d) => (daily.get(d) ?? 0) !== 0).sort()[0] ?? asOf;
  const windowStart = addDays(asOf, 1 - FORECAST_HISTORY_DAYS);
  const start = firstWithData > windowStart ? firstWithData : windowStart;
  const byWeekday: number[][] = Array.from({ length: WEEKDAYS }, () => []);
  for (let d = start; d <= asOf; d = addDays(d, 1)) byWeekday[weekday(d)]?.push(daily.get(d) ?? 0);
  const history = byWeekday.flat();
  const overall = history.length ? history.reduce((a, b) => a + b, 0) / history.length : 0;
  const means = byWeekday.map((values) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : overall));

  const squares = byWeekday.reduce((sum, values, k) => sum + values.reduce((s, v) => s + (v - (means[k] ?? 0)) ** 2, 0), 0);
  const groups = byWeekday.filter((values) => values.length > 0).length;
  const sigma = Math.sqrt(squares / Math.max(1, history.length - groups));

  let projection = 0;
  const end = monthEnd(month);
  for (let d = addDays(asOf, 1); d <= end; d = addDays(d, 1)) projection += means[weekday(d)] ?? 0;
  const remaining = asOf < end ? daysInclusive(addDays(asOf, 1), end) : 0;
  const forecast = monthToDate + projection;
  const spread = FORECAST_INTERVAL_Z * sigma * Math.sqrt(remaining);
  return {
    month,
    monthToDate,
    forecast,
    low: Math.max(monthToDate, forecast - spread),
    high: forecast + spread,
    daysDone: daysInclusive(monthStart(month), asOf),
    daysInMonth: daysInMonth(month),
  };
}
