// Revenue-share contracts: listed, added (a change of terms is a new row from a later month) and deleted
// while no approved statement has used them; every change with its audit row, in one batch.
import { type Contract, type ContractBody, REVENUE_KINDS } from '../../lib/api/statements';
import { monthOf } from '../../lib/dates/time';
import { shiftMonth } from '../ingest/rollup/periods';
import { type AuditActor, auditStatement } from '../audit/audit-log';
import { all, first, statement } from '../db/query';
import { sql } from '../db/sql';
import { badRequest, conflict, notFound } from '../http/errors';
import { contractTerms } from './books';

/** How far from today terms may start: statements look back no further, and plans are not made further. */
export const EFFECTIVE_RANGE_MONTHS = 24;

const CONTRACT_SELECT = sql`SELECT r.*, u.email, c.title AS channel_title FROM revenue_contracts r JOIN users u ON u.id = r.user_id
  LEFT JOIN channels c ON c.id = r.channel_id`;

type ContractRow = Parameters<typeof contractTerms>[0] & { networkId: number; email: string; channelTitle: string | null };

const toContract = (row: ContractRow): Contract => {
  const terms = contractTerms(row);
  return {
    id: row.id,
    network_id: row.networkId,
    user_id: row.userId,
    email: row.email,
    channel_id: row.channelId,
    channel_title: row.channelTitle,
    effective_from: row.effectiveFrom,
    shares: terms.shares,
    min_payout_micros: row.minPayoutMicros,
    created_at: row.createdAt,
  };
};

/** A network's contracts, by account then month. */
export async function listContracts(db: D1Database, networkId: number): Promise<Contract[]> {
  const rows = await all<ContractRow>(
    db,
    sql`${CONTRACT_SELECT} WHERE r.network_id = ${networkId} ORDER BY u.email, r.channel_id IS NOT NULL, c.title, r.effective_from`,
  );
  return rows.map(toContract);
}

/** A partner's own terms in every network (read-only for them). */
export async function contractsOfUser(db: D1Database, userId: number): Promise<Contract[]> {
  const rows = await all<ContractRow>(
    db,
    sql`${CONTRACT_SELECT} WHERE r.user_id = ${userId} ORDER BY r.network_id, r.channel_id IS NOT NULL, c.title, r.effective_from`,
  );
  return rows.map(toContract);
}

/** The last month an approved statement closed for this account, or for anyone in the network (channel terms move a channel between accounts). */
const lastApproved = (db: D1Database, networkId: number, userId: number | null) =>
  first<{ month: string | null }>(
    db,
    sql`SELECT max(month) AS month FROM statements WHERE network_id = ${networkId} AND (${userId} IS NULL OR user_id = ${userId})`,
  ).then((r) => r?.month ?? null);

function checkRange(month: string, today: string) {
  const now = monthOf(today);
  if (month < shiftMonth(now, -EFFECTIVE_RANGE_MONTHS) || month > shiftMonth(now, EFFECTIVE_RANGE_MONTHS)) {
    throw badRequest(`effective_from ${month}: choose a month within ${EFFECTIVE_RANGE_MONTHS} months of ${now}.`);
  }
}

/**
 * Adds terms from a month on. Refused: an account or channel unknown, a channel of another network, a
 * channel the account is not granted, a month an approved statement closed, terms of the same month.
 * @example await addContract(env.DB, actor, 7, { email, effective_from: '2026-12', shares }, '2026-11-27', now)
 */
export async function addContract(
  db: D1Database,
  actor: AuditActor,
  networkId: number,
  body: ContractBody,
  today: string,
  now: number,
): Promise<Contract> {
  checkRange(body.effective_from, today);
  const user = await first<{ id: number }>(db, sql`SELECT id FROM users WHERE email = ${body.email}`);
  if (!user) throw notFound(`No account ${body.email}: invite the partner first, then set their terms.`);
  let channelId: number | null = null;
  if (body.channel !== undefined) {
    const channel = await first<{ id: number; networkId: number | null; granted: number }>(
      db,
      sql`SELECT c.id, c.network_id, EXISTS (SELECT 1 FROM user_channels uc WHERE uc.user_id = ${user.id} AND uc.channel_id = c.id) AS granted
        FROM channels c WHERE c.youtube_id = ${body.channel}`,
    );
    if (!channel || channel.networkId !== networkId) throw notFound(`No channel ${body.channel} in this network.`);
    if (!channel.granted) throw conflict(`${body.email} is not granted ${body.channel}: grant the channel first.`);
    channelId = channel.id;
  }
  const closed = await lastApproved(db, networkId, channelId === null ? user.id : null);
  if (closed !== null && body.effective_from <= closed) {
    throw conflict(`${closed} is approved: terms can change from the month after it on, never for a closed month.`);
  }
  const taken = await first<{ id: number }>(
    db,
    channelId === null
      ? sql`SELECT id FROM revenue_contracts WHERE network_id = ${networkId} AND user_id = ${user.id} AND channel_id IS NULL AND effective_from = ${body.effective_from}`
      : sql`SELECT id FROM revenue_contracts WHERE channel_id = ${channelId} AND effective_from = ${body.effective_from}`,
  );
  if (taken)
    throw conflict(
      `Terms from ${body.effective_from} exist already for this ${channelId === null ? 'account' : 'channel'}: delete them first, or choose another month.`,
    );
  const s = body.shares;
  const minPayout = channelId === null ? (body.min_payout_micros ?? 0) : 0;
  await db.batch([
    statement(
      db,
      sql`INSERT INTO revenue_contracts (network_id, user_id, channel_id, effective_from, ads_bps, shorts_bps, claims_bps, adjustments_bps, min_payout_micros, created_at)
        VALUES (${networkId}, ${user.id}, ${channelId}, ${body.effective_from}, ${s.ads}, ${s.shorts}, ${s.claims}, ${s.adjustments}, ${minPayout}, ${now})`,
    ),
    auditStatement(db, {
      actor,
      action: 'contract.add',
      target: `${body.email}${body.channel ? ` ${body.channel}` : ''}`,
      detail: {
        network_id: networkId,
        effective_from: body.effective_from,
        ...Object.fromEntries(REVENUE_KINDS.map((k) => [`${k}_bps`, s[k]])),
        min_payout_micros: minPayout,
      },
      at: now,
    }),
  ]);
  const row = await first<ContractRow>(
    db,
    sql`${CONTRACT_SELECT} WHERE r.network_id = ${networkId} AND r.user_id = ${user.id} AND r.channel_id IS ${channelId} AND r.effective_from = ${body.effective_from}`,
  );
  if (!row) throw conflict('The terms were changed meanwhile: reload the list.');
  return toContract(row);
}

/** Deletes terms no approved statement has used (their month is after the last one closed). */
export async function deleteContract(
  db: D1Database,
  actor: AuditActor,
  networkId: number,
  id: number,
  now: number,
): Promise<{ id: number }> {
  const row = await first<ContractRow>(db, sql`${CONTRACT_SELECT} WHERE r.id = ${id} AND r.network_id = ${networkId}`);
  if (!row) throw notFound(`No terms ${id} in this network: reload the list.`);
  const closed = await lastApproved(db, networkId, row.channelId === null ? row.userId : null);
  if (closed !== null && row.effectiveFrom <= closed) {
    throw conflict(`These terms were used by statements up to ${closed}: add new terms from a later month instead.`);
  }
  await db.batch([
    statement(db, sql`DELETE FROM revenue_contracts WHERE id = ${id}`),
    auditStatement(
      db,
      {
        actor,
        action: 'contract.delete',
        target: row.email,
        detail: { network_id: networkId, channel_id: row.channelId, effective_from: row.effectiveFrom },
        at: now,
      },
      'after-change',
    ),
  ]);
  return { id };
}
