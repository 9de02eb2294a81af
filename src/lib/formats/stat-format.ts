// How dashboard figures read: money in $, watch time in hours, counts, percents and changes, in the
// reader's locale (src/lib/formats/locale.ts); money stays US dollars whatever the locale.
import { MINUTES_PER_HOUR, SECONDS_PER_HOUR, SECONDS_PER_MINUTE } from '../dates/time';
import { perLocale } from './locale';

const INTEGER = perLocale((l) => new Intl.NumberFormat(l, { maximumFractionDigits: 0 }));
const COMPACT = perLocale((l) => new Intl.NumberFormat(l, { notation: 'compact', maximumFractionDigits: 1 }));
const MONEY = perLocale((l) => new Intl.NumberFormat(l, { style: 'currency', currency: 'USD' }));
const TWO_DECIMALS = perLocale((l) => new Intl.NumberFormat(l, { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

/** Nouns are English whatever the locale, so their plural follows English rules. */
const PLURALS = new Intl.PluralRules('en-US');

/** The minus sign (U+2212) every figure is written with; Intl writes a hyphen-minus in many locales. */
export const MINUS = '\u2212';

/**
 * One sign rule for every figure: a negative one is written with the minus sign, as changes are.
 * @example withMinus('-1,234') // '−1,234'
 */
export function withMinus(text: string): string {
  // Some locales write the sign after the currency ("US$-1.234,50"): the figure's only hyphen is its sign.
  return text.replace('-', MINUS);
}

/** Dollars with cents: $1,234.50. */
export function formatMoney(dollars: number): string {
  return withMinus(MONEY().format(dollars));
}

/** A count with thousands separators: 12,345, −1,200. */
export function formatNumber(value: number): string {
  return withMinus(INTEGER().format(value));
}

/**
 * A count with its noun in the plural the count calls for.
 * @example formatCount(1, 'channel', 'channels') // '1 channel'; formatCount(1200, 'channel', 'channels') // '1,200 channels'
 */
export function formatCount(value: number, one: string, other: string): string {
  return `${formatNumber(value)} ${pluralNoun(value, one, other)}`;
}

/**
 * The noun a count calls for, for counts written another way (formatCompact).
 * @example pluralNoun(1, 'view', 'views') // 'view'
 */
export function pluralNoun(value: number, one: string, other: string): string {
  return PLURALS.select(value) === 'one' ? one : other;
}

/** A short count for axes: 12.3K. */
export function formatCompact(value: number): string {
  return withMinus(COMPACT().format(value));
}

/** Watch time arrives in minutes and is shown in hours. */
export function minutesToHours(minutes: number): number {
  return minutes / MINUTES_PER_HOUR;
}

/** Watch time in hours, whole: 1,235 h. */
export function formatHours(minutes: number): string {
  return `${withMinus(INTEGER().format(minutesToHours(minutes)))} h`;
}

/** A duration in seconds as m:ss (or h:mm:ss past an hour). */
export function formatDuration(seconds: number): string {
  const total = Math.round(seconds);
  const hours = Math.floor(total / SECONDS_PER_HOUR);
  const minutes = Math.floor((total % SECONDS_PER_HOUR) / SECONDS_PER_MINUTE);
  const rest = String(total % SECONDS_PER_MINUTE).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/** A percent with two decimals: 12.50%. */
export function formatPercent(value: number): string {
  return `${withMinus(TWO_DECIMALS().format(value))}%`;
}

/**
 * Change against the previous period in percent, rounded to 2 decimals; null when there is nothing
 * to compare with (no previous figure, or it was zero).
 * @example percentChange(150, 100) // 50
 */
export function percentChange(current: number, previous: number | null | undefined): number | null {
  if (previous === null || previous === undefined || previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 10_000) / 100;
}

/** A change as shown on a card: +12.50%, −3.10%, 0.00%. */
export function formatChange(change: number): string {
  const sign = change > 0 ? '+' : change < 0 ? MINUS : '';
  return `${sign}${TWO_DECIMALS().format(Math.abs(change))}%`;
}
