// Dashboard period presets (docs/partner-area.md, "Period"): their date arithmetic, labels, custom ranges and comparison.
import dayjs, { type Dayjs } from 'dayjs';
import { dayText, monthText } from './day-text';

export const DATE_FORMAT = 'YYYY-MM-DD';
/** The earliest day a custom range may start on: no figures exist before it. */
export const MIN_DATE = '2015-01-01';
/**
 * Last 28 days: the default, and what a stale stored period falls back to. As in YouTube Studio it ends
 * on the latest day with data (presetFor), so a first view shows this week's figures, not last month's.
 */
export const DEFAULT_PERIOD = '27';
export const LIFETIME = 'life';
export const CUSTOM = 'custom';
/** Up to this day of the month the previous month counts as unfinished (its data is still arriving). */
const LATE_MONTH_DAY = 3;
/** How many previous calendar years and months the presets offer. */
const YEAR_PRESETS = 4;
const MONTH_PRESETS = 3;

/** A chosen period; from/to are null for Lifetime (no dates are sent). */
export interface Period {
  value: string;
  from: string | null;
  to: string | null;
  custom: boolean;
}

export interface PeriodOption {
  value: string;
  label: string;
}

const fmt = (day: Dayjs): string => day.format(DATE_FORMAT);

/** Last N months: whole calendar months ending with the previous one (two back early in the month). */
function lastMonths(count: number, today: Dayjs): [string, string] {
  const late = today.date() <= LATE_MONTH_DAY;
  const start = today.subtract(late ? count + 1 : count, 'month').startOf('month');
  const end = today.subtract(late ? 2 : 1, 'month').endOf('month');
  return [fmt(start), fmt(end)];
}

/** Preset values of calendar years ('y2025') and months ('m2026-10'). */
const YEAR_PREFIX = 'y';
const MONTH_PREFIX = 'm';

/** The four previous calendar years, newest first, as preset values 'y2025'. */
function yearValues(today: Dayjs): string[] {
  return Array.from({ length: YEAR_PRESETS }, (_, i) => `${YEAR_PREFIX}${today.year() - 1 - i}`);
}

/** The last three finished calendar months, newest first, as preset values 'm2026-10'. */
function monthValues(today: Dayjs): string[] {
  return Array.from({ length: MONTH_PRESETS }, (_, i) => `${MONTH_PREFIX}${today.subtract(i + 1, 'month').format('YYYY-MM')}`);
}

/** The presets offered on a given day, in menu order. */
export function periodOptions(today: string): PeriodOption[] {
  const day = dayjs(today);
  return [
    { value: '6', label: 'Last 7 days' },
    { value: '27', label: 'Last 28 days' },
    { value: '89', label: 'Last 3 months' },
    { value: '180', label: 'Last 6 months' },
    { value: '365', label: 'Last 365 days' },
    { value: LIFETIME, label: 'Lifetime' },
    ...yearValues(day).map((value) => ({ value, label: value.slice(1) })),
    ...monthValues(day).map((value) => ({ value, label: monthText(value.slice(1)) })),
    { value: CUSTOM, label: 'Custom' },
  ];
}

/**
 * The dates of a preset on a given day; null for values that are not presets (or no longer offered).
 * @example presetPeriod('89', '2026-11-21') // { value: '89', from: '2026-08-01', to: '2026-10-31', custom: false }
 */
export function presetPeriod(value: string, today: string): Period | null {
  const day = dayjs(today);
  const period = (from: string | null, to: string | null): Period => ({ value, from, to, custom: false });
  switch (value) {
    case '6':
    case '27':
      return period(fmt(day.subtract(Number(value), 'day')), today);
    case '365':
      return period(fmt(day.subtract(364, 'day')), today);
    case '89':
      return period(...lastMonths(3, day));
    case '180':
      return period(...lastMonths(6, day));
    case LIFETIME:
      return period(null, null);
  }
  if (yearValues(day).includes(value)) return period(`${value.slice(1)}-01-01`, `${value.slice(1)}-12-31`);
  if (monthValues(day).includes(value)) {
    const month = dayjs(`${value.slice(1)}-01`);
    return period(fmt(month), fmt(month.endOf('month')));
  }
  return null;
}

/** Presets counted in days back from their last day ("Last 7 days", ...). */
const ROLLING_PRESETS = new Set(['6', '27', '365']);

/**
 * A preset as the dashboard applies it: rolling day counts end on the latest day with data when
 * that is before today (reports arrive a few days late; trailing empty days would read as a drop).
 * @example presetFor('6', '2026-11-21', '2026-11-19') // 2026-11-13 .. 2026-11-19
 */
export function presetFor(value: string, today: string, maxDate: string | null): Period | null {
  const anchor = ROLLING_PRESETS.has(value) && maxDate && maxDate < today ? maxDate : today;
  return presetPeriod(value, anchor);
}

/** True for a real calendar day written YYYY-MM-DD. */
export function isIsoDate(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && fmt(dayjs(text)) === text;
}

/**
 * A custom range kept inside [2015-01-01, maxDate], ends swapped if given backwards; a missing end
 * makes a one-day range (one click = one day).
 */
export function customPeriod(from: string, to: string | null, maxDate: string | null): Period {
  const max = maxDate && maxDate > MIN_DATE ? maxDate : null;
  const clamp = (date: string): string => {
    if (date < MIN_DATE) return MIN_DATE;
    return max && date > max ? max : date;
  };
  let [start, end] = [clamp(from), clamp(to ?? from)];
  if (start > end) [start, end] = [end, start];
  return { value: CUSTOM, from: start, to: end, custom: true };
}

/** Days in an inclusive range. */
export function rangeDays(from: string, to: string): number {
  return dayjs(to).diff(dayjs(from), 'day') + 1;
}

/**
 * The period the change figures compare with, or null when there is none (Lifetime, or a range that
 * starts on the earliest day). A month preset compares with the previous calendar month, a year preset
 * with the previous calendar year; every other period with the days of the same length just before it.
 * No data exists before MIN_DATE, so a comparison reaching past it is clipped there: its sums are
 * the same as the whole window's.
 * @example previousRange(presetPeriod('m2026-09', '2026-11-21')!) // { from: '2026-08-01', to: '2026-08-31' }
 */
export function previousRange(period: Period): { from: string; to: string } | null {
  if (!period.from || !period.to) return null;
  const start = dayjs(period.from);
  let from: string;
  if (!period.custom && period.value.startsWith(YEAR_PREFIX)) from = fmt(start.subtract(1, 'year'));
  else if (!period.custom && period.value.startsWith(MONTH_PREFIX)) from = fmt(start.subtract(1, 'month'));
  else from = fmt(start.subtract(rangeDays(period.from, period.to), 'day'));
  const to = fmt(start.subtract(1, 'day'));
  if (to < MIN_DATE) return null;
  return { from: from < MIN_DATE ? MIN_DATE : from, to };
}

/** A date as the reader writes it: Aug 1, 2026 in en-US (day-text.ts). */
export function displayDate(date: string): string {
  return dayText(date);
}

/** The header's text for a period: '1 Aug 2026 – 31 Oct 2026', or 'Lifetime'. */
export function periodLabel(period: Period): string {
  if (!period.from || !period.to) return 'Lifetime';
  if (period.from === period.to) return displayDate(period.from);
  return `${displayDate(period.from)} – ${displayDate(period.to)}`;
}

/**
 * What the change figures compare with, in words for the dashboard's header; null for Lifetime.
 * @example comparisonNote(presetPeriod('m2026-10', '2026-11-21')!) // 'Changes compare with 1 Sep 2026 – 30 Sep 2026'
 */
export function comparisonNote(period: Period): string | null {
  if (!period.from || !period.to) return null;
  const previous = previousRange(period);
  if (!previous) return `No change figures: there is no data before ${displayDate(MIN_DATE)}`;
  return `Changes compare with ${periodLabel({ ...period, ...previous })}`;
}
