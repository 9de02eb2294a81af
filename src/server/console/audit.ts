// The audit log as the console reads it: newest first, one page at a time, filtered by action or actor.
import * as z from 'zod';
import type { ConsoleAuditEntry, ConsolePage } from '../../lib/api/console';
import { all } from '../db/query';
import { raw } from '../db/sql';
import { pageNumber, pageWindow, searchText, toPage } from './paging';

export const auditQuerySchema = z.object({
  /** An action ('user.deactivate') or its first part ('user' matches every user.* action). */
  action: searchText,
  /** A staff e-mail, or 'token' for the admin API. */
  actor: searchText,
  page: pageNumber,
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/**
 * A page of the audit log, newest first.
 * @example const { rows } = await listAudit(env.DB, { action: 'user', actor: '', page: 1 })
 */
export async function listAudit(db: D1Database, query: AuditQuery): Promise<ConsolePage<ConsoleAuditEntry>> {
  const { limit, offset } = pageWindow(query.page);
  const rows = await all<ConsoleAuditEntry>(
    db,
    raw(
      `SELECT id, at, actor, action, target, detail FROM audit_log
       WHERE (?1 = '' OR action = ?1 OR substr(action, 1, length(?1) + 1) = ?1 || '.')
         AND (?2 = '' OR actor = ?2 COLLATE NOCASE)
       ORDER BY at DESC, id DESC LIMIT ?3 OFFSET ?4`,
      query.action,
      query.actor,
      limit,
      offset,
    ),
    'sql',
  );
  return toPage(rows, query.page);
}
