// Dashboard chart rules (docs/partner-area.md, "Filters", "Cards"): bucket sizes by range length, labels, palette, forecast.
import dayjs from 'dayjs';
import { dayLabel, type DayLabel } from './day-text';

export type ChartPeriod = 'days' | 'week' | 'month';

/** Week buckets need at least this many days in the range, month buckets this many. */
export const WEEK_MIN_DAYS = 15;
export const MONTH_MIN_DAYS = 60;
/** Ranges shorter than this are drawn by day unless the person picks otherwise. */
export const DAILY_MAX_DAYS = 91;
/** Forecast and finance views: the range must exceed this many days ... */
export const FORECAST_MIN_DAYS = 55;
/** ... and end no longer than this many months ago. */
export const FORECAST_RECENT_MONTHS = 3;

/** The 12 series colours, in the order breakdown rows get them. */
export const PALETTE: readonly string[] = [
  '#3056d3',
  '#e8590c',
  '#2f9e44',
  '#c2255c',
  '#1098ad',
  '#f08c00',
  '#6741d9',
  '#5c940d',
  '#d6336c',
  '#0b7285',
  '#862e9c',
  '#495057',
];
export const FINANCE_COLOUR = '#7048e8';
export const ESTIMATE_COLOUR = '#12b886';
/** Earnings buckets with statements for some channels and estimates for others. */
export const MIXED_COLOUR = '#e67700';

/** The series colour of the n-th row, wrapping after 12. */
export function paletteColour(index: number): string {
  return PALETTE[index % PALETTE.length] as string;
}

/** The bucket sizes a range of `days` days may be drawn with. */
export function chartPeriodsFor(days: number): ChartPeriod[] {
  if (days >= MONTH_MIN_DAYS) return ['days', 'month'];
  if (days >= WEEK_MIN_DAYS) return ['days', 'week'];
  return ['days'];
}

/** The bucket size a range is first drawn with: by day under 91 days, by month beyond. */
export function defaultChartPeriod(days: number): ChartPeriod {
  return days < DAILY_MAX_DAYS ? 'days' : 'month';
}

/** After a range change: the current bucket size when still allowed, otherwise the default. */
export function nextChartPeriod(current: ChartPeriod, days: number): ChartPeriod {
  return chartPeriodsFor(days).includes(current) ? current : defaultChartPeriod(days);
}

/** Axis label kind and tick count; labels grow coarser past 6, 16, 31 and 91 days. */
export function labelRule(days: number, chartPeriod: ChartPeriod): { format: DayLabel; maxTicks: number } {
  if (chartPeriod === 'month') return { format: 'month', maxTicks: 12 };
  if (chartPeriod === 'week') return { format: 'day', maxTicks: 10 };
  if (days <= 6) return { format: 'weekday', maxTicks: 7 };
  if (days <= 16) return { format: 'day', maxTicks: 8 };
  if (days <= 31) return { format: 'day', maxTicks: 10 };
  if (days <= 91) return { format: 'day', maxTicks: 12 };
  return { format: 'day-year', maxTicks: 12 };
}

/** A bucket's axis label, in the reader's locale. */
export function chartLabel(date: string, days: number, chartPeriod: ChartPeriod): string {
  return dayLabel(date, labelRule(days, chartPeriod).format);
}

/**
 * Whether the current month's forecast applies: the range covers more than one calendar month,
 * more than 55 days, and ends within about three months of today.
 */
export function forecastApplies(from: string | null, to: string | null, today: string): boolean {
  if (!from || !to) return false;
  const start = dayjs(from);
  const end = dayjs(to);
  const days = end.diff(start, 'day') + 1;
  const spansMonths = !start.isSame(end, 'month');
  const recent = !end.isBefore(dayjs(today).subtract(FORECAST_RECENT_MONTHS, 'month'), 'day');
  return spansMonths && days > FORECAST_MIN_DAYS && recent;
}

/** Whether a bucket starting on `date` lies inside an inclusive range. */
export function inRange(date: string, range: { from: string; to: string } | null): boolean {
  return range !== null && date >= range.from && date <= range.to;
}
