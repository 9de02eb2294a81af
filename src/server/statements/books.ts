// A network's books for statements, read from the shared D1: its channels and who is granted them, its
// contracts, the partners' approved statements with what was paid, and approved lines of the months a
// computation covers. Finance comes from the stores (finance.ts).
import type { RevenueKind, StatementLine } from '../../lib/api/statements';
import type { ApprovedLine } from '../../lib/statements/draft';
import type { LineChannel } from '../../lib/statements/month-lines';
import type { ContractTerms } from '../../lib/statements/terms';
import { all, first } from '../db/query';
import { type Fragment, JsonList, sql } from '../db/sql';
import { notFound } from '../http/errors';

export interface BookNetwork {
  id: number;
  slug: string;
  name: string;
}

export interface BookChannel extends LineChannel {
  id: number;
  storeBucket: number;
}

export interface BookContract extends ContractTerms {
  id: number;
  createdAt: number;
}

/** An approved statement's stored figures and what has been paid against it. */
export interface ApprovedStatement {
  id: number;
  userId: number;
  month: string;
  grossMicros: number;
  partnerMicros: number;
  openingMicros: number;
  owedMicros: number;
  minPayoutMicros: number;
  approvedAt: number;
  paidMicros: number;
}

export interface Books {
  network: BookNetwork;
  channels: Map<number, BookChannel>;
  contracts: BookContract[];
  users: Map<number, { id: number; email: string; user_name: string }>;
  /** Approved statements by user, by month ascending. */
  approved: Map<number, ApprovedStatement[]>;
}

export async function networkById(db: D1Database, networkId: number): Promise<BookNetwork> {
  const network = await first<BookNetwork>(db, sql`SELECT id, slug, name FROM networks WHERE id = ${networkId}`);
  if (!network) throw notFound(`No network ${networkId}: reload the list.`);
  return network;
}

export interface ContractRow {
  id: number;
  userId: number;
  channelId: number | null;
  effectiveFrom: string;
  adsBps: number;
  shortsBps: number;
  claimsBps: number;
  adjustmentsBps: number;
  minPayoutMicros: number;
  createdAt: number;
}

export const contractTerms = (row: ContractRow): BookContract => ({
  id: row.id,
  userId: row.userId,
  channelId: row.channelId,
  effectiveFrom: row.effectiveFrom,
  shares: { ads: row.adsBps, shorts: row.shortsBps, claims: row.claimsBps, adjustments: row.adjustmentsBps } satisfies Record<
    RevenueKind,
    number
  >,
  minPayoutMicros: row.minPayoutMicros,
  createdAt: row.createdAt,
});

/**
 * Grants the account may use, of the channels `where` (over channels c) picks: an in-house-only account
 * (users.only_inhouse_channels) sees, and is paid for, in-house channels only, as the user_channels view rules.
 */
export function usableGrants(db: D1Database, where: Fragment): Promise<Array<{ channelId: number; userId: number }>> {
  return all<{ channelId: number; userId: number }>(
    db,
    sql`SELECT g.channel_id, g.user_id FROM channel_grants g JOIN channels c ON c.id = g.channel_id JOIN users u ON u.id = g.user_id
      WHERE ${where} AND (u.only_inhouse_channels = 0 OR c.is_inhouse = 1)`,
  );
}

/** Accounts granted each channel one by one (LineChannel.grantees). */
export function granteesByChannel(grants: ReadonlyArray<{ channelId: number; userId: number }>): Map<number, number[]> {
  const grantees = new Map<number, number[]>();
  for (const g of grants) grantees.set(g.channelId, [...(grantees.get(g.channelId) ?? []), g.userId]);
  return grantees;
}

/**
 * Everything but the finance, in one batch of reads (D1 reads them from one snapshot).
 * @example const books = await readBooks(env.DB, networkId)
 */
export async function readBooks(db: D1Database, networkId: number): Promise<Books> {
  const [network, channels, grants, contracts, statements, users] = await Promise.all([
    networkById(db, networkId),
    all<{ id: number; title: string; youtubeId: string | null; isUgc: number; storeBucket: number }>(
      db,
      sql`SELECT id, title, youtube_id, is_ugc, store_bucket FROM channels WHERE network_id = ${networkId} ORDER BY id`,
    ),
    usableGrants(db, sql`c.network_id = ${networkId}`),
    all<ContractRow>(db, sql`SELECT * FROM revenue_contracts WHERE network_id = ${networkId} ORDER BY effective_from, id`),
    all<ApprovedStatement>(
      db,
      sql`SELECT s.id, s.user_id, s.month, s.gross_micros, s.partner_micros, s.opening_micros, s.owed_micros, s.min_payout_micros,
        s.approved_at, coalesce((SELECT sum(p.amount_micros) FROM payouts p WHERE p.statement_id = s.id), 0) AS paid_micros
      FROM statements s WHERE s.network_id = ${networkId} ORDER BY s.user_id, s.month`,
    ),
    all<{ id: number; email: string; userName: string }>(
      db,
      sql`SELECT id, email, user_name FROM users WHERE id IN (SELECT user_id FROM revenue_contracts WHERE network_id = ${networkId}
        UNION SELECT user_id FROM statements WHERE network_id = ${networkId})`,
    ),
  ]);
  const grantees = granteesByChannel(grants);
  const approved = new Map<number, ApprovedStatement[]>();
  for (const s of statements) approved.set(s.userId, [...(approved.get(s.userId) ?? []), s]);
  return {
    network,
    channels: new Map(
      channels.map((c) => [
        c.id,
        {
          id: c.id,
          title: c.title,
          youtubeId: c.youtubeId,
          isUgc: c.isUgc === 1,
          storeBucket: c.storeBucket,
          grantees: grantees.get(c.id) ?? [],
        },
      ]),
    ),
    contracts: contracts.map(contractTerms),
    users: new Map(users.map((u) => [u.id, { id: u.id, email: u.email, user_name: u.userName }])),
    approved,
  };
}

/**
 * Approved lines of the users' statements whose finance month is in [from, to]: what a draft subtracts.
 * @example const lines = await approvedLines(env.DB, networkId, [userId], '2025-09', '2026-09')
 */
export async function approvedLines(db: D1Database, networkId: number, userIds: readonly number[], from: string, to: string) {
  const rows = await all<ApprovedLine & { user_id: number }>(
    db,
    sql`SELECT s.user_id, l.channel_id, l.channel_title, c.youtube_id, l.kind, l.source_month, l.gross_micros, l.share_bps, l.partner_micros
      FROM statement_lines l JOIN statements s ON s.id = l.statement_id LEFT JOIN channels c ON c.id = l.channel_id
      WHERE s.network_id = ${networkId} AND s.user_id IN (SELECT value FROM json_each(${new JsonList(userIds)}))
        AND l.source_month BETWEEN ${from} AND ${to}`,
    'sql',
  );
  const byUser = new Map<number, ApprovedLine[]>();
  for (const { user_id, ...line } of rows) byUser.set(user_id, [...(byUser.get(user_id) ?? []), line]);
  return byUser;
}

/** A statement's own stored lines, in their order. */
export async function storedLines(db: D1Database, statementId: number): Promise<StatementLine[]> {
  return all<StatementLine>(
    db,
    sql`SELECT l.channel_id, l.channel_title, c.youtube_id, l.kind, l.source_month, l.gross_micros, l.share_bps, l.partner_micros
      FROM statement_lines l LEFT JOIN channels c ON c.id = l.channel_id WHERE l.statement_id = ${statementId} ORDER BY l.line`,
    'sql',
  );
}
