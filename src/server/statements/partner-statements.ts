// A partner's own statements, in every network they have terms in: the session's account only.
import type { Statement, StatementSummary } from '../../lib/api/statements';
import { monthOf } from '../../lib/dates/time';
import { all } from '../db/query';
import { sql } from '../db/sql';
import { notFound } from '../http/errors';
import { statementOf, summaryOf } from './answers';
import { computeStatements } from './compute';
import type { BooksTarget } from './finance';

/** Networks where the account has terms or approved statements. */
export async function networksOfPartner(db: D1Database, userId: number): Promise<Array<{ id: number; slug: string }>> {
  return all<{ id: number; slug: string }>(
    db,
    sql`SELECT id, slug FROM networks WHERE id IN (SELECT network_id FROM revenue_contracts WHERE user_id = ${userId}
      UNION SELECT network_id FROM statements WHERE user_id = ${userId}) ORDER BY name, id`,
  );
}

/**
 * Every statement of the account up to this month, newest first (this month is an estimate).
 * @example const rows = await partnerStatementList(target, user.id, '2026-11-27')
 */
export async function partnerStatementList(target: BooksTarget, userId: number, today: string): Promise<StatementSummary[]> {
  const networks = await networksOfPartner(target.db, userId);
  const lists = await Promise.all(
    networks.map(async (n) => {
      const computed = await computeStatements(target, n.id, [userId], monthOf(today), today);
      return (computed.chains.get(userId) ?? []).map((m) => summaryOf(computed.books, userId, m));
    }),
  );
  return lists.flat().sort((a, b) => b.month.localeCompare(a.month) || a.network.name.localeCompare(b.network.name));
}

/**
 * The account's statements of a month, one per network (or the one network asked for).
 * @example const [statement] = await partnerStatements(target, user.id, '2026-10', 'acme', today)
 */
export async function partnerStatements(
  target: BooksTarget,
  userId: number,
  month: string,
  network: string | undefined,
  today: string,
): Promise<Statement[]> {
  if (month > monthOf(today)) throw notFound(`${month} has not begun: no statement yet.`);
  const networks = (await networksOfPartner(target.db, userId)).filter((n) => network === undefined || n.slug === network);
  const found: Statement[] = [];
  for (const n of networks) {
    const computed = await computeStatements(target, n.id, [userId], month, today);
    if (computed.chains.get(userId)?.some((m) => m.month === month)) found.push(await statementOf(target.db, computed, userId, month));
  }
  if (found.length === 0) throw notFound(`No statement for ${month}${network ? ` in ${network}` : ''}.`);
  return found;
}
