// Recording money paid against an approved statement: never more than its balance, never on a statement
// whose balance a later statement carried over, never below the partner's minimum payout.
import type { PayoutBody } from '../../lib/api/statements';
import { nextMonth } from '../../lib/dates/time';
import { exactUsd } from '../../lib/statements/money-text';
import { type AuditActor, auditStatement } from '../audit/audit-log';
import { first, statement } from '../db/query';
import { sql } from '../db/sql';
import { badRequest, conflict, notFound } from '../http/errors';
import { log } from '../log/log';
import type { MailSender } from '../mail/message';
import { statementPaidMail } from './mails';

interface StatementRow {
  id: number;
  networkId: number;
  month: string;
  owedMicros: number;
  minPayoutMicros: number;
  paidMicros: number;
  laterMonth: string | null;
  email: string;
  slug: string;
  networkName: string;
}

const readStatement = (db: D1Database, id: number) =>
  first<StatementRow>(
    db,
    sql`SELECT s.id, s.network_id, s.month, s.owed_micros, s.min_payout_micros, u.email, n.slug, n.name AS network_name,
        coalesce((SELECT sum(amount_micros) FROM payouts WHERE statement_id = s.id), 0) AS paid_micros,
        (SELECT min(month) FROM statements t WHERE t.network_id = s.network_id AND t.user_id = s.user_id AND t.month > s.month) AS later_month
      FROM statements s JOIN users u ON u.id = s.user_id JOIN networks n ON n.id = s.network_id WHERE s.id = ${id}`,
  );

export interface PayoutInput {
  statementId: number;
  body: PayoutBody;
  actor: AuditActor;
  today: string;
  now: number;
}

/**
 * Records a payout (a part of the balance, or all of it) and mails the partner.
 * @example await recordPayout(env.DB, mailer, { statementId: 12, body, actor, today: '2026-11-27', now }, link)
 */
export async function recordPayout(db: D1Database, mail: MailSender, input: PayoutInput, link: (month: string) => string) {
  const s = await readStatement(db, input.statementId);
  if (!s) throw notFound(`No approved statement ${input.statementId}: approve the month first, then record its payout.`);
  const { body } = input;
  const balance = s.owedMicros - s.paidMicros;
  if (body.paid_on > input.today) throw badRequest(`paid_on ${body.paid_on} is in the future: record a payout once it is sent.`);
  if (body.paid_on < `${nextMonth(s.month)}-01`)
    throw badRequest(`paid_on ${body.paid_on} is before ${s.month} ended: a month is paid after it ends.`);
  if (s.laterMonth) throw conflict(`This statement's balance was carried into ${s.laterMonth}: record the payment on that statement.`);
  if (balance <= 0) throw conflict(`Nothing is owed on this statement (balance ${exactUsd(balance)}).`);
  if (balance < s.minPayoutMicros)
    throw conflict(
      `The balance ${exactUsd(balance)} is below the minimum payout ${exactUsd(s.minPayoutMicros)}: it carries over to the next statement.`,
    );
  if (body.amount_micros > balance)
    throw conflict(`${exactUsd(body.amount_micros)} is more than the ${exactUsd(balance)} still owed on this statement.`);
  const insert = statement(
    db,
    // The guard repeats the checks inside the write, so two payouts recorded at once cannot both pass.
    sql`INSERT INTO payouts (statement_id, paid_on, amount_micros, method, reference, created_at, created_by)
      SELECT ${s.id}, ${body.paid_on}, ${body.amount_micros}, ${body.method}, ${body.reference ?? ''}, ${input.now}, ${input.actor.kind === 'token' ? null : input.actor.userId}
      WHERE ${s.owedMicros} - coalesce((SELECT sum(amount_micros) FROM payouts WHERE statement_id = ${s.id}), 0) >= ${body.amount_micros}
        AND NOT EXISTS (SELECT 1 FROM statements t JOIN statements s ON s.id = ${s.id} WHERE t.network_id = s.network_id AND t.user_id = s.user_id AND t.month > s.month)`,
  );
  const audit = auditStatement(
    db,
    {
      actor: input.actor,
      action: 'statement.pay',
      target: `${s.slug} ${s.month} ${s.email}`,
      detail: {
        statement_id: s.id,
        amount_micros: body.amount_micros,
        paid_on: body.paid_on,
        method: body.method,
        reference: body.reference ?? '',
      },
      at: input.now,
    },
    'after-change',
  );
  const [written] = await db.batch([insert, audit]);
  if (written?.meta.changes !== 1) {
    throw conflict('The statement changed meanwhile (another payout, or the next month approved): reload and try again.');
  }
  const after = balance - body.amount_micros;
  try {
    await mail(
      statementPaidMail(
        s.email,
        {
          network: s.networkName,
          month: s.month,
          amountMicros: body.amount_micros,
          method: body.method,
          reference: body.reference ?? '',
          paidOn: body.paid_on,
          balanceMicros: after,
        },
        link(s.month),
      ),
    );
  } catch (error) {
    log.warn('statements.mail_failed', { to: s.email, error: String(error) });
  }
  return { statement_id: s.id, paid_micros: s.paidMicros + body.amount_micros, balance_micros: after };
}
