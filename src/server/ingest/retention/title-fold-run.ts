// The hourly run's title fold: every database that holds partner facts (the shared D1, and split the
// network stores), each a bounded step, a failure logged and left for the next run.
import type { Bindings } from '../../env';
import { importTarget } from '../import-target';
import { databasesOf } from '../run-import';
import { errorText, syncInfo, syncWarn } from '../sync/log';
import { foldTitleDays, TITLE_FOLD_STEPS_PER_RUN } from './title-fold';

/**
 * Folds old title days in each database in turn, sharing one run's step budget (a split install's
 * stores one after another, so a run stays as short as on one database). Never throws: a run cut off
 * or failing resumes where it stopped.
 * @example await foldTitleRetention(env, nowSeconds)
 */
export async function foldTitleRetention(env: Bindings, now: number): Promise<void> {
  try {
    let steps = TITLE_FOLD_STEPS_PER_RUN;
    for (const db of await databasesOf(importTarget(env))) {
      if (steps <= 0) return;
      const run = await foldTitleDays(db, { now, steps });
      steps -= run.steps;
      if (run.folded > 0 || run.deleted > 0) {
        const where = run.done ? 'up to date' : 'goes on next run';
        syncInfo(`title fold: ${run.folded} months folded through ${run.through}, ${run.deleted} daily rows removed (${where})`);
      }
      for (const [channel, month] of run.refused) {
        syncWarn(
          `title fold: channel ${channel} ${month} keeps its days: its monthly title rows do not hold them; npm run admin -- rollups --rebuild refills title x country months, re-applying the month's demographics files (npm run import -- --reapply) the audience ones; the next run checks again`,
        );
      }
    }
  } catch (error) {
    syncWarn(`title fold: failed, the next run tries again: ${errorText(error)}`);
  }
}
