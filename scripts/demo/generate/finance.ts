// Finalized monthly revenue: close to the estimates, a little off, sometimes with an adjustment; its Shorts part.
import type { Context } from './calendar';
import { dayNumber, isoMonth, monthStart, unixSeconds } from './dates';
import type { MonthTotals } from './facts';
import type { PartnerChannel } from './model';
import { chance, createRng, normal, uniform } from './prng';
import type { FinanceRecord } from './records';

/** Statements for a month arrive mid-month after it ends. */
const FINALIZED_DAY_OF_NEXT_MONTH = 14;
const ADJUSTMENT_CHANCE = 0.15;

/**
 * The last month with a finance statement: the one before the last closed month, which stays
 * estimated so earnings over recent periods mix finance and estimates.
 */
function lastFinanceMonth(ctx: Context): string {
  return isoMonth(monthStart(ctx.calendar.today, -2));
}

/**
 * The Shorts part of a finalized month: the estimates' Shorts share of the month, so the statement splits as
 * the facts do (no draw from the stream: the other figures stay as they were). 0 on the UGC channel, whose
 * statement rows are third parties' uploads, which the catalogue does not type.
 */
function shortsPart(
  channel: PartnerChannel,
  revenueMicros: number,
  totals: { revenueMicros: number; shortsRevenueMicros: number },
): number {
  if (channel.record.isUgc === 1 || totals.revenueMicros <= 0) return 0;
  const share = Math.min(1, Math.max(0, totals.shortsRevenueMicros / totals.revenueMicros));
  return Math.min(revenueMicros, Math.round(revenueMicros * share));
}

/** One row per month the channel has facts for from its first day, up to lastFinanceMonth. */
export function generateFinance(ctx: Context, channel: PartnerChannel, months: MonthTotals): FinanceRecord[] {
  const rng = createRng(ctx.seed, 'finance', channel.record.id);
  const last = lastFinanceMonth(ctx);
  // A month counts only when the channel's facts cover all of it.
  const start = channel.factsStart;
  const firstFull = isoMonth(start === monthStart(start) ? start : monthStart(start, 1));
  const rows: FinanceRecord[] = [];
  for (const [month, totals] of [...months.entries()].sort((a, b) => a[0].localeCompare(b[0]))) {
    if (month < firstFull || month > last) continue;
    const revenueMicros = Math.max(0, Math.round(totals.revenueMicros * (1 + normal(rng, 0, 0.02))));
    const adjustmentMicros = chance(rng, ADJUSTMENT_CHANCE) ? Math.round(revenueMicros * uniform(rng, -0.03, 0.02)) : 0;
    const shortsMicros = shortsPart(channel, revenueMicros, totals);
    const nextMonth = monthStart(dayNumber(`${month}-01`), 1);
    rows.push({
      channelId: channel.record.id,
      month,
      revenueMicros,
      adjustmentMicros,
      shortsMicros,
      finalizedAt: unixSeconds(nextMonth + FINALIZED_DAY_OF_NEXT_MONTH - 1, 9),
    });
  }
  return rows;
}
