// Folds title x country and title x audience days older than YouTube's backfill window into their months,
// in bounded, resumable steps (docs/data-model.md, "Title folds (0027)").
import { MS_PER_SECOND } from '../../../lib/dates/time';
import { all } from '../../db/query';
import { raw } from '../../db/sql';
import { CHECK_MONTH, CLEAR_CHECK, deleteDaysSql, FOLDED_GRAINS, LATEST_DAY, MARK_FOLDED, NEXT_MONTHS } from './title-fold-sql';
import { lastFoldableMonth, TITLE_FOLD_WINDOW_DAYS } from './title-fold-window';

/**
 * Daily rows one delete removes at most (plus the rest of its last day): a month of a content owner's
 * channel is ~17,000 rows of the two grains (docs/scale.md), so most months go in one statement each.
 */
export const TITLE_FOLD_ROWS_PER_STATEMENT = 50_000;
/**
 * Steps (a month's check, or one bounded delete of its days) one scheduled run takes at most. A store
 * of 1,000 channels has ~1,000 months a month to fold; 24 runs a day take 960 steps, so a backlog of
 * years of such a store (36,000 months) is caught up in about six weeks, without any run being long.
 */
export const TITLE_FOLD_STEPS_PER_RUN = 40;

export interface TitleFoldOptions {
  /** Unix seconds, recorded on each folded month. */
  now?: number;
  steps?: number;
  rowsPerStatement?: number;
  windowDays?: number;
}

export interface TitleFoldResult {
  /** The last month that may be folded, or null when the database has no facts. */
  through: string | null;
  /** Months newly folded (their rollups checked and their fold recorded). */
  folded: number;
  /** Daily rows deleted. */
  deleted: number;
  steps: number;
  /** Months left with their days because their rollup does not hold them: [channel id, month]. */
  refused: Array<[number, string]>;
  /** True when nothing is left to fold up to `through`: until the data moves on, a run does nothing. */
  done: boolean;
}

interface NextMonth {
  channelId: number;
  month: string;
  folded: number;
}

/** Deletes up to the row budget of a folded month's days from both grains; returns the rows deleted. */
async function deleteSome(db: D1Database, next: NextMonth, rows: number): Promise<number> {
  const results = await db.batch(FOLDED_GRAINS.map((grain) => db.prepare(deleteDaysSql(grain)).bind(next.channelId, next.month, rows)));
  return results.reduce((sum, r) => sum + (r.meta.changes ?? 0), 0);
}

/**
 * Records a month as folded in one batch whose CHECK fails unless its monthly rollups hold every one
 * of its days exactly (and no load left it pending); false when refused.
 */
async function markFolded(db: D1Database, next: NextMonth, now: number): Promise<boolean> {
  try {
    await db.batch([
      db.prepare(CHECK_MONTH).bind(next.channelId, next.month),
      db.prepare(MARK_FOLDED).bind(next.channelId, next.month, now),
      db.prepare(CLEAR_CHECK).bind(next.channelId),
    ]);
    return true;
  } catch (error) {
    if (String(error).includes('CHECK constraint failed')) return false;
    throw error;
  }
}

/**
 * Folds, in one database (the shared D1 or a network's store), the title days of months that lie wholly
 * before the window ending on its latest fact day: a month is first recorded as folded once its monthly
 * rows are checked to hold its days, then its days are deleted a bounded statement at a time. Running it
 * again resumes where it stopped; once done it does nothing until the latest fact day moves on.
 * @example const { folded, deleted } = await foldTitleDays(env.DB)
 */
export async function foldTitleDays(db: D1Database, options: TitleFoldOptions = {}): Promise<TitleFoldResult> {
  const budget = options.steps ?? TITLE_FOLD_STEPS_PER_RUN;
  const rows = options.rowsPerStatement ?? TITLE_FOLD_ROWS_PER_STATEMENT;
  const now = options.now ?? Math.floor(Date.now() / MS_PER_SECOND);
  const [latest] = await all<{ day: string | null }>(db, raw(LATEST_DAY));
  const result: TitleFoldResult = { through: null, folded: 0, deleted: 0, steps: 0, refused: [], done: true };
  if (!latest?.day) return result;
  result.through = lastFoldableMonth(latest.day, options.windowDays ?? TITLE_FOLD_WINDOW_DAYS);
  const refused = new Set<number>();
  while (result.steps < budget) {
    const page = await all<NextMonth>(db, raw(NEXT_MONTHS, result.through, budget - result.steps + refused.size));
    const open = page.filter((next) => !refused.has(next.channelId));
    if (open.length === 0) {
      result.done = result.refused.length === 0;
      return result;
    }
    for (const next of open) {
      if (result.steps >= budget) break;
      result.steps += 1;
      if (next.folded) {
        result.deleted += await deleteSome(db, next, rows);
      } else if (await markFolded(db, next, now)) {
        result.folded += 1;
      } else {
        // Its days stay until a refresh or rebuild makes the month hold them; the next run checks again.
        refused.add(next.channelId);
        result.refused.push([next.channelId, next.month]);
      }
    }
  }
  result.done = false;
  return result;
}
