// SQL and answer shape for the profile calls: the user's own fields and their managers.
import type { ManagerAnswer, ProfileAnswer } from '../../lib/api/account';
import type { SessionUser } from '../auth/session-user';
import { all, first, run } from '../db/query';
import { raw } from '../db/sql';
import { SESSION_USER_COLUMNS, type SessionUserRow, toSessionUser } from './users';

/** A session user in the API's snake_case field names. */
export function toProfileAnswer(user: SessionUser): ProfileAnswer {
  return {
    user_name: user.userName,
    email: user.email,
    phone: user.phone,
    new_email: user.newEmail,
    show_title: user.showTitle,
    only_inhouse_channels: user.onlyInhouseChannels,
    show_analytics: user.showAnalytics,
    dashboard: user.dashboard,
  };
}

/** The user's current profile, read fresh (after an update). */
export async function getProfile(db: D1Database, userId: number): Promise<ProfileAnswer | null> {
  const row = await first<SessionUserRow>(db, raw(`SELECT ${SESSION_USER_COLUMNS} FROM users u WHERE u.id = ?`, userId));
  return row ? toProfileAnswer(toSessionUser(row)) : null;
}

/** Saves the fields the profile page edits inline; absent fields keep their value. */
export async function updateProfile(db: D1Database, userId: number, changes: { userName?: string; phone?: string }): Promise<void> {
  await run(
    db,
    raw(
      'UPDATE users SET user_name = coalesce(?, user_name), phone = coalesce(?, phone) WHERE id = ?',
      changes.userName ?? null,
      changes.phone ?? null,
      userId,
    ),
  );
}

/** The managers looking after a user, active ones first, then by name. */
export async function listManagers(db: D1Database, userId: number): Promise<ManagerAnswer[]> {
  const rows = await all<{ userId: number; isActive: number; userName: string; email: string; phone: string }>(
    db,
    raw(
      `SELECT m.manager_id AS user_id, m.is_active, u.user_name, u.email, u.phone
       FROM managers m JOIN users u ON u.id = m.manager_id
      WHERE m.user_id = ?
      ORDER BY m.is_active DESC, u.user_name, u.id`,
      userId,
    ),
  );
  return rows.map((r) => ({
    user_id: r.userId,
    is_active: r.isActive === 1,
    user_name: r.userName,
    email: r.email,
    phone: r.phone,
  }));
}
