// The counters line each load instance logs at its end: a day's report load ('report_load.done') and an
// operator's load ('operator_load.done'), with the files by outcome and the rows they brought.
import type { ReportRecord } from '../sync/report-records';
import type { OperatorLoadOutput } from '../archive/operator-load';
import { log } from '../../log/log';

/** How many of each status, for a line's `files` field. */
function byStatus(items: ReadonlyArray<{ status: string }>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[item.status] = (counts[item.status] ?? 0) + 1;
  return counts;
}

const rowsOf = (items: ReadonlyArray<{ rows: number }>) => items.reduce((sum, item) => sum + item.rows, 0);

/** A day's report load: its scope and day, its reports by outcome, the rows loaded. */
export function reportLoadCounts(scope: string, day: string, records: readonly ReportRecord[], durationMs: number) {
  const files = byStatus(records);
  return {
    scope,
    day,
    reports: records.length,
    files,
    failed: (files.failed ?? 0) + (files.rejected ?? 0),
    rows: rowsOf(records),
    duration_ms: durationMs,
  };
}

/** An operator's load: its kind, its files by the importer's verdict, rows, rollups and days it changed. */
export function operatorLoadCounts(output: OperatorLoadOutput, durationMs: number) {
  const files = byStatus(output.files);
  return {
    kind: output.kind,
    dry_run: output.dryRun,
    reports: output.files.length,
    files,
    failed: files.rejected ?? 0,
    rows: rowsOf(output.files),
    rollup_buckets: output.rollupBuckets,
    changed_days: output.changedDays,
    duration_ms: durationMs,
  };
}

/**
 * Logs a load instance's counters line under the instance's id, named here as well as by the instance's
 * log context, so the line that sums the instance up carries it whoever calls. The duration runs from the
 * instance's creation (the engine replays run() from the start after a restart, so a start inside run()
 * would only time the last part).
 * @example logLoadDone('report_load.done', event.instanceId, reportLoadCounts(scope.key, day, records, ms))
 */
export function logLoadDone(
  event: 'report_load.done' | 'operator_load.done',
  runId: string,
  counts: { reports: number; failed: number },
): void {
  const fields = { message: `${counts.reports} report files, ${counts.failed} failed`, run_id: runId, ...counts };
  if (counts.failed > 0) log.warn(event, fields);
  else log.info(event, fields);
}
