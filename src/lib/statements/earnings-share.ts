// The partner's share of the dashboard's earnings (docs/partner-area.md, "Your share on the dashboard"):
// each channel month of the figures under the terms that pay this account, by the statements' rules.
import { partnerShare, proportional } from './share';

/** One channel month of the dashboard's earnings, and the part of it that is YouTube's finance. */
export interface ChannelMonthEarnings {
  channelId: number;
  month: string;
  earningsMicros: number;
  financeMicros: number;
}

/** The account's statement lines of one channel month of finance (ads, Shorts, adjustments): their gross and amount. */
export interface FinanceShare {
  grossMicros: number;
  partnerMicros: number;
}

/** What the share of a channel month is read from. */
export interface ShareRates {
  /** The account's finance lines by financeKey(channel, month); absent: that month's finance pays someone else, or nobody. */
  finance: ReadonlyMap<string, FinanceShare>;
  /** The ads share (bps) this account has on the channel that month, or null when the channel does not pay this account. */
  adsBps(channelId: number, month: string): number | null;
}

export const financeKey = (channelId: number, month: string) => `${channelId}:${month}`;

export interface ChannelMonthShare {
  shareMicros: number;
  /** The part of the share from YouTube's finance (the statement's lines); the rest applies the terms to the estimate. */
  financeMicros: number;
  /** Whether this account is paid for the channel month; false: its earnings are not shared with the account. */
  covered: boolean;
}

/**
 * A channel month's share. Finance: the account's statement lines of that channel month (each line
 * rounded once, by partnerShare), in the proportion the figures hold of the month's finance. Estimate:
 * the ads share of the terms in effect, as the statement of an open month applies it.
 * @example channelMonthShare({ channelId: 1, month: '2026-10', earningsMicros: 10, financeMicros: 0 }, rates)
 */
export function channelMonthShare(row: ChannelMonthEarnings, rates: ShareRates): ChannelMonthShare {
  const estimate = row.earningsMicros - row.financeMicros;
  let finance = 0;
  let covered = false;
  if (row.financeMicros !== 0) {
    const lines = rates.finance.get(financeKey(row.channelId, row.month));
    if (lines) {
      finance = proportional(lines.partnerMicros, row.financeMicros, lines.grossMicros);
      covered = true;
    }
  }
  let shareOfEstimate = 0;
  if (estimate !== 0) {
    const bps = rates.adsBps(row.channelId, row.month);
    if (bps !== null) {
      shareOfEstimate = partnerShare(estimate, bps);
      covered = true;
    }
  }
  return { shareMicros: finance + shareOfEstimate, financeMicros: finance, covered };
}

/**
 * A month's share spread over its days in proportion to their earnings, by a running cut (as the
 * statement is spread over days in src/server/stats/earnings.ts): the days add up to the month's share
 * exactly. Days without earnings get nothing; a month whose earnings add up to 0 puts its share on its last day.
 * @example spreadOverDays([{ day: '2026-10-01', micros: 1 }, { day: '2026-10-02', micros: 3 }], 100) // 25, 75
 */
export function spreadOverDays(days: ReadonlyArray<{ day: string; micros: number }>, monthShare: number): Map<string, number> {
  const total = days.reduce((sum, d) => sum + d.micros, 0);
  const out = new Map<string, number>();
  if (days.length === 0) return out;
  if (total === 0) {
    out.set(days[days.length - 1]!.day, monthShare);
    return out;
  }
  let run = 0;
  let before = 0;
  for (const d of days) {
    run += d.micros;
    const upTo = proportional(monthShare, run, total);
    out.set(d.day, (out.get(d.day) ?? 0) + upTo - before);
    before = upTo;
  }
  return out;
}
