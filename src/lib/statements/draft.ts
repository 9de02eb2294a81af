// A partner's draft statement: what the finance of the months it covers owes them now, less what approved
// statements already gave them for those months. One rule covers the month's own lines, a month's finance
// that arrived after a later statement was approved, and corrections of approved months.
import type { StatementLine, StatementStatus, StatementSummary } from '../api/statements';

/** A line an approved statement holds (statement_lines), whichever statement holds it. */
export type ApprovedLine = Pick<
  StatementLine,
  'channel_id' | 'channel_title' | 'youtube_id' | 'kind' | 'source_month' | 'gross_micros' | 'share_bps' | 'partner_micros'
>;

const keyOf = (line: Pick<StatementLine, 'source_month' | 'channel_id' | 'kind'>) => `${line.source_month}|${line.channel_id}|${line.kind}`;

/**
 * The draft's lines: for each (source month, channel, kind), the line the finance gives now less the
 * approved lines of the same key. A key nothing was approved for comes whole; an approved key whose figure
 * changed comes as the difference (a correction: its partner amount is the difference of two amounts
 * rounded once each, so nothing is rounded twice); an unchanged key comes not at all.
 * @example draftLines(nowLines, approvedLines) // lines sorted by source month, channel title, kind
 */
export function draftLines(current: readonly StatementLine[], approved: readonly ApprovedLine[]): StatementLine[] {
  const lines = new Map<string, StatementLine>();
  for (const line of current) lines.set(keyOf(line), { ...line });
  for (const old of approved) {
    const key = keyOf(old);
    const line = lines.get(key) ?? { ...old, gross_micros: 0, partner_micros: 0 };
    line.gross_micros -= old.gross_micros;
    line.partner_micros -= old.partner_micros;
    lines.set(key, line);
  }
  return [...lines.values()].filter((l) => l.gross_micros !== 0 || l.partner_micros !== 0).sort(lineOrder);
}

const KIND_ORDER = { ads: 0, shorts: 1, claims: 2, adjustments: 3 } as const;

/** The statement's own month first, then corrections by month; channels by title within. */
export function lineOrder(a: StatementLine, b: StatementLine): number {
  return (
    b.source_month.localeCompare(a.source_month) ||
    a.channel_title.localeCompare(b.channel_title) ||
    a.channel_id - b.channel_id ||
    KIND_ORDER[a.kind] - KIND_ORDER[b.kind]
  );
}

/** The ledger of one statement: the figures the list, the page and the downloads show. */
export type Ledger = Pick<
  StatementSummary,
  'gross_micros' | 'partner_micros' | 'opening_micros' | 'owed_micros' | 'paid_micros' | 'balance_micros' | 'payable'
>;

/**
 * Owed is the carried-over balance plus the lines; what is paid comes off it. A balance below the
 * minimum payout (or not above zero) is not payable: it carries over to the next statement.
 */
export function ledgerOf(
  lines: readonly Pick<StatementLine, 'gross_micros' | 'partner_micros'>[],
  openingMicros: number,
  paidMicros: number,
  minPayoutMicros: number,
): Ledger {
  const gross = lines.reduce((sum, l) => sum + l.gross_micros, 0);
  const partner = lines.reduce((sum, l) => sum + l.partner_micros, 0);
  const owed = openingMicros + partner;
  const balance = owed - paidMicros;
  return {
    gross_micros: gross,
    partner_micros: partner,
    opening_micros: openingMicros,
    owed_micros: owed,
    paid_micros: paidMicros,
    balance_micros: balance,
    payable: balance > 0 && balance >= minPayoutMicros,
  };
}

/** An approved statement's state from what was paid against it. */
export function approvedStatus(owedMicros: number, paidMicros: number): StatementStatus {
  if (paidMicros <= 0) return 'approved';
  return paidMicros >= owedMicros ? 'paid' : 'partly_paid';
}
