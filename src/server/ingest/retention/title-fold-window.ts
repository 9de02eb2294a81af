// Which title days are old enough to fold into months: the window kept by day and its last folded month.
import { addDays, monthOf, monthStart } from '../../../lib/dates/time';

/**
 * Title x country and title x audience days are kept by day for this many days back from the latest
 * fact day. YouTube re-issues a report's days for up to 30 days (backfills) and deletes a report 60 days
 * after it generated it, so no report YouTube can still send names a day older than this; only a replay
 * from our own archive (docs/sync.md) or a file loaded by hand can.
 */
export const TITLE_FOLD_WINDOW_DAYS = 60;

/**
 * The last month all of whose days lie before the window that ends on the latest fact day: the window
 * follows the data, not the clock, so a sync that stalls never folds days YouTube may still re-issue.
 * @example lastFoldableMonth('2026-11-21') // '2026-08' (the window starts 2026-09-22)
 */
export function lastFoldableMonth(latestDay: string, windowDays = TITLE_FOLD_WINDOW_DAYS): string {
  const firstKept = addDays(latestDay, -windowDays);
  return monthOf(addDays(monthStart(monthOf(firstKept)), -1));
}
