// The audit log: one row per operator action, from the console (a staff account) or the admin API
// (the admin token). Written in the same batch as the action where the action is one batch.
import { statement } from '../db/query';
import { raw } from '../db/sql';
import { currentRequestId } from '../log/context';

/**
 * Who acted: a staff account, a partner acting on their own scope (connecting their channel), or a script
 * holding the admin token.
 */
export type AuditActor = { kind: 'staff' | 'partner'; userId: number; email: string } | { kind: 'token' };

export interface AuditEntry {
  actor: AuditActor;
  /** A dotted verb: 'user.invite', 'user.deactivate', 'grant.add', 'network.public_figures', … */
  action: string;
  /** What was acted on, as a person reads it: an e-mail, a network slug, a channel id. */
  target: string;
  /** The action's settings; never secrets or tokens. */
  detail?: Record<string, unknown>;
  /** Defaults to the id of the request under way (src/server/log/context.ts). */
  requestId?: string;
  at: number;
}

/** The actor column as the console shows it. */
export const actorLabel = (actor: AuditActor): string => (actor.kind === 'token' ? 'token' : actor.email);

/**
 * The INSERT of one audit row, to run alone or in the batch that makes the change.
 * @example await db.batch([...changes, auditStatement(db, { actor, action: 'user.deactivate', target: email, at })])
 */
export function auditStatement(db: D1Database, entry: AuditEntry, when: 'always' | 'after-change' = 'always'): D1PreparedStatement {
  // 'after-change': only when the batch's statement just before changed a row (a guarded write that may
  // find its condition gone), so the log never records what did not happen.
  const condition = when === 'after-change' ? ' WHERE changes() > 0' : '';
  return statement(
    db,
    raw(
      `INSERT INTO audit_log (at, actor, actor_user_id, action, target, detail, request_id) SELECT ?, ?, ?, ?, ?, ?, ?${condition}`,
      entry.at,
      actorLabel(entry.actor),
      entry.actor.kind === 'token' ? null : entry.actor.userId,
      entry.action,
      entry.target,
      JSON.stringify(entry.detail ?? {}),
      entry.requestId ?? currentRequestId() ?? '',
    ),
  );
}

/** Records one action on its own. */
export async function recordAudit(db: D1Database, entry: AuditEntry): Promise<void> {
  await auditStatement(db, entry).run();
}
