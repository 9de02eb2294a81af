// The sync's log lines. On Workers console output is the worker's log (wrangler tail, Workers
// Logs), so info and warn are how a scheduled run reports; every line starts with "sync:".

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
