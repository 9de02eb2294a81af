// The Reporting API pull's bookkeeping in D1: job cursors and every report file tried (sync_reports).
import { all, first, run, statement } from '../../db/query';
import { raw } from '../../db/sql';

/** A report whose download or load threw is retried on this many runs, then given up (rejected). */
export const MAX_REPORT_ATTEMPTS = 3;

export type ReportStatus = 'loaded' | 'replaced' | 'unchanged' | 'rejected' | 'superseded' | 'failed' | 'loading';

export interface ReportRecord {
  reportId: string;
  jobId: string;
  reportTypeId: string;
  day: string;
  createTime: string;
  downloadUrl: string;
  status: ReportStatus;
  reason: string | null;
  rows: number;
}

/** The job's createdAfter cursor, or null before its first report. */
export async function getCursor(db: D1Database, scope: string, jobId: string): Promise<string | null> {
  const row = await first<{ createdAfter: string }>(
    db,
    raw('SELECT created_after FROM sync_report_cursors WHERE scope = ?1 AND job_id = ?2', scope, jobId),
  );
  return row?.createdAfter ?? null;
}

export async function setCursor(
  db: D1Database,
  scope: string,
  jobId: string,
  reportTypeId: string,
  createdAfter: string,
  now: number,
): Promise<void> {
  await run(
    db,
    raw(
      `INSERT INTO sync_report_cursors (scope, job_id, report_type_id, created_after, updated_at) VALUES (?1, ?2, ?3, ?4, ?5)
     ON CONFLICT (scope, job_id) DO UPDATE SET created_after = excluded.created_after, updated_at = excluded.updated_at`,
      scope,
      jobId,
      reportTypeId,
      createdAfter,
      now,
    ),
  );
}

/**
 * A load instance that has not recorded its outcome this long after it was started is taken as lost (the
 * engine retries a step for minutes, not hours): its reports are started again.
 */
export const LOADING_STALE_SECONDS = 6 * 3_600;

/**
 * Ids among `ids` that are not to be started now: anything recorded except a failure with attempts left
 * or a load instance gone stale. With `settled`, reports still loading count as not finished (a cursor
 * must not pass them).
 */
export async function finishedReportIds(
  db: D1Database,
  ids: readonly string[],
  options: { now: number; settled?: boolean },
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await all<{ reportId: string }>(
    db,
    raw(
      `SELECT report_id FROM sync_reports WHERE report_id IN (SELECT value FROM json_each(?1)) AND status <> 'failed'
         AND (status <> 'loading' OR (?3 = 0 AND handled_at > ?2))`,
      JSON.stringify(ids),
      options.now - LOADING_STALE_SECONDS,
      options.settled ? 1 : 0,
    ),
  );
  return new Set(rows.map((r) => r.reportId));
}

// A failure adds an attempt; on the last one the report is rejected for good, with the last reason. A report
// handed to a load instance counted its attempt when it was marked loading (markLoading).
const ATTEMPTS_AFTER = `CASE WHEN sync_reports.status = 'loading' THEN sync_reports.attempts ELSE sync_reports.attempts + 1 END`;
const RECORD_SQL = `
INSERT INTO sync_reports (report_id, scope, job_id, report_type_id, day, create_time, download_url, status, reason, rows, attempts, handled_at)
SELECT j.value ->> 'reportId', ?2, j.value ->> 'jobId', j.value ->> 'reportTypeId', j.value ->> 'day', j.value ->> 'createTime',
       j.value ->> 'downloadUrl', j.value ->> 'status', j.value ->> 'reason', j.value ->> 'rows', 1, ?3
FROM json_each(?1) AS j
WHERE true
ON CONFLICT (report_id) DO UPDATE SET
  attempts = ${ATTEMPTS_AFTER},
  status = CASE WHEN excluded.status = 'failed' AND ${ATTEMPTS_AFTER} >= ${MAX_REPORT_ATTEMPTS} THEN 'rejected' ELSE excluded.status END,
  reason = CASE WHEN excluded.status = 'failed' AND ${ATTEMPTS_AFTER} >= ${MAX_REPORT_ATTEMPTS}
                THEN 'gave up after ${MAX_REPORT_ATTEMPTS} attempts: ' || excluded.reason ELSE excluded.reason END,
  rows = excluded.rows, download_url = excluded.download_url, handled_at = excluded.handled_at`;

// A report handed to a load instance: a new one at its first attempt, a retried one (it failed before) one more,
// keeping the reason of its last failure until this load records its own outcome (the status shows it).
const LOADING_SQL = `
INSERT INTO sync_reports (report_id, scope, job_id, report_type_id, day, create_time, download_url, status, rows, attempts, handled_at, load_instance)
SELECT j.value ->> 'reportId', ?2, j.value ->> 'jobId', j.value ->> 'reportTypeId', j.value ->> 'day', j.value ->> 'createTime',
       j.value ->> 'downloadUrl', 'loading', 0, 1, ?3, ?4
FROM json_each(?1) AS j
WHERE true
ON CONFLICT (report_id) DO UPDATE SET status = 'loading', attempts = sync_reports.attempts + 1,
  handled_at = excluded.handled_at, load_instance = excluded.load_instance`;

/** Marks reports handed to a load instance: the next runs neither start them again nor move a cursor past them. */
export async function markLoading(
  db: D1Database,
  scope: string,
  reports: readonly Omit<ReportRecord, 'status' | 'reason' | 'rows'>[],
  instance: string,
  now: number,
): Promise<void> {
  if (reports.length === 0) return;
  await db.batch([statement(db, raw(LOADING_SQL, JSON.stringify(reports), scope, now, instance))]);
}

/** Records what happened to report files, in one statement. */
export async function recordReports(db: D1Database, scope: string, records: readonly ReportRecord[], now: number): Promise<void> {
  if (records.length === 0) return;
  await db.batch([statement(db, raw(RECORD_SQL, JSON.stringify(records), scope, now))]);
}

export interface StoredReport {
  reportId: string;
  jobId: string;
  reportTypeId: string;
  createTime: string;
  downloadUrl: string;
}

/**
 * The latest loaded report of one of `reportTypeIds` for a day in a scope, as a report to fetch
 * again (reports stay downloadable for 60 days).
 */
export async function latestLoadedReport(
  db: D1Database,
  scope: string,
  day: string,
  reportTypeIds: readonly string[],
): Promise<StoredReport | null> {
  return first<StoredReport>(
    db,
    raw(
      `SELECT report_id, job_id, report_type_id, create_time, download_url FROM sync_reports
     WHERE scope = ?1 AND day = ?2 AND report_type_id IN (SELECT value FROM json_each(?3))
       AND status IN ('loaded', 'replaced', 'unchanged')
     ORDER BY create_time DESC LIMIT 1`,
      scope,
      day,
      JSON.stringify(reportTypeIds),
    ),
  );
}
