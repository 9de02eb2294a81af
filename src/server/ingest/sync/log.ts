// The sync's log lines: structured lines (src/server/log) of event "sync", whose message says what a job
// did; they carry the run's id (a scheduled run's or a load instance's) like every line of the run.
import type { QuotaMeter } from '../../google/quota';
import { log } from '../../log/log';

/** The event of every sync progress and warning line. */
export const SYNC_EVENT = 'sync';

/** A progress line: what a job did, units spent, cursors moved. */
export function syncInfo(message: string): void {
  log.info(SYNC_EVENT, { message });
}

/** Something skipped or failed; the run goes on with the next job. */
export function syncWarn(message: string): void {
  log.warn(SYNC_EVENT, { message });
}

/** An error's message without a stack (stacks stay out of the log lines). */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Logs a job's units and the day's running total (the line operators watch); silent for a job that spent none. */
export async function reportQuota(quota: QuotaMeter, job: string): Promise<void> {
  if (quota.spent(job) === 0) return;
  const used = await quota.usedToday();
  syncInfo(`${job}: ${quota.spent(job)} Data API units this run; ${used} of ${quota.limit} used on ${quota.day} (Pacific)`);
}
