// The Reporting API pull's bookkeeping in D1: job cursors and every report file tried (sync_reports).
import { all, first, run, statement } from '../../db/query';
import { raw } from '../../db/sql';

/** A report whose download or load threw is retried on this many runs, then given up (rejected). */
export const MAX_REPORT_ATTEMPTS = 3;

export type ReportStatus = 'loaded' | 'replaced' | 'unchanged' | 'rejected' | 'superseded' | 'failed';

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

/** Ids among `ids` that need no more work: anything recorded except a failure with attempts left. */
export async function finishedReportIds(db: D1Database, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await all<{ reportId: string }>(
    db,
    raw(
      `SELECT report_id FROM sync_reports WHERE report_id IN (SELECT value FROM json_each(?1)) AND status <> 'failed'`,
      JSON.stringify(ids),
    ),
  );
  return new Set(rows.map((r) => r.reportId));
}

// A failure adds an attempt; on the last one the report is rejected for good, with the last reason.
const RECORD_SQL = `
INSERT INTO sync_reports (report_id, scope, job_id, report_type_id, day, create_time, download_url, status, reason, rows, attempts, handled_at)
SELECT j.value ->> 'reportId', ?2, j.value ->> 'jobId', j.value ->> 'reportTypeId', j.value ->> 'day', j.value ->> 'createTime',
       j.value ->> 'downloadUrl', j.value ->> 'status', j.value ->> 'reason', j.value ->> 'rows', 1, ?3
FROM json_each(?1) AS j
WHERE true
ON CONFLICT (report_id) DO UPDATE SET
  attempts = sync_reports.attempts + 1,
  status = CASE WHEN excluded.status = 'failed' AND sync_reports.attempts + 1 >= ${MAX_REPORT_ATTEMPTS} THEN 'rejected' ELSE excluded.status END,
  reason = CASE WHEN excluded.status = 'failed' AND sync_reports.attempts + 1 >= ${MAX_REPORT_ATTEMPTS}
                THEN 'gave up after ${MAX_REPORT_ATTEMPTS} attempts: ' || excluded.reason ELSE excluded.reason END,
  rows = excluded.rows, download_url = excluded.download_url, handled_at = excluded.handled_at`;

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
