// Statements computed for one partner or every partner of a network: the books and finance read once, then
// each partner's chain of months (chain.ts).
import { monthOf } from '../../lib/dates/time';
import type { FinanceMonth } from '../../lib/statements/month-lines';
import { monthIsOver } from '../../lib/statements/months';
import { monthsBetween } from '../ingest/rollup/periods';
import { ContractBook } from '../../lib/statements/terms';
import { approvedLines, type BookChannel, type Books, readBooks } from './books';
import { chainReadStart, type ChainMonth, draftStart, statementChain } from './chain';
import { type BooksTarget, financeMonths, readEstimates, readFinance } from './finance';

export interface Computed {
  books: Books;
  book: ContractBook;
  /** Each partner's months up to the last one asked for. */
  chains: Map<number, ChainMonth[]>;
  finance: FinanceMonth[];
  estimates: Map<string, FinanceMonth[]>;
  finalMonths: Set<string>;
}

/** The partners a network's books know: anyone with terms or an approved statement. */
export const partnersOf = (books: Books): number[] =>
  [...new Set([...books.contracts.map((c) => c.userId), ...books.approved.keys()])].sort((a, b) => a - b);

/** The channels whose lines may be a partner's: granted to them, or named in their channel terms. */
function channelsOf(books: Books, userIds: ReadonlySet<number>): BookChannel[] {
  const named = new Set(books.contracts.filter((c) => c.channelId !== null && userIds.has(c.userId)).map((c) => c.channelId));
  return [...books.channels.values()].filter((c) => named.has(c.id) || c.grantees.some((u) => userIds.has(u)));
}

/**
 * The statements of `userIds` (every partner when null: the network's whole month, UGC and unassigned
 * channels read too) up to `last`, on `today` (YYYY-MM-DD).
 * @example const { chains } = await computeStatements(target, 7, [userId], '2026-10', '2026-11-27')
 */
export async function computeStatements(
  target: BooksTarget,
  networkId: number,
  userIds: number[] | null,
  last: string,
  today: string,
): Promise<Computed> {
  const books = await readBooks(target.db, networkId);
  const book = new ContractBook(books.contracts);
  const users = userIds ?? partnersOf(books);
  const starts = users.flatMap((u) => {
    const start = draftStart(books, u);
    return start !== null && start <= last ? [start] : [];
  });
  const firstDraft = starts.reduce<string | null>((min, s) => (min === null || s < min ? s : min), null);
  const channels = userIds === null ? [...books.channels.values()] : channelsOf(books, new Set(users));
  const readFrom = chainReadStart(firstDraft ?? last);
  const [finance, loaded, approved] = await Promise.all([
    readFinance(target, networkId, channels, readFrom, last),
    financeMonths(target, networkId, books.channels.values(), firstDraft ?? last, last),
    approvedLines(target.db, networkId, users, readFrom, last),
  ]);
  const finalMonths = new Set([...loaded].filter((m) => monthIsOver(m, today)));
  const open = monthsBetween(firstDraft ?? last, last).filter((m) => !finalMonths.has(m) && m <= monthOf(today));
  const estimates = new Map(await Promise.all(open.map(async (m) => [m, await readEstimates(target, networkId, channels, m)] as const)));
  const chains = new Map(
    users.map(
      (u) => [u, statementChain({ books, book, finance, estimates, finalMonths, approvedLines: approved.get(u) ?? [] }, u, last)] as const,
    ),
  );
  return { books, book, chains, finance, estimates, finalMonths };
}
