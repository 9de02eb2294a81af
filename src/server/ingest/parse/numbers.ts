// Numbers from CSV text: hand-scanned whole numbers, decimals, and exact micro-USD amounts.
import { quote, ValueError } from './report-error';

const EXPONENT = /^[eE][-+]?\d+$/;
const PLAIN_DECIMAL = /^(-?)(\d*)(?:\.(\d*))?$/;
const MICROS_PER_UNIT = 1_000_000;
const MICROS_DIGITS = 6;
const MINUS = 45;
const DOT = 46;
const ZERO = 48;
const NINE = 57;

/**
 * Scans a whole number by hand: regex + Number() per field cost more than the CSV parse itself
 * on million-row files. Returns NaN when the text is not one.
 */
function scanInteger(raw: string): number {
  const n = raw.length;
  let i = raw.charCodeAt(0) === MINUS ? 1 : 0;
  const digitsFrom = i;
  let value = 0;
  for (; i < n; i++) {
    const c = raw.charCodeAt(i);
    if (c < ZERO || c > NINE) break;
    value = value * 10 + (c - ZERO);
  }
  if (i === digitsFrom) return NaN;
  if (i < n) {
    // Only a zero fraction may follow: "12.0".
    if (raw.charCodeAt(i) !== DOT || i + 1 === n) return NaN;
    for (i++; i < n; i++) if (raw.charCodeAt(i) !== ZERO) return NaN;
  }
  if (!Number.isSafeInteger(value)) return NaN;
  return digitsFrom === 1 && value !== 0 ? -value : value;
}

/** A signed whole number ("12", "-3", also "12.0"). */
export function integer(raw: string | undefined, column: string): number {
  const value = raw === undefined ? NaN : scanInteger(raw);
  if (Number.isNaN(value)) throw new ValueError(`column ${column}: ${quote(raw ?? '')} is not a whole number`);
  return value;
}

/** A whole number that cannot be negative (views, shares, subscribers gained ...). */
export function count(raw: string | undefined, column: string): number {
  const value = integer(raw, column);
  if (value < 0) throw new ValueError(`column ${column}: ${value} is negative`);
  return value;
}

/** True for [-]digits[.digits][e[+-]digits], the forms YouTube and exports print. */
function isDecimalText(raw: string): boolean {
  const n = raw.length;
  let i = raw.charCodeAt(0) === MINUS ? 1 : 0;
  let digits = 0;
  let dot = false;
  for (; i < n; i++) {
    const c = raw.charCodeAt(i);
    if (c >= ZERO && c <= NINE) digits++;
    else if (c === DOT && !dot) dot = true;
    else break;
  }
  if (digits === 0) return false;
  return i === n || EXPONENT.test(raw.slice(i));
}

/** A finite decimal, including the 17-significant-digit floats YouTube prints. */
export function decimal(raw: string | undefined, column: string): number {
  if (raw !== undefined && isDecimalText(raw)) {
    const value = Number(raw);
    if (Number.isFinite(value)) return value;
  }
  throw new ValueError(`column ${column}: ${quote(raw ?? '')} is not a number`);
}

/** A decimal that cannot be negative (watch time, percentages). */
export function nonNegativeDecimal(raw: string | undefined, column: string): number {
  const value = decimal(raw, column);
  if (value < 0) throw new ValueError(`column ${column}: ${value} is negative`);
  return value;
}

/**
 * An amount in USD to integer micro-USD, exactly: the decimal string is split at the point
 * instead of multiplying a float (0.000001 * 1e6 is not 1 in binary floating point).
 * Digits past the sixth decimal round half away from zero.
 * @example micros('12.3456785', 'partner_revenue') === 12_345_679
 */
export function micros(raw: string | undefined, column: string): number {
  const m = raw === undefined ? null : PLAIN_DECIMAL.exec(raw);
  if (m && raw !== '' && raw !== '-' && raw !== '.' && raw !== '-.') {
    const [, sign, whole = '', fraction = ''] = m;
    const head = fraction.slice(0, MICROS_DIGITS).padEnd(MICROS_DIGITS, '0');
    const roundUp = fraction.length > MICROS_DIGITS && fraction.charCodeAt(MICROS_DIGITS) >= 53; // '5'
    const value = Number(whole || '0') * MICROS_PER_UNIT + Number(head) + (roundUp ? 1 : 0);
    if (Number.isSafeInteger(value)) return sign === '-' && value !== 0 ? -value : value;
  } else if (raw !== undefined && isDecimalText(raw)) {
    // Exponent notation ("1.5E-4") cannot be split; the float is exact enough at this size.
    const value = Math.round(Number(raw) * MICROS_PER_UNIT);
    if (Number.isSafeInteger(value)) return value;
  }
  throw new ValueError(`column ${column}: ${quote(raw ?? '')} is not an amount`);
}

/** A JSON number (Analytics API) to micro-USD through its shortest decimal form. */
export function microsFromNumber(value: number, column: string): number {
  return micros(String(value), column);
}
