// The one rounding rule of the money a partner is owed (docs/partner-area.md, "Statements and payouts").
import { FULL_SHARE_BPS } from '../api/statements';

const FULL = BigInt(FULL_SHARE_BPS);

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
  const product = BigInt(grossMicros) * BigInt(shareBps);
  const quotient = product / FULL;
  // BigInt division truncates toward zero: a negative product with a remainder goes one further down.
  return Number(product < 0n && quotient * FULL !== product ? quotient - 1n : quotient);
}
