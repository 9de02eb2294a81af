// The demo network's money: revenue-share terms for every account granted its channels one by one, every
// month with final finance approved but the last (left a draft to approve), and every approved month but
// the last paid in full. Written by the product's own statements code on the data just loaded, so every
// statement page of the demo shows figures computed from its finance.
import { monthOf, nextMonth } from '../../../src/lib/dates/time';
import type { RevenueKind } from '../../../src/lib/api/statements';
import type { AuditActor } from '../../../src/server/audit/audit-log';
import { approveStatements } from '../../../src/server/statements/approve';
import { readBooks } from '../../../src/server/statements/books';
import { type BooksTarget, financeMonths } from '../../../src/server/statements/finance';
import { monthIsOver } from '../../../src/lib/statements/months';
import { recordPayout } from '../../../src/server/statements/payouts';
import { DEMO_USERS } from '../users';

/** The demo's terms: a common MCN split (70 % of ads, less of Shorts and claims, adjustments as ads). */
const DEMO_SHARES: Record<RevenueKind, number> = { ads: 7_000, shorts: 6_000, claims: 5_000, adjustments: 7_000 };
/** The first account (by id) gets a minimum payout, so the demo shows a balance carried over. */
const DEMO_MIN_PAYOUT_MICROS = 100 * 1_000_000;

const noMail = async () => {};
/** Before any demo data: the finance months are looked for from here. */
const FIRST_MONTH = '2005-01';

async function partnerAccounts(db: D1Database) {
  const { results } = await db
    .prepare(
      `SELECT DISTINCT n.id AS network_id, g.user_id FROM channel_grants g JOIN channels c ON c.id = g.channel_id
       JOIN networks n ON n.id = c.network_id WHERE n.is_partner = 1 ORDER BY n.id, g.user_id`,
    )
    .all<{ network_id: number; user_id: number }>();
  return results;
}

/** The months of final finance of the network, oldest first. */
async function finalMonths(target: BooksTarget, networkId: number, today: string): Promise<string[]> {
  const books = await readBooks(target.db, networkId);
  const loaded = await financeMonths(target, networkId, books.channels.values(), FIRST_MONTH, monthOf(today));
  return [...loaded].filter((m) => monthIsOver(m, today)).sort();
}

/**
 * Terms from the first month of final finance, approvals and payouts as described above.
 * @example await writeDemoMoney(target, '2026-11-23') // { contracts: 3, approved: 27, paid: 24 }
 */
export async function writeDemoMoney(target: BooksTarget, today: string, now: number) {
  const operator = await target.db
    .prepare('SELECT id, email FROM users WHERE email = ?')
    .bind(DEMO_USERS.find((u) => u.role === 'operator')!.email)
    .first<{ id: number; email: string }>();
  const actor: AuditActor = operator ? { kind: 'staff', userId: operator.id, email: operator.email } : { kind: 'token' };
  const accounts = await partnerAccounts(target.db);
  const tally = { contracts: 0, approved: 0, paid: 0 };
  for (const networkId of [...new Set(accounts.map((a) => a.network_id))]) {
    const final = await finalMonths(target, networkId, today);
    const [first] = final;
    if (!first) continue;
    const users = accounts.filter((a) => a.network_id === networkId).map((a) => a.user_id);
    for (const [i, userId] of users.entries()) {
      await target.db
        .prepare(
          `INSERT INTO revenue_contracts (network_id, user_id, effective_from, ads_bps, shorts_bps, claims_bps, adjustments_bps, min_payout_micros, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(
          networkId,
          userId,
          first,
          DEMO_SHARES.ads,
          DEMO_SHARES.shorts,
          DEMO_SHARES.claims,
          DEMO_SHARES.adjustments,
          i === 0 ? DEMO_MIN_PAYOUT_MICROS : 0,
          now,
        )
        .run();
      tally.contracts += 1;
    }
    const toApprove = final.slice(0, -1);
    for (const [m, month] of toApprove.entries()) {
      const done = await approveStatements(target, noMail, { networkId, month, userIds: users, actor, today, now }, () => '');
      tally.approved += done.approved;
      // The latest approved month is paid in part, so the demo shows each state.
      tally.paid += await payMonth(target, networkId, month, m === toApprove.length - 1 ? 2 : 1, { actor, today, now });
    }
  }
  return tally;
}

/** Pays every payable approved statement of the month (its balance over `part`), on the 20th of the month after. */
async function payMonth(
  target: BooksTarget,
  networkId: number,
  month: string,
  part: number,
  at: { actor: AuditActor; today: string; now: number },
): Promise<number> {
  const { results } = await target.db
    .prepare(
      `SELECT s.id, s.owed_micros - coalesce((SELECT sum(amount_micros) FROM payouts p WHERE p.statement_id = s.id), 0) AS balance, s.min_payout_micros
       FROM statements s WHERE s.network_id = ? AND s.month = ?`,
    )
    .bind(networkId, month)
    .all<{ id: number; balance: number; min_payout_micros: number }>();
  const paidOn = `${nextMonth(month)}-20` <= at.today ? `${nextMonth(month)}-20` : at.today;
  let paid = 0;
  for (const s of results) {
    if (s.balance <= 0 || s.balance < s.min_payout_micros) continue;
    const body = {
      paid_on: paidOn,
      amount_micros: Math.floor(s.balance / part),
      method: 'bank_transfer' as const,
      reference: `VD-${month}-${s.id}`,
    };
    await recordPayout(target.db, noMail, { statementId: s.id, body, ...at }, () => '');
    paid += 1;
  }
  return paid;
}
