// The sync's log lines. On Workers console output is the worker's log (wrangler tail, Workers
// Logs), so info and warn are how a scheduled run reports; every line starts with "sync:".
import type { QuotaMeter } from '../../google/quota';

/** A progress line: what a job did, units spent, cursors moved. */
export function syncInfo(message: string): void {
  console.info(`sync: ${message}`);
}

/** Something skipped or failed; the run goes on with the next job. */
export function syncWarn(message: string): void {
  console.warn(`sync: ${message}`);
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
