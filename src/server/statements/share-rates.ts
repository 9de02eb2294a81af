// What the dashboard's share of earnings is read from: the account's terms in the networks of the figures'
// channels, and the statement lines the account has from those channels' finance (docs/partner-area.md,
// "Your share on the dashboard").
import type { EarningsView } from '../../lib/api/stats';
import { type ChannelMonthEarnings, type FinanceShare, financeKey, type ShareRates } from '../../lib/statements/earnings-share';
import { monthLines } from '../../lib/statements/month-lines';
import { ContractBook } from '../../lib/statements/terms';
import { all } from '../db/query';
import { JsonList, sql } from '../db/sql';
import { type BookChannel, type ContractRow, contractTerms, granteesByChannel, usableGrants } from './books';
import { type BooksTarget, readFinance } from './finance';

interface ShareChannel extends BookChannel {
  networkId: number;
}

/** A network where the account has terms, and what it shows its partners first (networks.partner_earnings). */
export interface TermsNetwork {
  id: number;
  partnerEarnings: EarningsView;
}

/** The account's terms in its networks, for the figures' channels. */
export interface ShareBooks {
  userId: number;
  channels: Map<number, ShareChannel>;
  books: Map<number, ContractBook>;
}

/**
 * The networks where the account has terms: none, no share to show (read before any figure is).
 * @example const networks = await networksWithTerms(env.DB, user.id)
 */
export function networksWithTerms(db: D1Database, userId: number): Promise<TermsNetwork[]> {
  return all<TermsNetwork>(
    db,
    sql`SELECT id, partner_earnings FROM networks WHERE id IN (SELECT network_id FROM revenue_contracts WHERE user_id = ${userId})`,
  );
}

/** What the account sees first: its share only when every network it has terms in chose it. */
export const defaultViewOf = (networks: readonly TermsNetwork[]): EarningsView =>
  networks.every((n) => n.partnerEarnings === 'share') ? 'share' : 'gross';

/**
 * Of the given channels, those in the account's networks with terms and who else is granted them; every
 * contract row of those networks (a channel's own row may name another account).
 * @example const books = await readShareBooks(env.DB, user.id, networks, [3, 4])
 */
export async function readShareBooks(
  db: D1Database,
  userId: number,
  networks: readonly TermsNetwork[],
  channelIds: readonly number[],
): Promise<ShareBooks> {
  const networkIds = new JsonList(networks.map((n) => n.id));
  const ids = new JsonList(channelIds);
  const inNetworks = sql`c.network_id IN (SELECT value FROM json_each(${networkIds})) AND c.id IN (SELECT value FROM json_each(${ids}))`;
  const [channels, grants, contracts] = await Promise.all([
    all<{ id: number; networkId: number; title: string; youtubeId: string | null; isUgc: number; storeBucket: number }>(
      db,
      sql`SELECT c.id, c.network_id, c.title, c.youtube_id, c.is_ugc, c.store_bucket FROM channels c WHERE ${inNetworks}`,
    ),
    usableGrants(db, inNetworks),
    all<ContractRow & { networkId: number }>(
      db,
      sql`SELECT * FROM revenue_contracts WHERE network_id IN (SELECT value FROM json_each(${networkIds})) ORDER BY effective_from, id`,
    ),
  ]);
  const grantees = granteesByChannel(grants);
  const books = new Map(networks.map((n) => [n.id, new ContractBook(contracts.filter((c) => c.networkId === n.id).map(contractTerms))]));
  return {
    userId,
    channels: new Map(channels.map((c) => [c.id, { ...c, isUgc: c.isUgc === 1, grantees: grantees.get(c.id) ?? [] }])),
    books,
  };
}

/**
 * The account's statement lines (ads, Shorts, adjustments) of the channel months whose figures are
 * YouTube's finance, by the statements' own rule (monthLines). Claims on third-party uploads are the UGC
 * channel's revenue in the figures, paid on the statement only: they are left out here.
 */
async function financeShares(
  target: BooksTarget,
  books: ShareBooks,
  rows: readonly ChannelMonthEarnings[],
): Promise<Map<string, FinanceShare>> {
  const out = new Map<string, FinanceShare>();
  const wanted = rows.filter((r) => r.financeMicros !== 0 && books.channels.has(r.channelId));
  const byNetwork = new Map<number, Map<number, ShareChannel>>();
  for (const r of wanted) {
    const channel = books.channels.get(r.channelId)!;
    byNetwork.set(channel.networkId, (byNetwork.get(channel.networkId) ?? new Map()).set(channel.id, channel));
  }
  const months = wanted.map((r) => r.month).sort();
  const [from, to] = [months[0], months[months.length - 1]];
  if (from === undefined || to === undefined) return out;
  for (const [networkId, channels] of byNetwork) {
    const finance = (await readFinance(target, networkId, channels.values(), from, to)).map((row) => ({ ...row, claimsMicros: 0 }));
    const book = books.books.get(networkId)!;
    for (const month of new Set(finance.map((row) => row.month))) {
      for (const line of monthLines(month, finance, channels, book).lines) {
        if (line.userId !== books.userId) continue;
        const key = financeKey(line.channel_id, line.source_month);
        const sum = out.get(key) ?? { grossMicros: 0, partnerMicros: 0 };
        out.set(key, { grossMicros: sum.grossMicros + line.gross_micros, partnerMicros: sum.partnerMicros + line.partner_micros });
      }
    }
  }
  return out;
}

/**
 * The rates of the figures' channel months for this account: its finance lines, and the ads share of
 * the terms in effect where the figures are estimates.
 * @example const rates = await shareRates(booksTarget(env), books, rows)
 */
export async function shareRates(target: BooksTarget, books: ShareBooks, rows: readonly ChannelMonthEarnings[]): Promise<ShareRates> {
  return {
    finance: await financeShares(target, books, rows),
    adsBps(channelId, month) {
      const channel = books.channels.get(channelId);
      if (!channel || channel.isUgc) return null;
      const payee = books.books.get(channel.networkId)!.payeeOf(channelId, month, channel.grantees);
      return payee.userId === books.userId ? payee.shares.ads : null;
    },
  };
}
