// Accounts in the operator console: the list with search and paging, flags, deactivation, sessions and
// deletion, each change written in one batch with its audit row.
import type { ConsoleDeleteAnswer, ConsolePage, ConsoleUser, ConsoleUserAnswer, ConsoleUserFlags } from '../../lib/api/console';
import { type AuditActor, auditStatement } from '../audit/audit-log';
import { endUserSessionsStatement } from '../auth/session';
import { all, first, statement } from '../db/query';
import { raw } from '../db/sql';
import { conflict, notFound } from '../http/errors';
import { accountFlagsStatement } from '../users/flags';
import { likeAnywhere, type ListQuery, pageWindow, toPage } from './paging';

interface UserRow {
  id: number;
  email: string;
  user_name: string;
  is_active: number;
  has_password: number;
  show_title: number;
  only_inhouse_channels: number;
  show_analytics: number;
  support: number;
  staff: number;
  created_at: number;
  sessions: number;
  grants: number;
}

const USER_COLUMNS = `u.id, u.email, u.user_name, u.is_active, u.password_hash IS NOT NULL AS has_password, u.show_title,
  u.only_inhouse_channels, u.show_analytics, u.support, u.staff, u.created_at,
  (SELECT count(*) FROM sessions s WHERE s.user_id = u.id AND s.expires_at > ?1) AS sessions,
  (SELECT count(*) FROM channel_grants g WHERE g.user_id = u.id) + (SELECT count(*) FROM network_grants g WHERE g.user_id = u.id) AS grants`;

function toConsoleUser(row: UserRow): ConsoleUser {
  return {
    id: row.id,
    email: row.email,
    user_name: row.user_name,
    is_active: row.is_active === 1,
    has_password: row.has_password === 1,
    show_title: row.show_title === 1,
    only_inhouse_channels: row.only_inhouse_channels === 1,
    show_analytics: row.show_analytics === 1,
    support: row.support === 1,
    staff: row.staff === 1,
    created_at: row.created_at,
    sessions: row.sessions,
    grants: row.grants,
  };
}

/**
 * Accounts whose e-mail or name contains `q`, in the order they were created, one page at a time.
 * @example const { rows, more } = await listUsers(env.DB, { q: 'pat', page: 1 }, nowSeconds())
 */
export async function listUsers(db: D1Database, query: ListQuery, now: number): Promise<ConsolePage<ConsoleUser>> {
  const { limit, offset } = pageWindow(query.page);
  const rows = await all<UserRow>(
    db,
    raw(
      `SELECT ${USER_COLUMNS} FROM users u
       WHERE ?2 = '' OR u.email LIKE ?3 ESCAPE '\\' OR u.user_name LIKE ?3 ESCAPE '\\'
       ORDER BY u.id LIMIT ?4 OFFSET ?5`,
      now,
      query.q,
      likeAnywhere(query.q),
      limit,
      offset,
    ),
    'sql',
  );
  return toPage(rows.map(toConsoleUser), query.page);
}

/** One account, or 404. */
export async function getConsoleUser(db: D1Database, id: number, now: number): Promise<ConsoleUser> {
  const row = await first<UserRow>(db, raw(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = ?2`, now, id), 'sql');
  if (!row) throw notFound(`No account ${id}: it may have been deleted; reload the list.`);
  return toConsoleUser(row);
}

const isSelf = (actor: AuditActor, id: number) => actor.kind === 'staff' && actor.userId === id;

/**
 * Sets the five flags of an account. Staff cannot take their own staff flag away (another staff
 * account must), so the console always keeps the operator who is using it.
 */
export async function setConsoleFlags(
  db: D1Database,
  actor: AuditActor,
  id: number,
  flags: ConsoleUserFlags,
  now: number,
): Promise<ConsoleUserAnswer> {
  const user = await getConsoleUser(db, id, now);
  if (isSelf(actor, id) && !flags.staff) throw conflict('You cannot take away your own staff flag: ask another staff account.');
  await db.batch([
    accountFlagsStatement(db, id, {
      showTitle: flags.show_title,
      onlyInhouseChannels: flags.only_inhouse_channels,
      showAnalytics: flags.show_analytics,
      support: flags.support,
      staff: flags.staff,
    }),
    auditStatement(db, { actor, action: 'user.flags', target: user.email, detail: { ...flags }, at: now }),
  ]);
  return { user: await getConsoleUser(db, id, now), sessions_ended: 0 };
}

/**
 * Deactivates an account (no sign-in, every session ended at once) or reactivates it. Staff cannot
 * deactivate themselves.
 */
export async function setActive(db: D1Database, actor: AuditActor, id: number, active: boolean, now: number): Promise<ConsoleUserAnswer> {
  const user = await getConsoleUser(db, id, now);
  if (isSelf(actor, id) && !active) throw conflict('You cannot deactivate your own account: ask another staff account.');
  const results = await db.batch([
    statement(db, raw('UPDATE users SET is_active = ? WHERE id = ?', Number(active), id)),
    // Reactivating opens no session; deactivating ends them in the same batch, so none outlives it.
    statement(db, raw('DELETE FROM sessions WHERE user_id = ? AND ? = 0', id, Number(active))),
    auditStatement(db, { actor, action: active ? 'user.reactivate' : 'user.deactivate', target: user.email, at: now }),
  ]);
  return { user: await getConsoleUser(db, id, now), sessions_ended: results[1]?.meta.changes ?? 0 };
}

/** Ends every session of an account (it signs in again); the account stays active. */
export async function endSessions(db: D1Database, actor: AuditActor, id: number, now: number): Promise<ConsoleUserAnswer> {
  const user = await getConsoleUser(db, id, now);
  const results = await db.batch([
    endUserSessionsStatement(db, id),
    auditStatement(db, { actor, action: 'user.end_sessions', target: user.email, at: now }),
  ]);
  const ended = results[0]?.meta.changes ?? 0;
  return { user: await getConsoleUser(db, id, now), sessions_ended: ended };
}

/**
 * Deletes an account for good. With it go its sessions, sign-in links, grants, manager links and
 * known browsers; networks it owned stay without an owner, its support tickets and replies stay
 * without their account, and the audit log keeps its rows. Refused for yourself and for the last
 * staff account.
 */
export async function deleteUser(db: D1Database, actor: AuditActor, id: number, now: number): Promise<ConsoleDeleteAnswer> {
  if (isSelf(actor, id)) throw conflict('You cannot delete your own account: ask another staff account.');
  const user = await getConsoleUser(db, id, now);
  const counts = await first<{ staff: number; owned: number }>(
    db,
    raw(
      `SELECT (SELECT count(*) FROM users WHERE staff = 1 AND is_active = 1 AND id <> ?1) AS staff,
              (SELECT count(*) FROM networks WHERE owner_user_id = ?1) AS owned`,
      id,
    ),
  );
  if (user.staff && (counts?.staff ?? 0) === 0) throw conflict(`${user.email} is the last active staff account: make another one first.`);
  const answer: ConsoleDeleteAnswer = {
    email: user.email,
    sessions: user.sessions,
    grants: user.grants,
    networks_unowned: counts?.owned ?? 0,
  };
  // The foreign keys remove (or unlink) everything else in the same statement.
  await db.batch([
    statement(db, raw('DELETE FROM users WHERE id = ?', id)),
    auditStatement(db, {
      actor,
      action: 'user.delete',
      target: user.email,
      detail: { sessions: answer.sessions, grants: answer.grants, networks_unowned: answer.networks_unowned },
      at: now,
    }),
  ]);
  return answer;
}
