// Small named values of the sync in D1 (sync_state): messages said once, daily marks, rotations.
import { first, run } from '../../db/query';
import { raw } from '../../db/sql';

/** The stored value of a key, or null. */
export async function getState(db: D1Database, key: string): Promise<string | null> {
  const row = await first<{ value: string }>(db, raw('SELECT value FROM sync_state WHERE key = ?', key));
  return row?.value ?? null;
}

/** Sets a key's value. */
export async function setState(db: D1Database, key: string, value: string, now: number): Promise<void> {
  await run(
    db,
    raw(
      `INSERT INTO sync_state (key, value, updated_at) VALUES (?1, ?2, ?3)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
      key,
      value,
      now,
    ),
  );
}

/** Forgets a key (a notice may be said again once its cause came back). */
export async function clearState(db: D1Database, key: string): Promise<void> {
  await run(db, raw('DELETE FROM sync_state WHERE key = ?', key));
}

/**
 * True the first time it is called for a key, false ever after: the insert is the check, so two
 * overlapping runs cannot both say the same thing.
 * @example if (await firstTime(db, 'notice:no-credentials', now)) syncInfo('...')
 */
export async function firstTime(db: D1Database, key: string, now: number): Promise<boolean> {
  const changed = await run(
    db,
    raw('INSERT INTO sync_state (key, value, updated_at) VALUES (?1, ?2, ?3) ON CONFLICT (key) DO NOTHING', key, String(now), now),
  );
  return changed === 1;
}
