// A partner's statements month by month: approved ones as stored, and after the last approved one a chain
// of drafts (or estimates while YouTube's finance is not final), each opening with the balance before it.
import { nextMonth } from '../../lib/dates/time';
import type { StatementLine, StatementStatus } from '../../lib/api/statements';
import { type ApprovedLine, approvedStatus, draftLines, type Ledger, ledgerOf } from '../../lib/statements/draft';
import { LOOKBACK_MONTHS } from '../../lib/statements/months';
import { shiftMonth } from '../ingest/rollup/periods';
import { type FinanceMonth, monthLines } from '../../lib/statements/month-lines';
import type { ContractBook } from '../../lib/statements/terms';
import { conflict } from '../http/errors';
import type { ApprovedStatement, Books } from './books';

/** The longest run of unapproved months one computation walks: approve older months to go further. */
export const CHAIN_MAX_MONTHS = 60;

export interface ChainInput {
  books: Books;
  book: ContractBook;
  /** Finance of the months the chain and its look-back cover, for the partner's channels at least. */
  finance: readonly FinanceMonth[];
  /** Estimates of the months that are not final. */
  estimates: ReadonlyMap<string, readonly FinanceMonth[]>;
  /** Months whose finance is final (over, and YouTube's statement loaded for the network). */
  finalMonths: ReadonlySet<string>;
  /** The partner's approved lines of the look-back months. */
  approvedLines: readonly ApprovedLine[];
}

/** One month of a partner's statements as computed: approved (stored) or a draft or estimate. */
export interface ChainMonth extends Ledger {
  month: string;
  status: StatementStatus;
  approved: ApprovedStatement | null;
  /** A draft's or estimate's lines; null for an approved statement (its lines are stored). */
  lines: StatementLine[] | null;
  minPayoutMicros: number;
}

/** The first month a partner has terms from: their earliest contract row. */
export function firstMonthOf(books: Books, userId: number): string | null {
  return books.contracts
    .filter((c) => c.userId === userId)
    .reduce<string | null>((min, c) => (min === null || c.effectiveFrom < min ? c.effectiveFrom : min), null);
}

/** The partner's lines of one month's finance (or estimates), as the contracts give them now. */
function linesOf(input: ChainInput, userId: number, month: string, finance: readonly FinanceMonth[]): StatementLine[] {
  return monthLines(month, finance, input.books.channels, input.book)
    .lines.filter((l) => l.userId === userId)
    .map(({ userId: _u, unassigned: _a, ...line }) => line);
}

/** An approved statement's ledger: its stored sums, as one line, through the drafts' own rule. */
function approvedMonth(s: ApprovedStatement): ChainMonth {
  const sums = [{ gross_micros: s.grossMicros, partner_micros: s.partnerMicros }];
  return {
    ...ledgerOf(sums, s.openingMicros, s.paidMicros, s.minPayoutMicros),
    month: s.month,
    status: approvedStatus(s.owedMicros, s.paidMicros),
    approved: s,
    lines: null,
    minPayoutMicros: s.minPayoutMicros,
  };
}

/**
 * The partner's statements from their first month to `last`: approved ones, then drafts. The first draft
 * also takes what changed since in the look-back months (corrections, late finance); each draft opens
 * with the balance of the month before.
 * @example const months = statementChain(input, userId, '2026-10')
 */
export function statementChain(input: ChainInput, userId: number, last: string): ChainMonth[] {
  const approved = input.books.approved.get(userId) ?? [];
  const out: ChainMonth[] = approved.filter((s) => s.month <= last).map(approvedMonth);
  const lastApproved = approved.at(-1);
  const start = draftStart(input.books, userId);
  if (start === null) return out;
  let opening = lastApproved ? lastApproved.owedMicros - lastApproved.paidMicros : 0;
  for (let month = start, walked = 0; month <= last; month = nextMonth(month), walked++) {
    if (walked >= CHAIN_MAX_MONTHS) throw conflict(`Statements since ${start} are not approved: approve the oldest months first.`);
    const final = input.finalMonths.has(month);
    const own = final ? linesOf(input, userId, month, input.finance) : linesOf(input, userId, month, input.estimates.get(month) ?? []);
    const corrections =
      month === start
        ? [...Array(LOOKBACK_MONTHS).keys()].flatMap((i) => linesOf(input, userId, shiftMonth(month, -(i + 1)), input.finance))
        : [];
    const lookback = month === start ? input.approvedLines.filter((l) => l.source_month < month) : [];
    const lines = draftLines([...own, ...corrections], lookback);
    const minPayout = input.book.accountTerms(userId, month)?.minPayoutMicros ?? 0;
    const ledger = ledgerOf(lines, opening, 0, minPayout);
    out.push({ ...ledger, month, status: final ? 'draft' : 'estimate', approved: null, lines, minPayoutMicros: minPayout });
    opening = ledger.owed_micros;
  }
  return out;
}

/** The first month of a chain window: what the finance read must start at. */
export const chainReadStart = (firstDraftMonth: string) => shiftMonth(firstDraftMonth, -LOOKBACK_MONTHS);

/** The month a partner's next draft is of: after their last approved statement, else their first terms. */
export function draftStart(books: Books, userId: number): string | null {
  const last = books.approved.get(userId)?.at(-1);
  return last ? nextMonth(last.month) : firstMonthOf(books, userId);
}
