// How long daily public snapshots are kept: the window's bounds and its first day.
import { addDays } from '../../../lib/dates/time';
import { first } from '../../db/query';
import { raw } from '../../db/sql';

/** Default days of daily snapshots kept (PUBLIC_SNAPSHOT_DAYS). */
export const SNAPSHOT_DAYS_DEFAULT = 400;
/**
 * The shortest window: 'now' reads the 30 days to the latest snapshot and its base 30 days earlier,
 * and the previous 'now' (rank changes, the channel page's "vs previous 30 days") 30 days before that.
 */
export const SNAPSHOT_DAYS_MIN = 90;
/** The longest window (ten years): keeps the setting a number D1 and date arithmetic handle. */
export const SNAPSHOT_DAYS_MAX = 3660;

/**
 * The first day of a window of `days` days that ends on the latest snapshot day.
 * @example windowStart('2026-11-22', 200) // '2026-05-07'
 */
export function windowStart(latestDay: string, days: number): string {
  return addDays(latestDay, -(days - 1));
}

/**
 * The latest snapshot day the rollups know (channel_now's, an index seek), or null before any.
 * The window follows the data rather than the clock, so a sync that stalls never eats the days the
 * pages still show as the last 30.
 * @example const latest = await getLatestSnapshotDay(env.DB)
 */
export async function getLatestSnapshotDay(db: D1Database): Promise<string | null> {
  const row = await first<{ day: string | null }>(db, raw('SELECT max(day) AS day FROM channel_now'));
  return row?.day ?? null;
}

/**
 * The first day of the daily window now, or null when nothing is rolled up yet (then nothing is pruned).
 * @example const from = await getWindowStart(env.DB, 400)
 */
export async function getWindowStart(db: D1Database, days: number): Promise<string | null> {
  const latest = await getLatestSnapshotDay(db);
  return latest ? windowStart(latest, days) : null;
}
