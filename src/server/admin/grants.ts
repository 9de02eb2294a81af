// SQL for access grants: which channels or whole networks a user may see.
import { first, statement } from '../db/query';
import { raw } from '../db/sql';
import { notFound } from '../http/errors';
import type { GrantTarget } from './targets';

const TABLES = {
  channel: { table: 'channel_grants', column: 'channel_id' },
  network: { table: 'network_grants', column: 'network_id' },
} as const;

/** The active user with this e-mail, or 404. */
export async function getUserIdByEmail(db: D1Database, email: string): Promise<number> {
  const user = await first<{ id: number }>(db, raw('SELECT id FROM users WHERE email = ?', email));
  if (!user) throw notFound(`No user with the e-mail ${email}: invite them first.`);
  return user.id;
}

/** The INSERT of a grant (no change when the user already has it), for a batch with its audit row. */
export function grantStatement(db: D1Database, userId: number, target: GrantTarget, now: number): D1PreparedStatement {
  const { table, column } = TABLES[target.kind];
  return statement(
    db,
    raw(`INSERT INTO ${table} (user_id, ${column}, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`, userId, target.id, now),
  );
}

/** The DELETE of a grant, for a batch with its audit row. */
export function revokeStatement(db: D1Database, userId: number, target: GrantTarget): D1PreparedStatement {
  const { table, column } = TABLES[target.kind];
  return statement(db, raw(`DELETE FROM ${table} WHERE user_id = ? AND ${column} = ?`, userId, target.id));
}

/** Grants the target; returns false when the user already had it. */
export async function grant(db: D1Database, userId: number, target: GrantTarget, now: number): Promise<boolean> {
  return (await grantStatement(db, userId, target, now).run()).meta.changes > 0;
}

/** Revokes the target; returns false when the user did not have it. */
export async function revoke(db: D1Database, userId: number, target: GrantTarget): Promise<boolean> {
  return (await revokeStatement(db, userId, target).run()).meta.changes > 0;
}
