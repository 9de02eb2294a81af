// The one rounding rule of the money a partner is owed (docs/partner-area.md, "Statements and payouts").
import { FULL_SHARE_BPS } from '../api/statements';

/**
 * A line's partner amount: gross × share, rounded down (toward minus infinity) to the micro-dollar, once
 * per line; the network keeps gross − amount, so it never pays out a fraction it did not receive and a
 * clawback (negative gross) never takes back less than the share of it. BigInt: gross × 10,000 passes
 * 2^53 from $900 million of gross.
 * @example partnerShare(1_000_001, 7_000) // 700_000: the network keeps 300_001
 * @example partnerShare(-1_000_001, 7_000) // -700_001
 */
export function partnerShare(grossMicros: number, shareBps: number): number {
  if (!Number.isSafeInteger(grossMicros)) throw new RangeError(`gross ${grossMicros}: not whole micros`);
  if (!Number.isInteger(shareBps) || shareBps < 0 || shareBps > FULL_SHARE_BPS) throw new RangeError(`share ${shareBps}: not 0–10,000 bps`);
  return proportional(grossMicros, shareBps, FULL_SHARE_BPS);
}

/**
 * floor(amount × part / whole) in BigInt (nothing overflows), `amount` itself when part is the whole, 0 for
 * no whole: the one cut of money by a ratio, a share's bps or a part of a month.
 * @example proportional(701, 1, 2) // 350
 * @example proportional(-701, 1, 2) // -351
 */
export function proportional(amount: number, part: number, whole: number): number {
  if (part === whole) return amount;
  if (whole === 0) return 0;
  const product = BigInt(amount) * BigInt(part);
  const divisor = BigInt(whole);
  const quotient = product / divisor;
  // BigInt division truncates toward zero: a negative quotient with a remainder goes one further down.
  const negative = product < 0n !== divisor < 0n;
  return Number(negative && quotient * divisor !== product ? quotient - 1n : quotient);
}
