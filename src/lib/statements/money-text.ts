// Money of statements as text: the pages' dollars and cents, and the exact micro-dollar figure that
// downloads, mails and reconciliations quote.

/**
 * Dollars and cents for reading, rounded half away from zero from the integers (a float's rounding of
 * micros / 1e6 could go either way on an exact half cent); the statement keeps micros.
 * @example usd(1_234_567_891) // '$1,234.57'
 */
export function usd(micros: number): string {
  const cents = Math.floor((Math.abs(micros) + 5_000) / 10_000);
  const sign = micros < 0 && cents > 0 ? '-' : '';
  return `${sign}$${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * The exact amount, six decimals, from the integers alone (no float on the way).
 * @example exactUsd(-1_234_567_891) // '-$1,234.567891'
 */
export function exactUsd(micros: number): string {
  const sign = micros < 0 ? '-' : '';
  const abs = BigInt(Math.abs(micros));
  const whole = (abs / 1_000_000n).toLocaleString('en-US');
  return `${sign}$${whole}.${String(abs % 1_000_000n).padStart(6, '0')}`;
}

/** A share in basis points as a percent: 7_000 → '70%', 7_050 → '70.5%'. */
export const sharePercent = (bps: number): string => `${(bps / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;
