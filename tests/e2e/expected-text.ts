// How the pages are expected to write the API's figures, written here on purpose instead of importing the
// formatters in src/lib: a test that formats its expectation with the code it checks cannot catch that code's bugs.

const WHOLE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const HUNDREDTHS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const MINUTES_IN_HOUR = 60;
/** Compact dollar units, largest first, as the public pages abbreviate them. */
const DOLLAR_UNITS: readonly [number, string][] = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];
/** Under this many of a unit, a compact amount keeps one decimal ($2.4K); from it on, none ($228K). */
const ONE_DECIMAL_BELOW = 100;

/** The minus sign every negative figure is written with (U+2212), never a hyphen. */
const MINUS = '\u2212';
const signed = (text: string): string => text.replace(/^-/, MINUS);

/** A whole count with thousands separators: 12,345, −1,200. */
export const count = (n: number): string => signed(WHOLE.format(n));

/** A percent with two decimals: 12.50%. */
export const percent = (n: number): string => `${HUNDREDTHS.format(n)}%`;

/** Watch time given in minutes, shown in whole hours: 1,235 h. */
export const hours = (minutes: number): string => `${signed(WHOLE.format(minutes / MINUTES_IN_HOUR))} h`;

/** A change in percent: +12.50%, −3.10% (a real minus sign), 0.00%, or a dash with nothing to compare. */
export function change(n: number | null): string {
  if (n === null) return '—';
  const sign = n > 0 ? '+' : n < 0 ? '\u2212' : '';
  return `${sign}${HUNDREDTHS.format(Math.abs(n))}%`;
}

/** Dollars with cents as the cards write them: $1,234.50, −$3.10. */
export function dollars(n: number): string {
  const text = `$${Math.abs(n).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  return n < 0 ? `${MINUS}${text}` : text;
}

/** Whole dollars in short form: $950, $2.4K, $228K. */
export function compactDollars(value: number): string {
  const sign = value < 0 ? MINUS : '';
  const abs = Math.abs(value);
  const unit = DOLLAR_UNITS.find(([size]) => abs >= size);
  if (!unit) return `${sign}$${Math.round(abs)}`;
  const scaled = abs / unit[0];
  const digits = scaled >= ONE_DECIMAL_BELOW ? Math.round(scaled) : Math.round(scaled * 10) / 10;
  return `${sign}$${digits}${unit[1]}`;
}

/** An estimated earnings range: $2.4K – $9.6K. */
export const moneyRange = (range: { low: number; high: number }): string => `${compactDollars(range.low)} – ${compactDollars(range.high)}`;

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A day ('YYYY-MM-DD') as the partner pages write it for an en-US reader: Oct 25, 2026. */
export function shownDay(day: string): string {
  return `${SHORT_MONTHS[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8, 10))}, ${day.slice(0, 4)}`;
}

/** A month ('YYYY-MM' or 'YYYY-MM-DD') in full: October 2026. */
export function monthName(month: string): string {
  const date = new Date(`${month.slice(0, 7)}-01T00:00:00Z`);
  return date.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/**
 * The month the figures end in when they stop before its last day, as the pages name it
 * ('November 2026 so far (22 days)'); null when the figures reach the month's last day.
 */
export function unfinishedMonth(latestDay: string): { month: string; label: string } | null {
  const day = new Date(`${latestDay}T00:00:00Z`);
  const nextDay = new Date(day.getTime());
  nextDay.setUTCDate(day.getUTCDate() + 1);
  if (nextDay.getUTCMonth() !== day.getUTCMonth()) return null;
  const days = day.getUTCDate();
  return { month: latestDay.slice(0, 7), label: `${monthName(latestDay)} so far (${days} ${days === 1 ? 'day' : 'days'})` };
}

/**
 * Integer micro-dollars as a statement shows them: dollars and cents, rounded half away from zero
 * (computed here from the integers, not with the page's formatter).
 */
export function statementDollars(micros: number): string {
  const cents = Math.round(Math.abs(micros) / 10_000);
  const sign = micros < 0 && cents > 0 ? '-' : '';
  return `${sign}$${WHOLE.format(Math.floor(cents / 100))}.${String(cents % 100).padStart(2, '0')}`;
}

/** A statement's status as the statements pages and the console name it. */
export const STATEMENT_STATUS = {
  estimate: 'Estimate',
  draft: 'Draft',
  approved: 'Approved',
  partly_paid: 'Partly paid',
  paid: 'Paid',
} as const;
