// The scheduled run's one counters line: what it listed and stored, the Data API units it spent and how
// long it took, logged by the caller from what runSync answers (docs/observability.md).
import type { Bindings } from '../../env';
import { first } from '../../db/query';
import { raw } from '../../db/sql';
import { pacificDay } from '../../google/pacific-day';
import { log } from '../../log/log';
import { inLogContext } from '../../log/context';
import { runSync, type SyncResult } from './run';

/** The run's figures as the 'sync.run' line carries them. */
export interface SyncRunCounts {
  status: SyncResult['status'];
  failed_jobs: string[];
  /** Reports the run listed, by the status it recorded for them (loading, superseded, failed …). */
  reports: Record<string, number>;
  reports_listed: number;
  report_scopes: number;
  trend_positions: number;
  snapshots: number;
  live_stored: number;
  analytics_days: number;
  data_api_units: number;
  duration_ms: number;
}

/** Counts the run's results (pure: the units and the duration are measured by the caller). */
export function syncRunCounts(result: SyncResult, measured: { dataApiUnits: number; durationMs: number }): SyncRunCounts {
  const ran = result.status === 'ran' ? result : null;
  const records = ran?.results.reports?.records ?? [];
  const reports: Record<string, number> = {};
  for (const r of records) reports[r.status] = (reports[r.status] ?? 0) + 1;
  return {
    status: result.status,
    failed_jobs: ran ? [...ran.failed] : [],
    reports,
    reports_listed: records.length,
    report_scopes: ran?.results.reports?.scopes ?? 0,
    trend_positions: ran?.results.trends?.positions ?? 0,
    snapshots: ran?.results.snapshots?.snapshots ?? 0,
    live_stored: ran?.results.live?.stored ?? 0,
    analytics_days: ran?.results.analytics?.days ?? 0,
    data_api_units: measured.dataApiUnits,
    duration_ms: measured.durationMs,
  };
}

/** The Data API units of a Pacific day in the quota ledger, every caller's (src/server/google/quota.ts). */
async function unitsOfDay(db: D1Database, day: string): Promise<number> {
  const row = await first<{ total: number }>(db, raw('SELECT coalesce(sum(units), 0) AS total FROM sync_quota WHERE day = ?1', day));
  return row?.total ?? 0;
}

/**
 * A scheduled run's id: `sync-` and the time its Cron Trigger was scheduled for, which names the run in
 * the dashboard's list of cron events too (one run per scheduled time).
 * @example scheduledRunId(Date.parse('2026-03-01T12:05:00Z')) // 'sync-2026-03-01T12:05:00.000Z'
 */
export function scheduledRunId(scheduledTime: number): string {
  return `sync-${new Date(scheduledTime).toISOString()}`;
}

/**
 * The Cron Trigger's run (the worker's `scheduled`): the sync under its run id, which every line it
 * writes carries, however deep, its counters line included.
 * @example ctx.waitUntil(scheduledSync(env, controller.scheduledTime))
 */
export function scheduledSync(env: Bindings, scheduledTime: number): Promise<SyncResult | null> {
  return inLogContext({ run_id: scheduledRunId(scheduledTime) }, () => loggedSyncRun(env, scheduledTime));
}

/**
 * Runs the scheduled sync and logs its counters line at the end ('sync.run'), or its failure
 * ('sync.run_failed') when something fails before or between the jobs (D1 down); jobs log their own.
 * The units are the day's ledger before and after the run, so a public search answered meanwhile is
 * counted too (both draw on the one daily quota).
 * @example await inLogContext({ run_id: scheduledRunId(now) }, () => loggedSyncRun(env, now))
 */
export async function loggedSyncRun(env: Bindings, now: number, clock: () => number = Date.now): Promise<SyncResult | null> {
  const started = clock();
  const day = pacificDay(now);
  try {
    const before = await unitsOfDay(env.DB, day);
    const result = await runSync(env, { now });
    const dataApiUnits = (await unitsOfDay(env.DB, day)) - before;
    const counts = syncRunCounts(result, { dataApiUnits, durationMs: clock() - started });
    log.info('sync.run', { message: `sync run ${result.status}`, ...counts });
    return result;
  } catch (error) {
    log.error('sync.run_failed', error, { duration_ms: clock() - started });
    return null;
  }
}
