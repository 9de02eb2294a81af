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

/** The account's terms where the figures' channels are: null when it has none anywhere (no share to show). */
export interface ShareBooks {
  userId: number;
  /** What the account's networks show partners first: the share only when every one of them chose it. */
  defaultView: EarningsView;
  channels: Map<number, ShareChannel>;
  books: Map<number, ContractBook>;
}

/**
 * The account's networks with terms, and of the given channels those in them with who else is granted
 * them; every contract row of those networks (a channel's own row may name another account).
 * @example const books = await readShareBooks(env.DB, user.id, [3, 4])
 */
export async function readShareBooks(db: D1Database, userId: number, channelIds: readonly number[]): Promise<ShareBooks | null> {
  const networks = await all<{ id: number; partnerEarnings: EarningsView }>(
    db,
    sql`SELECT id, partner_earnings FROM networks WHERE id IN (SELECT network_id FROM revenue_contracts WHERE user_id = ${userId})`,
  );
  if (networks.length === 0) return null;
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
    defaultView: networks.every((n) => n.partnerEarnings === 'share') ? 'share' : 'gross',
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
  const byNetwork = new Map<number, ShareChannel[]>();
  for (const r of wanted) {
    const channel = books.channels.get(r.channelId)!;
    const list = byNetwork.get(channel.networkId) ?? [];
    if (!list.includes(channel)) byNetwork.set(channel.networkId, [...list, channel]);
  }
  const months = wanted.map((r) => r.month).sort();
  const [from, to] = [months[0], months[months.length - 1]];
  if (from === undefined || to === undefined) return out;
  for (const [networkId, channels] of byNetwork) {
    const finance = (await readFinance(target, networkId, channels, from, to)).map((row) => ({ ...row, claimsMicros: 0 }));
    const book = books.books.get(networkId)!;
    const lineChannels = new Map(channels.map((c) => [c.id, c]));
    for (const month of new Set(finance.map((row) => row.month))) {
      for (const line of monthLines(month, finance, lineChannels, book).lines) {
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
