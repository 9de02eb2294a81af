// Approving partners' statements of a month: each draft locked as stored lines in one batch with its audit
// row, all or none; then each partner is mailed.
import { APPROVE_MAX, type StatementLine } from '../../lib/api/statements';
import { type AuditActor, auditStatement } from '../audit/audit-log';
import { statement } from '../db/query';
import { sql } from '../db/sql';
import { conflict } from '../http/errors';
import { log } from '../log/log';
import type { MailSender } from '../mail/message';
import type { ChainMonth } from './chain';
import { computeStatements } from './compute';
import type { BooksTarget } from './finance';
import { statementApprovedMail } from './mails';

/** Lines per INSERT: a statement's lines travel as JSON, kept well under D1's statement size. */
const LINES_PER_INSERT = 400;

export interface ApproveInput {
  networkId: number;
  month: string;
  userIds: number[];
  actor: AuditActor;
  today: string;
  now: number;
}

function linesStatements(db: D1Database, key: { networkId: number; userId: number; month: string }, lines: readonly StatementLine[]) {
  const chunks: D1PreparedStatement[] = [];
  for (let i = 0; i < lines.length; i += LINES_PER_INSERT) {
    const rows = lines
      .slice(i, i + LINES_PER_INSERT)
      .map((l, k) => [i + k + 1, l.channel_id, l.channel_title, l.kind, l.source_month, l.gross_micros, l.share_bps, l.partner_micros]);
    chunks.push(
      statement(
        db,
        // A NULL statement id (the statement row was not written: approved meanwhile) fails the batch.
        sql`INSERT INTO statement_lines (statement_id, line, channel_id, channel_title, kind, source_month, gross_micros, share_bps, partner_micros)
          SELECT (SELECT id FROM statements WHERE network_id = ${key.networkId} AND user_id = ${key.userId} AND month = ${key.month}),
            value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5, value ->> 6, value ->> 7
          FROM json_each(${JSON.stringify(rows)})`,
      ),
    );
  }
  return chunks;
}

/** Why a partner's month cannot be approved: none of it, approved already, or an older draft first. */
function refusal(email: string, month: string, chain: readonly ChainMonth[], next: ChainMonth | undefined): string {
  if (!chain.some((m) => m.month === month)) return `${email} has no statement for ${month} (no revenue-share terms yet).`;
  if (next === undefined || next.month > month) return `${email}: ${month} is already approved.`;
  return `${email}: approve ${next.month} first.`;
}

/**
 * Approves the month's drafts of these partners: every one must be a draft of a month whose finance is
 * final, and the oldest not approved (months go in order, so a carried-over balance is never counted twice).
 * @example await approveStatements(target, mailer, { networkId, month: '2026-10', userIds: [4, 9], actor, today, now }, link)
 */
export async function approveStatements(target: BooksTarget, mail: MailSender, input: ApproveInput, link: (month: string) => string) {
  if (input.userIds.length === 0 || input.userIds.length > APPROVE_MAX) throw conflict(`Approve 1 to ${APPROVE_MAX} partners at a time.`);
  const computed = await computeStatements(target, input.networkId, input.userIds, input.month, input.today);
  if (!computed.finalMonths.has(input.month))
    throw conflict(`${input.month} cannot be approved: the month is not over or YouTube's finance for it is not loaded yet.`);
  const { books } = computed;
  const problems: string[] = [];
  const writes: D1PreparedStatement[] = [];
  const approved: Array<{ email: string; owedMicros: number; payable: boolean }> = [];
  for (const userId of input.userIds) {
    const chain = computed.chains.get(userId) ?? [];
    const email = books.users.get(userId)?.email ?? `account ${userId}`;
    // The month must be the partner's first one not approved: the chain's first draft.
    const own = chain.find((m) => m.approved === null);
    if (own?.month !== input.month || !own.lines) {
      problems.push(refusal(email, input.month, chain, own));
      continue;
    }
    const key = { networkId: input.networkId, userId, month: input.month };
    writes.push(
      statement(
        target.db,
        sql`INSERT INTO statements (network_id, user_id, month, gross_micros, partner_micros, opening_micros, owed_micros, min_payout_micros, approved_at, approved_by)
          SELECT ${input.networkId}, ${userId}, ${input.month}, ${own.gross_micros}, ${own.partner_micros}, ${own.opening_micros}, ${own.owed_micros}, ${own.minPayoutMicros}, ${input.now}, ${input.actor.kind === 'token' ? null : input.actor.userId}
          WHERE NOT EXISTS (SELECT 1 FROM statements WHERE network_id = ${input.networkId} AND user_id = ${userId} AND month >= ${input.month})`,
      ),
      auditStatement(
        target.db,
        {
          actor: input.actor,
          action: 'statement.approve',
          target: `${books.network.slug} ${input.month} ${email}`,
          detail: {
            lines: own.lines.length,
            partner_micros: own.partner_micros,
            opening_micros: own.opening_micros,
            owed_micros: own.owed_micros,
          },
          at: input.now,
        },
        'after-change',
      ),
      ...linesStatements(target.db, key, own.lines),
    );
    approved.push({ email, owedMicros: own.owed_micros, payable: own.payable });
  }
  if (problems.length > 0)
    throw conflict(
      `Nothing was approved. ${problems.slice(0, 5).join(' ')}${problems.length > 5 ? ` (and ${problems.length - 5} more)` : ''}`,
    );
  try {
    await target.db.batch(writes);
  } catch (error) {
    log.warn('statements.approve_race', { network: input.networkId, month: input.month, error: String(error) });
    throw conflict('Nothing was approved: these statements changed meanwhile. Reload and approve again.');
  }
  let mailed = 0;
  for (const a of approved) {
    try {
      await mail(statementApprovedMail(a.email, { network: books.network.name, month: input.month, ...a }, link(input.month)));
      mailed += 1;
    } catch (error) {
      log.warn('statements.mail_failed', { to: a.email, error: String(error) });
    }
  }
  return { approved: approved.length, mailed };
}
