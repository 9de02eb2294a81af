// A month of a network's finance as statement lines: every channel's revenue by kind, each line with its
// payee (or none: the network keeps it) and the partner's amount by the one rounding rule.
import { REVENUE_KINDS, type RevenueKind, type StatementLine } from '../api/statements';
import { partnerShare } from './share';
import type { ContractBook } from './terms';

/** One channel month of finance (channel_finance_monthly and channel_claim_revenue_monthly). */
export interface FinanceMonth {
  channelId: number;
  month: string;
  /** Normal rows of the statement; the UGC channel's includes the claims attributed to partner channels. */
  revenueMicros: number;
  /** Of revenueMicros, what Shorts earned. */
  shortsMicros: number;
  adjustmentMicros: number;
  /** The UGC channel's revenue earned by copies of this channel's content. */
  claimsMicros: number;
}

export interface LineChannel {
  title: string;
  youtubeId: string | null;
  isUgc: boolean;
  /** Accounts granted this channel one by one. */
  grantees: readonly number[];
}

/** A line and whom it is owed to: null when the network keeps it (no payee). */
export interface PayeeLine extends StatementLine {
  userId: number | null;
  unassigned: 'no_contract' | 'several_accounts' | null;
}

/** The month's gross by kind of one channel: see FinanceMonth for what each column holds. */
function kindsOf(row: FinanceMonth, channel: LineChannel, claimedElsewhere: number): Record<RevenueKind, number> {
  if (channel.isUgc) return { ads: 0, shorts: 0, claims: row.revenueMicros - claimedElsewhere, adjustments: row.adjustmentMicros };
  return {
    ads: row.revenueMicros - row.shortsMicros,
    shorts: row.shortsMicros,
    claims: row.claimsMicros,
    adjustments: row.adjustmentMicros,
  };
}

/**
 * Every line of one month of a network's finance: one per channel and kind with a non-zero gross. The
 * gross of all lines adds up to the network's finance total of the month (revenue + adjustments of every
 * channel): the UGC channel's claims line is what partner channels' claims lines do not take.
 * @example monthLines('2026-09', finance, channels, new ContractBook(contracts))
 */
export function monthLines(
  month: string,
  finance: readonly FinanceMonth[],
  channels: ReadonlyMap<number, LineChannel>,
  book: ContractBook,
): { lines: PayeeLine[]; youtubeMicros: number } {
  const rows = finance.filter((row) => row.month === month);
  const claimed = rows.reduce((sum, row) => (channels.get(row.channelId)?.isUgc ? sum : sum + row.claimsMicros), 0);
  // Claims move revenue from the UGC channel to partner channels: without a UGC row that month (finance
  // and claims out of step) the UGC line goes negative rather than the total growing.
  const ugc = [...channels].find(([, channel]) => channel.isUgc)?.[0];
  if (claimed !== 0 && !rows.some((row) => row.channelId === ugc)) {
    if (ugc === undefined) throw new Error('claims revenue in a network without a UGC channel');
    rows.push({ channelId: ugc, month, revenueMicros: 0, shortsMicros: 0, adjustmentMicros: 0, claimsMicros: 0 });
  }
  const lines: PayeeLine[] = [];
  let youtubeMicros = 0;
  for (const row of rows) {
    const channel = channels.get(row.channelId);
    if (!channel) throw new Error(`finance of channel ${row.channelId}, which is not the network's`);
    youtubeMicros += row.revenueMicros + row.adjustmentMicros;
    const payee = channel.isUgc ? ({ userId: null, reason: 'no_contract' } as const) : book.payeeOf(row.channelId, month, channel.grantees);
    const gross = kindsOf(row, channel, claimed);
    for (const kind of REVENUE_KINDS) {
      if (gross[kind] === 0) continue;
      const share = payee.userId === null ? 0 : payee.shares[kind];
      lines.push({
        userId: payee.userId,
        unassigned: payee.userId === null ? payee.reason : null,
        channel_id: row.channelId,
        channel_title: channel.title,
        youtube_id: channel.youtubeId,
        kind,
        source_month: month,
        gross_micros: gross[kind],
        share_bps: share,
        partner_micros: payee.userId === null ? 0 : partnerShare(gross[kind], share),
      });
    }
  }
  return { lines, youtubeMicros };
}
