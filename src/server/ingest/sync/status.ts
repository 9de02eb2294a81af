// What an operator needs to trust the Reporting API pull: per scope and report type, listed, archived,
// loaded, failed (why), retried, the lag from YouTube's createTime to figures, missing days; quota used.
import { all } from '../../db/query';
import { raw } from '../../db/sql';
import { pacificDay } from '../../google/pacific-day';
import { MS_PER_SECOND } from '../../../lib/dates/time';

/** Days back from the latest expected day in which missing days are looked for. */
export const STATUS_WINDOW_DAYS = 60;
/** YouTube generates a day's report a day or two after it ends: the latest day expected is today − 2 (Pacific). */
const REPORT_LAG_DAYS = 2;
/** YouTube deletes a report this long after generating it (docs/sync.md). */
const YOUTUBE_RETENTION_DAYS = 60;
const MS_PER_DAY = 86_400_000;
/** Missing days listed per type at most (the count is always whole). */
const MISSING_LISTED_MAX = 31;

export interface ReportTypeStatus {
  scope: string;
  reportTypeId: string;
  listed: number;
  archived: number;
  archivedBytes: number;
  loaded: number;
  superseded: number;
  rejected: number;
  failed: number;
  /** Handed to a load instance that has not recorded them yet. */
  loading: number;
  retried: number;
  lastDay: string | null;
  /** Seconds from createTime to load, for the last report loaded and at most over the window. */
  lagLastSeconds: number | null;
  lagMaxSeconds: number | null;
  /** The latest failure or rejection and its reason (status loading: a failure being tried again). */
  lastProblem: { reportId: string; day: string; status: string; reason: string | null } | null;
  /** Days in the window with no report loaded, from this type's first day on (at most 31 listed). */
  missingDays: string[];
  missingCount: number;
  /** Reports never archived whose YouTube copy is past its 60 days: lost unless loaded elsewhere. */
  expired: number;
}

export interface SyncStatus {
  /** The latest day a report is expected for (Pacific). */
  expectedThrough: string;
  types: ReportTypeStatus[];
  uploads: { files: number; bytes: number; loaded: number; rejected: number; failed: number };
  quota: { day: string; units: number; calls: number; byJob: Record<string, number> };
}

const LOADED = "('loaded', 'replaced', 'unchanged')";
/** A day counts as present when a report for it was loaded, or was superseded by another report of that day. */
const PRESENT = "('loaded', 'replaced', 'unchanged', 'superseded')";

const dayOffset = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * MS_PER_DAY).toISOString().slice(0, 10);

/** Every day of [from, to] without an entry in `have`. */
function gaps(from: string, to: string, have: ReadonlySet<string>): string[] {
  const missing: string[] = [];
  for (let d = from; d <= to; d = dayOffset(d, 1)) if (!have.has(d)) missing.push(d);
  return missing;
}

type TypeRow = Omit<ReportTypeStatus, 'lastProblem' | 'missingDays' | 'missingCount' | 'archived' | 'archivedBytes'> & { firstDay: string };

/**
 * The sync's status at `now` (unix ms): one entry per scope and report type it has listed.
 * @example const status = await getSyncStatus(env.DB, Date.now())
 */
export async function getSyncStatus(db: D1Database, now: number): Promise<SyncStatus> {
  const today = pacificDay(now);
  const expectedThrough = dayOffset(today, -REPORT_LAG_DAYS);
  const windowFrom = dayOffset(expectedThrough, -(STATUS_WINDOW_DAYS - 1));
  const expiredBefore = Math.floor(now / MS_PER_SECOND) - YOUTUBE_RETENTION_DAYS * 86_400;
  const [types, archived, problems, days, uploads, quota] = await Promise.all([
    all<TypeRow>(
      db,
      raw(
        `SELECT scope, report_type_id, count(*) AS listed, min(day) AS first_day,
           sum(status IN ${LOADED}) AS loaded, sum(status = 'superseded') AS superseded, sum(status = 'rejected') AS rejected,
           sum(status = 'failed') AS failed, sum(status = 'loading') AS loading, sum(attempts > 1) AS retried,
           max(CASE WHEN status IN ${LOADED} THEN day END) AS last_day,
           (SELECT s2.handled_at - unixepoch(s2.create_time) FROM sync_reports s2 WHERE s2.scope = s.scope
              AND s2.report_type_id = s.report_type_id AND s2.status IN ${LOADED} ORDER BY s2.create_time DESC LIMIT 1) AS lag_last_seconds,
           max(CASE WHEN status IN ${LOADED} AND day >= ?1 THEN handled_at - unixepoch(create_time) END) AS lag_max_seconds,
           sum(status IN ('failed', 'rejected') AND unixepoch(create_time) < ?2
               AND NOT EXISTS (SELECT 1 FROM report_archive a WHERE a.report_id = s.report_id AND a.state = 'archived')) AS expired
         FROM sync_reports s GROUP BY scope, report_type_id ORDER BY scope, report_type_id`,
        windowFrom,
        expiredBefore,
      ),
    ),
    all<{ scope: string; reportTypeId: string; files: number; bytes: number }>(
      db,
      raw(
        `SELECT scope, report_type_id, count(*) AS files, coalesce(sum(bytes), 0) AS bytes FROM report_archive
         WHERE origin = 'youtube' AND state = 'archived' GROUP BY scope, report_type_id`,
      ),
    ),
    all<{ scope: string; reportTypeId: string; reportId: string; day: string; status: string; reason: string | null }>(
      db,
      raw(
        `SELECT scope, report_type_id, report_id, day, status, reason FROM (
           SELECT *, row_number() OVER (PARTITION BY scope, report_type_id ORDER BY handled_at DESC, report_id) AS n
           FROM sync_reports WHERE status IN ('failed', 'rejected') OR (status = 'loading' AND reason IS NOT NULL)) WHERE n = 1`,
      ),
    ),
    all<{ scope: string; reportTypeId: string; day: string }>(
      db,
      raw(`SELECT DISTINCT scope, report_type_id, day FROM sync_reports WHERE day >= ?1 AND status IN ${PRESENT}`, windowFrom),
    ),
    all<{ files: number; bytes: number; loaded: number; rejected: number; failed: number }>(
      db,
      raw(
        `SELECT count(*) AS files, coalesce(sum(bytes), 0) AS bytes, coalesce(sum(load_status IN ${LOADED}), 0) AS loaded,
           coalesce(sum(load_status = 'rejected'), 0) AS rejected, coalesce(sum(state = 'failed' OR load_status = 'failed'), 0) AS failed
         FROM report_archive WHERE origin = 'upload'`,
      ),
    ),
    all<{ job: string; units: number; calls: number }>(
      db,
      raw('SELECT job, units, calls FROM sync_quota WHERE day = ?1 ORDER BY job', today),
    ),
  ]);
  const key = (r: { scope: string; reportTypeId: string }) => `${r.scope}\u0000${r.reportTypeId}`;
  const archivedOf = new Map(archived.map((a) => [key(a), a]));
  const problemOf = new Map(problems.map((p) => [key(p), p]));
  const daysOf = new Map<string, Set<string>>();
  for (const d of days) daysOf.set(key(d), (daysOf.get(key(d)) ?? new Set()).add(d.day));
  return {
    expectedThrough,
    types: types.map(({ firstDay, ...t }) => {
      const missing = gaps(firstDay > windowFrom ? firstDay : windowFrom, expectedThrough, daysOf.get(key(t)) ?? new Set());
      const problem = problemOf.get(key(t));
      return {
        ...t,
        archived: archivedOf.get(key(t))?.files ?? 0,
        archivedBytes: archivedOf.get(key(t))?.bytes ?? 0,
        lastProblem: problem ? { reportId: problem.reportId, day: problem.day, status: problem.status, reason: problem.reason } : null,
        missingDays: missing.slice(0, MISSING_LISTED_MAX),
        missingCount: missing.length,
      };
    }),
    uploads: uploads[0] ?? { files: 0, bytes: 0, loaded: 0, rejected: 0, failed: 0 },
    quota: {
      day: today,
      units: quota.reduce((n, q) => n + q.units, 0),
      calls: quota.reduce((n, q) => n + q.calls, 0),
      byJob: Object.fromEntries(quota.map((q) => [q.job, q.units])),
    },
  };
}
