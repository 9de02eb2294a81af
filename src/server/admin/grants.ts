// SQL for access grants: which channels or whole networks a user may see.
import { first, run } from '../db/query';
import { raw } from '../db/sql';
import { notFound } from '../errors';
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

/** Grants the target; returns false when the user already had it. */
export async function grant(db: D1Database, userId: number, target: GrantTarget, now: number): Promise<boolean> {
  const { table, column } = TABLES[target.kind];
  const changes = await run(
    db,
    raw(`INSERT INTO ${table} (user_id, ${column}, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`, userId, target.id, now),
  );
  return changes > 0;
}

/** Revokes the target; returns false when the user did not have it. */
export async function revoke(db: D1Database, userId: number, target: GrantTarget): Promise<boolean> {
  const { table, column } = TABLES[target.kind];
  return (await run(db, raw(`DELETE FROM ${table} WHERE user_id = ? AND ${column} = ?`, userId, target.id))) > 0;
}
