// Computed statements as the API answers them: summaries for lists, whole statements with their lines and
// payouts, and a network month's payables.
import type { Payables, Payout, Statement, StatementSummary } from '../../lib/api/statements';
import { monthOf } from '../../lib/dates/time';
import { monthLines } from '../../lib/statements/month-lines';
import { all } from '../db/query';
import { sql } from '../db/sql';
import { notFound } from '../http/errors';
import { storedLines, type Books } from './books';
import type { ChainMonth } from './chain';
import { type Computed, computeStatements } from './compute';
import type { BooksTarget } from './finance';

export function summaryOf(books: Books, userId: number, month: ChainMonth): StatementSummary {
  const user = books.users.get(userId) ?? { id: userId, email: '', user_name: '' };
  const { lines: _lines, approved, minPayoutMicros, status, ...ledger } = month;
  return {
    ...ledger,
    id: approved?.id ?? null,
    network: books.network,
    user,
    status,
    min_payout_micros: minPayoutMicros,
    approved_at: approved?.approvedAt ?? null,
  };
}

/** A partner's month from a computation, or 404 when they have no statement that month. */
export function chainMonthOf(computed: Computed, userId: number, month: string): ChainMonth {
  const found = computed.chains.get(userId)?.find((m) => m.month === month);
  if (!found) throw notFound(`No statement for ${month}: statements start with the month the revenue-share terms do.`);
  return found;
}

/** The whole statement: a draft's computed lines, or an approved one's stored lines and its payouts. */
export async function statementOf(db: D1Database, computed: Computed, userId: number, month: string): Promise<Statement> {
  const found = chainMonthOf(computed, userId, month);
  const summary = summaryOf(computed.books, userId, found);
  if (!found.approved) return { ...summary, lines: found.lines ?? [], payouts: [] };
  const [lines, payouts] = await Promise.all([storedLines(db, found.approved.id), payoutsOf(db, found.approved.id)]);
  return { ...summary, lines, payouts };
}

export function payoutsOf(db: D1Database, statementId: number): Promise<Payout[]> {
  return all<Payout>(
    db,
    sql`SELECT id, paid_on, amount_micros, method, reference FROM payouts WHERE statement_id = ${statementId} ORDER BY paid_on, id`,
    'sql',
  );
}

/**
 * A network's month: YouTube's total, what partners' lines of the month take and the network keeps, every
 * partner's statement and the channels nobody is paid for.
 */
export function payablesOf(computed: Computed, month: string): Payables {
  const final = computed.finalMonths.has(month);
  const rows = final ? computed.finance : (computed.estimates.get(month) ?? []);
  const { lines, youtubeMicros } = monthLines(month, rows, computed.books.channels, computed.book);
  const partners = lines.reduce((sum, l) => sum + l.partner_micros, 0);
  const unassigned = new Map<number, Payables['unassigned'][number]>();
  for (const line of lines) {
    if (line.unassigned === null || computed.books.channels.get(line.channel_id)?.isUgc) continue;
    const row = unassigned.get(line.channel_id) ?? {
      channel_id: line.channel_id,
      channel_title: line.channel_title,
      gross_micros: 0,
      reason: line.unassigned,
    };
    row.gross_micros += line.gross_micros;
    unassigned.set(line.channel_id, row);
  }
  const statements = [...computed.chains].flatMap(([userId, chain]) => {
    const found = chain.find((m) => m.month === month);
    return found ? [summaryOf(computed.books, userId, found)] : [];
  });
  statements.sort((a, b) => a.user.email.localeCompare(b.user.email));
  return {
    network: computed.books.network,
    month,
    final,
    youtube_micros: youtubeMicros,
    partners_micros: partners,
    retained_micros: youtubeMicros - partners,
    statements,
    unassigned: [...unassigned.values()],
  };
}

/**
 * A network's month of payables, computed for every partner: the console's view, its API and its bank file.
 * A month that has not begun is a 404.
 * @example const payables = await networkPayables(booksTarget(env), 7, '2026-10', todayUtc())
 */
export async function networkPayables(target: BooksTarget, networkId: number, month: string, today: string): Promise<Payables> {
  if (month > monthOf(today)) throw notFound(`${month} has not begun: choose ${monthOf(today)} or an earlier month.`);
  return payablesOf(await computeStatements(target, networkId, null, month, today), month);
}

/** One partner's statement of a month in a network, as the console opens and downloads it. */
export async function partnerStatement(
  target: BooksTarget,
  networkId: number,
  userId: number,
  month: string,
  today: string,
): Promise<Statement> {
  return statementOf(target.db, await computeStatements(target, networkId, [userId], month, today), userId, month);
}
