// Prunes daily public snapshots past the window in bounded, resumable passes; the monthly history stays.
import { monthOf, monthStart } from '../../../lib/dates/time';
import { getState, setState } from '../sync/state';
import { getLatestSnapshotDay, windowStart } from './window';

/** Rows one DELETE removes at most: a statement stays far inside D1's 30 s. */
export const PRUNE_ROWS_PER_STATEMENT = 1000;
/**
 * Statements one scheduled run sends at most: 24 runs a day remove up to 480,000 rows, about five
 * times the one row per channel and day that leaves the window at 100,000 channels.
 */
export const PRUNE_STATEMENTS_PER_RUN = 20;
/**
 * Statements one call by hand may ask for (`npm run admin -- retention --statements N`), to catch up
 * after the window was shortened: a few seconds per call. With 400, a call under wrangler dev on the
 * large copy was cut off ("worker restarted mid-request") on the shared 2-core machine.
 */
export const PRUNE_STATEMENTS_BY_HAND_MAX = 100;
/** Where a pass stands (sync_state). */
export const PRUNE_STATE_KEY = 'retention:snapshots';
/** Before any pass every day is a candidate. */
const FIRST_DAY = '0000-01-01';

/**
 * One pass walks the channels in id order and removes their candidate days in [floor, cutoff):
 * cutoff is the window's first day when the pass began, floor the first day of the previous pass's
 * cutoff month (days before it were settled by earlier passes). channel is where the next statement
 * starts; done says the pass reached the last channel.
 */
interface PassState {
  cutoff: string;
  floor: string;
  channel: number;
  done: boolean;
}

/**
 * A snapshot goes only when every reader can do without it:
 * - its month is rolled up: the channel's history row of that month holds the counters of the
 *   month's last snapshot (a month the rollups never derived, such as the first one tracked, stays);
 * - it is not its month's last snapshot (the monthly history and every month after it grow from those);
 * - a later snapshot before the cutoff exists (the latest one before the window is the base of the
 *   window's first daily change).
 * Channels are walked by rowid with a primary-key range per channel, in (channel, day) order, so the
 * LIMIT stops the walk early and the next statement resumes at the last channel touched. CROSS JOIN
 * keeps channels outside: with a plain JOIN SQLite 3.40 scanned every snapshot from the cursor on and
 * sorted them all before the LIMIT.
 */
const PRUNE_SQL = `DELETE FROM channel_snapshots WHERE (channel_id, day) IN (
  SELECT s.channel_id, s.day
  FROM channels AS c
  CROSS JOIN channel_snapshots AS s ON s.channel_id = c.id AND s.day >= ?2 AND s.day < ?3
  JOIN channel_history_monthly AS h ON h.channel_id = s.channel_id AND h.month = substr(s.day, 1, 7)
  JOIN channel_snapshots AS e ON e.channel_id = s.channel_id AND e.day = (
    SELECT max(m.day) FROM channel_snapshots AS m
    WHERE m.channel_id = s.channel_id AND m.day > s.day AND m.day <= substr(s.day, 1, 7) || '-31')
  WHERE c.id >= ?1
    AND h.subscriber_count = e.subscriber_count AND h.view_count = e.view_count AND h.video_count = e.video_count
    AND EXISTS (SELECT 1 FROM channel_snapshots AS n WHERE n.channel_id = s.channel_id AND n.day > s.day AND n.day < ?3)
  ORDER BY c.id, s.day
  LIMIT ?4)
RETURNING channel_id`;

export interface PruneOptions {
  /** Days of daily snapshots kept (PUBLIC_SNAPSHOT_DAYS). */
  windowDays: number;
  /** Unix seconds, stored with the pass state. */
  now: number;
  rowsPerStatement?: number;
  statements?: number;
  /** Forget earlier passes and look at every day again (after a rebuild caught up stale months). */
  fromStart?: boolean;
}

export interface PruneResult {
  /** The window's first day, or null when nothing is rolled up yet. */
  windowStart: string | null;
  /** The running pass's cutoff (days before it may go), or null when there was nothing to do. */
  cutoff: string | null;
  deleted: number;
  statements: number;
  /** True when the pass reached the last channel: until the window moves, a run has nothing to do. */
  passDone: boolean;
}

function readState(value: string | null): PassState | null {
  if (!value) return null;
  const parsed = JSON.parse(value) as Partial<PassState>;
  const valid =
    typeof parsed.cutoff === 'string' &&
    typeof parsed.floor === 'string' &&
    typeof parsed.channel === 'number' &&
    typeof parsed.done === 'boolean';
  // A state this code cannot read starts a pass from the beginning: slower once, never wrong.
  return valid ? (parsed as PassState) : null;
}

/** The pass to continue, a new one when the window moved past the last, or null when all is done. */
function nextPass(state: PassState | null, start: string): PassState | null {
  if (!state) return { cutoff: start, floor: FIRST_DAY, channel: 0, done: false };
  if (!state.done) return { ...state, cutoff: state.cutoff < start ? state.cutoff : start };
  if (state.cutoff >= start) return null;
  return { cutoff: start, floor: monthStart(monthOf(state.cutoff)), channel: 0, done: false };
}

/**
 * Removes up to statements × rowsPerStatement daily snapshots older than the window that no reader
 * needs, resuming the pass an earlier run left; running it again when the pass is done does nothing.
 * @example const { deleted } = await pruneSnapshots(env.DB, { windowDays: 400, now: nowSeconds() })
 */
export async function pruneSnapshots(db: D1Database, options: PruneOptions): Promise<PruneResult> {
  const rows = options.rowsPerStatement ?? PRUNE_ROWS_PER_STATEMENT;
  const limit = options.statements ?? PRUNE_STATEMENTS_PER_RUN;
  const latest = await getLatestSnapshotDay(db);
  if (!latest) return { windowStart: null, cutoff: null, deleted: 0, statements: 0, passDone: true };
  const start = windowStart(latest, options.windowDays);
  const previous = options.fromStart ? null : readState(await getState(db, PRUNE_STATE_KEY));
  const pass = nextPass(previous, start);
  if (!pass) return { windowStart: start, cutoff: null, deleted: 0, statements: 0, passDone: true };
  let deleted = 0;
  let statements = 0;
  while (statements < limit && !pass.done) {
    const { results } = await db.prepare(PRUNE_SQL).bind(pass.channel, pass.floor, pass.cutoff, rows).all<{ channel_id: number }>();
    statements += 1;
    deleted += results.length;
    pass.channel = results.reduce((last, row) => Math.max(last, row.channel_id), pass.channel);
    pass.done = results.length < rows;
    // Saved after every statement: a run cut off mid-way resumes here, and repeating a statement is harmless.
    await setState(db, PRUNE_STATE_KEY, JSON.stringify(pass), options.now);
  }
  return { windowStart: start, cutoff: pass.cutoff, deleted, statements, passDone: pass.done };
}
