// Money of statements as text: the pages' dollars and cents, and the exact micro-dollar figure that
// downloads, mails and reconciliations quote.

const CENTS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Dollars and cents for reading (Intl's rounding: display only; the statement keeps micros).
 * @example usd(1_234_567_891) // '$1,234.57'
 */
export const usd = (micros: number): string => CENTS.format(micros / 1_000_000);

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
