// Claims revenue: the part of the UGC channel's finalized month that claimed copies of partner channels earned.
import { apportion } from './apportion';
import type { ClaimRevenueRecord, FinanceRecord, IllegalCopyRecord } from './records';

/**
 * Of the UGC channel's month, the share its statement books on claimed copies of partner channels' videos;
 * the UGC channel keeps the rest (uploads matched to the network's other references).
 */
const CLAIMED_SHARE = 0.8;

/**
 * The copies the importer will give to a partner channel: claimed, of a title, and naming the owner's video
 * they copy, the reference the claims report carries (a copy without one is the UGC channel's own).
 */
export function attributedCopies(copies: readonly IllegalCopyRecord[]): IllegalCopyRecord[] {
  return copies.filter((c) => c.claimStatus === 'claimed' && c.titleId !== null && c.referenceVideoId !== null);
}

/**
 * Each owner's copies found by the end of a month, lowest id first: who shares the month's claims, and the
 * copy its part is booked under in the statement.
 */
export function copiesByOwner(copies: readonly IllegalCopyRecord[], month: string): Map<number, IllegalCopyRecord[]> {
  const owners = new Map<number, IllegalCopyRecord[]>();
  for (const copy of [...copies].sort((a, b) => a.id - b.id)) {
    if (copy.detectedOn.slice(0, 7) > month) continue;
    owners.set(copy.channelId, [...(owners.get(copy.channelId) ?? []), copy]);
  }
  return owners;
}

/**
 * Per finalized month of the UGC channel, CLAIMED_SHARE of its revenue over the partner channels whose
 * copies were found by then, in proportion to those copies' earnings (whole micro-USD, exact in sum), so a
 * month's claims never exceed the UGC channel's revenue. No draws: the same records give the same rows.
 * @example generateClaimRevenue(ugcFinance, attributedCopies(copies)) // [{ channelId: 3, month: '2026-01', revenueMicros: 812345 }, ...]
 */
export function generateClaimRevenue(ugcFinance: readonly FinanceRecord[], copies: readonly IllegalCopyRecord[]): ClaimRevenueRecord[] {
  const rows: ClaimRevenueRecord[] = [];
  for (const { month, revenueMicros } of ugcFinance) {
    const owners = [...copiesByOwner(copies, month)].sort(([a], [b]) => a - b);
    // One micro-USD more per copy, so copies that earned nothing yet still share a little.
    const weights = owners.map(([, list]) => list.reduce((sum, c) => sum + c.earningsMicros + 1, 0));
    const parts = apportion(Math.floor(revenueMicros * CLAIMED_SHARE), weights);
    owners.forEach(([channelId], i) => {
      const part = parts[i] ?? 0;
      if (part > 0) rows.push({ channelId, month, revenueMicros: part });
    });
  }
  return rows;
}
