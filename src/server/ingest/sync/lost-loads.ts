// Load instances that will never record their reports: ended without recording them (errored, terminated),
// unknown to the engine, or silent past REPORT_LOAD_STALE_SECONDS (6 hours). The hourly run records their reports failed,
// saying why, so the same run starts them again (docs/sync.md, "Loading").
import { all, run } from '../../db/query';
import { raw } from '../../db/sql';
import { errorText, syncWarn } from './log';
import { LOADING_STALE_SECONDS, MAX_REPORT_ATTEMPTS } from './report-records';

/** Statuses of an instance that has stopped for good: whatever it did not record, it never will. */
const ENDED: ReadonlySet<InstanceStatus['status']> = new Set(['errored', 'terminated', 'complete']);
const SECONDS_PER_HOUR = 3_600;

// Only rows still loading under that instance: one that recorded since it was read keeps its outcome. The
// attempt was counted when the report was marked loading; the last one gives the report up, as a failure does.
const LOST_SQL = `
UPDATE sync_reports SET
  status = CASE WHEN attempts >= ${MAX_REPORT_ATTEMPTS} THEN 'rejected' ELSE 'failed' END,
  reason = CASE WHEN attempts >= ${MAX_REPORT_ATTEMPTS} THEN 'gave up after ${MAX_REPORT_ATTEMPTS} attempts: ' || ?2 ELSE ?2 END,
  handled_at = ?3
WHERE load_instance = ?1 AND status = 'loading'`;

/** The engine's word on an instance, or null when it has none (the instance is not known to it). */
async function statusOf(loads: Workflow, id: string): Promise<InstanceStatus | null> {
  let instance: WorkflowInstance;
  try {
    instance = await loads.get(id);
  } catch (error) {
    if (/not.?found/i.test(errorText(error))) return null;
    throw error;
  }
  return instance.status();
}

/** Why an instance will not record its reports, or null while it may still do so. */
export function lostReason(
  id: string,
  status: InstanceStatus | null,
  startedAt: number,
  now: number,
  staleSeconds = LOADING_STALE_SECONDS,
): string | null {
  if (status === null) return `the load instance ${id} is unknown to the Workflows engine`;
  if (ENDED.has(status.status)) {
    const error = status.error ? `: ${status.error.message}` : '';
    return `the load instance ${id} ended ${status.status} without recording its reports${error}`;
  }
  // Running as far as the engine says, yet silent for hours: a local engine whose process was killed
  // reports its instances running forever, and nothing resumes them.
  if (startedAt <= now - staleSeconds) {
    const after = staleSeconds % SECONDS_PER_HOUR === 0 ? `${staleSeconds / SECONDS_PER_HOUR} hours` : `${staleSeconds} s`;
    return `the load instance ${id} had not recorded its reports ${after} after it started (the engine says ${status.status})`;
  }
  return null;
}

/**
 * Records failed the reports of every load instance that will not record them, with the reason; returns
 * how many instances were lost. An instance the engine cannot be asked about is left for the next run.
 * @example await settleLostLoads(ctx.db, ctx.loads, nowSeconds(ctx))
 */
export async function settleLostLoads(db: D1Database, loads: Workflow, now: number, staleSeconds = LOADING_STALE_SECONDS): Promise<number> {
  const instances = await all<{ instance: string; startedAt: number }>(
    db,
    raw(
      `SELECT load_instance AS instance, min(handled_at) AS started_at FROM sync_reports
       WHERE status = 'loading' AND load_instance IS NOT NULL GROUP BY load_instance`,
    ),
  );
  let lost = 0;
  for (const { instance, startedAt } of instances) {
    let reason: string | null;
    try {
      reason = lostReason(instance, await statusOf(loads, instance), startedAt, now, staleSeconds);
    } catch (error) {
      syncWarn(`reports: could not ask the engine about load ${instance}, the next run asks again: ${errorText(error)}`);
      continue;
    }
    if (reason === null) continue;
    await run(db, raw(LOST_SQL, instance, reason, now));
    syncWarn(`reports: ${reason}; its reports start again`);
    lost += 1;
  }
  return lost;
}
