// SQL for user accounts: sign-in lookups, password and e-mail changes, invited accounts.
import type { SessionUser } from '../auth/session-user';
import { first, run, statement } from '../db/query';
import { raw } from '../db/sql';

/** Columns that make a SessionUser, for queries that alias users as u. */
export const SESSION_USER_COLUMNS =
  'u.id, u.email, u.user_name, u.phone, u.new_email, u.show_title, u.only_inhouse_channels, u.show_analytics, u.dashboard, u.support, u.staff';

export interface SessionUserRow {
  id: number;
  email: string;
  userName: string;
  phone: string;
  newEmail: string | null;
  showTitle: number;
  onlyInhouseChannels: number;
  showAnalytics: number;
  dashboard: string | null;
  support: number;
  staff: number;
}

/** D1's 0/1 columns as booleans; an unknown dashboard value reads as none. */
export function toSessionUser(row: SessionUserRow): SessionUser {
  return {
    id: row.id,
    email: row.email,
    userName: row.userName,
    phone: row.phone,
    newEmail: row.newEmail,
    showTitle: row.showTitle === 1,
    onlyInhouseChannels: row.onlyInhouseChannels === 1,
    showAnalytics: row.showAnalytics === 1,
    dashboard: row.dashboard === 'analytics' ? 'analytics' : null,
    support: row.support === 1,
    staff: row.staff === 1,
  };
}

export interface LoginCandidate {
  id: number;
  passwordHash: string | null;
  newEmail: string | null;
}

/** The active account signing in with this e-mail (case-insensitive), or null. */
export function getLoginCandidate(db: D1Database, email: string): Promise<LoginCandidate | null> {
  return first<LoginCandidate>(db, raw('SELECT id, password_hash, new_email FROM users WHERE email = ? AND is_active = 1', email));
}

/** The active account with this e-mail, for links sent by address. */
export function getActiveUserByEmail(db: D1Database, email: string): Promise<{ id: number; email: string; userName: string } | null> {
  return first(db, raw('SELECT id, email, user_name FROM users WHERE email = ? AND is_active = 1', email));
}

/** The sign-in address of a user, or null. */
export async function getUserEmail(db: D1Database, userId: number): Promise<string | null> {
  const row = await first<{ email: string }>(db, raw('SELECT email FROM users WHERE id = ?', userId));
  return row?.email ?? null;
}

/** True when an account other than exceptUserId already signs in with this e-mail. */
export async function isEmailTaken(db: D1Database, email: string, exceptUserId: number): Promise<boolean> {
  const row = await first<{ id: number }>(db, raw('SELECT id FROM users WHERE email = ? AND id <> ?', email, exceptUserId));
  return row !== null;
}

/** Replaces a password hash (for batches that also end the user's sessions). */
export function setPasswordHashStatement(db: D1Database, userId: number, hash: string): D1PreparedStatement {
  return statement(db, raw('UPDATE users SET password_hash = ? WHERE id = ?', hash, userId));
}

/** Replaces a hash stored with older parameters, once sign-in has proved the password. */
export async function upgradePasswordHash(db: D1Database, userId: number, hash: string): Promise<void> {
  await run(db, raw('UPDATE users SET password_hash = ? WHERE id = ?', hash, userId));
}

/** Records the address waiting for confirmation (the profile's new_email). */
export function setNewEmailStatement(db: D1Database, userId: number, email: string): D1PreparedStatement {
  return statement(db, raw('UPDATE users SET new_email = ? WHERE id = ?', email, userId));
}

/** Makes a confirmed address the sign-in address and clears the pending one. */
export async function confirmNewEmail(db: D1Database, userId: number, email: string): Promise<void> {
  await run(db, raw('UPDATE users SET email = ?, new_email = NULL WHERE id = ?', email, userId));
}

/**
 * The account for an invited address: the existing one, or a new one without a password.
 * @example const { id } = await ensureInvitedUser(db, { email, userName, now })
 */
export async function ensureInvitedUser(
  db: D1Database,
  input: { email: string; userName: string; now: number },
): Promise<{ id: number; created: boolean }> {
  const inserted = await run(
    db,
    raw(
      'INSERT INTO users (email, user_name, created_at) VALUES (?, ?, ?) ON CONFLICT (email) DO NOTHING',
      input.email,
      input.userName,
      input.now,
    ),
  );
  const row = await first<{ id: number }>(db, raw('SELECT id FROM users WHERE email = ?', input.email));
  if (!row) throw new Error('invited user vanished after insert');
  return { id: row.id, created: inserted === 1 };
}
