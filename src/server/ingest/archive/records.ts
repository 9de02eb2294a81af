// report_archive in D1: which files are in R2, where, with what hash, and what their last load did.
import { all, first, run } from '../../db/query';
import { raw } from '../../db/sql';
import type { FileResult } from '../load/files';

export interface ArchivedFile {
  id: number;
  objectKey: string;
  origin: 'youtube' | 'upload';
  scope: string;
  networkId: number | null;
  name: string;
  reportTypeId: string | null;
  reportId: string | null;
  firstDay: string | null;
  lastDay: string | null;
  createTime: string | null;
  issuedAt: number | null;
  bytes: number | null;
  sha256: string | null;
  state: 'receiving' | 'archived' | 'failed';
}

/** The columns of an ArchivedFile, for the queries that read one (the unfold's among them). */
export const ARCHIVE_COLUMNS = `id, object_key, origin, scope, network_id, name, report_type_id, report_id, first_day, last_day,
  create_time, issued_at, bytes, sha256, state`;

/** The archived copy of a Reporting API report, if it was archived whole. */
export async function findArchivedReport(db: D1Database, reportId: string): Promise<ArchivedFile | null> {
  return first<ArchivedFile>(
    db,
    raw(`SELECT ${ARCHIVE_COLUMNS} FROM report_archive WHERE report_id = ?1 AND state = 'archived'`, reportId),
  );
}

/** One archived file by id. */
export async function getArchivedFile(db: D1Database, id: number): Promise<ArchivedFile | null> {
  return first<ArchivedFile>(db, raw(`SELECT ${ARCHIVE_COLUMNS} FROM report_archive WHERE id = ?1`, id));
}

/** What the sync knows of a report before it downloads it. */
export interface ReportToArchive {
  objectKey: string;
  scope: string;
  networkId: number | null;
  name: string;
  reportTypeId: string;
  reportId: string;
  day: string;
  createTime: string;
  issuedAt: number | null;
}

/** What became of a report's archiving: stored whole (its size and hash), or broken off (why). */
export type ArchiveOutcome = { state: 'archived'; bytes: number; sha256: string } | { state: 'failed'; reason: string };

/**
 * Records a report's archiving, in one row per report: archived (again after a failed try), or failed,
 * which never overwrites a copy archived whole. Answers the row.
 */
export async function recordArchiveOutcome(
  db: D1Database,
  report: ReportToArchive,
  outcome: ArchiveOutcome,
  now: number,
): Promise<ArchivedFile | null> {
  const archived = outcome.state === 'archived';
  return first<ArchivedFile>(
    db,
    raw(
      `INSERT INTO report_archive (object_key, origin, scope, network_id, name, report_type_id, report_id, first_day, last_day,
         create_time, issued_at, bytes, sha256, state, reason, created_at, archived_at)
       VALUES (?1, 'youtube', ?2, ?3, ?4, ?5, ?6, ?7, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, CASE WHEN ?12 = 'archived' THEN ?14 END)
       ON CONFLICT (report_id) DO UPDATE SET object_key = excluded.object_key, bytes = excluded.bytes, sha256 = excluded.sha256,
         state = excluded.state, reason = excluded.reason, archived_at = excluded.archived_at
       WHERE excluded.state = 'archived' OR report_archive.state <> 'archived'
       RETURNING ${ARCHIVE_COLUMNS}`,
      report.objectKey,
      report.scope,
      report.networkId,
      report.name,
      report.reportTypeId,
      report.reportId,
      report.day,
      report.createTime,
      report.issuedAt,
      archived ? outcome.bytes : null,
      archived ? outcome.sha256 : null,
      outcome.state,
      archived ? null : outcome.reason,
      now,
    ),
  );
}

/** A load's outcome for archived files, by archive id: the importer's result, or failed with the error. */
export type LoadOutcome = { id: number; result: FileResult } | { id: number; failed: string };

/**
 * Records what the last load of each file did; an upload's covered days and its report type (as the importer
 * recognised it from its header) come from its result, so later readers (the unfold's monthFiles) need not
 * read its header again.
 */
export async function recordLoadOutcomes(db: D1Database, outcomes: readonly LoadOutcome[], now: number): Promise<void> {
  if (outcomes.length === 0) return;
  const rows = outcomes.map((o) =>
    'failed' in o
      ? { id: o.id, status: 'failed', reason: o.failed, first: null, last: null, type: null }
      : {
          id: o.id,
          status: o.result.status,
          type: o.result.reportType,
          reason: o.result.reason ?? o.result.decisions?.join('; ') ?? null,
          first: o.result.days.at(0) ?? null,
          last: o.result.days.at(-1) ?? null,
        },
  );
  await run(
    db,
    raw(
      `UPDATE report_archive SET load_status = j.value ->> 'status', load_reason = j.value ->> 'reason', loaded_at = ?2,
         first_day = coalesce(report_archive.first_day, j.value ->> 'first'), last_day = coalesce(report_archive.last_day, j.value ->> 'last'),
         report_type_id = coalesce(report_archive.report_type_id, j.value ->> 'type')
       FROM json_each(?1) AS j WHERE report_archive.id = j.value ->> 'id'`,
      JSON.stringify(rows),
      now,
    ),
  );
}

/** The next days (from `from` and after `afterDay`, up to `to`) on which a network's archived files begin (every network: null). */
export async function archivedDays(
  db: D1Database,
  networkId: number | null,
  range: { from: string; afterDay: string; to: string },
  limit: number,
): Promise<string[]> {
  const rows = await all<{ day: string }>(
    db,
    raw(
      `SELECT DISTINCT first_day AS day FROM report_archive
       WHERE state = 'archived' AND (?1 IS NULL OR network_id = ?1) AND first_day >= ?2 AND first_day > ?3 AND first_day <= ?4
       ORDER BY first_day LIMIT ?5`,
      networkId,
      range.from,
      range.afterDay,
      range.to,
      limit,
    ),
  );
  return rows.map((r) => r.day);
}

/**
 * A network's archived files beginning on these days or, with `undated`, also those with no day (video
 * metadata and claims snapshots; uploads never loaded), in the order they were archived.
 */
export async function archivedFilesOf(
  db: D1Database,
  networkId: number | null,
  days: readonly string[],
  undated: boolean,
): Promise<ArchivedFile[]> {
  return all<ArchivedFile>(
    db,
    raw(
      `SELECT ${ARCHIVE_COLUMNS} FROM report_archive
       WHERE state = 'archived' AND (?1 IS NULL OR network_id = ?1)
         AND (first_day IN (SELECT value FROM json_each(?2)) OR (?3 AND first_day IS NULL))
       ORDER BY id`,
      networkId,
      JSON.stringify(days),
      undated ? 1 : 0,
    ),
  );
}

/** Archived files by id, in the order of `ids`; ids not archived whole are left out. */
export async function archivedFilesByIds(db: D1Database, ids: readonly number[]): Promise<ArchivedFile[]> {
  const found = await all<ArchivedFile>(
    db,
    raw(
      `SELECT ${ARCHIVE_COLUMNS} FROM report_archive WHERE state = 'archived' AND id IN (SELECT value FROM json_each(?1))`,
      JSON.stringify(ids),
    ),
  );
  const byId = new Map(found.map((f) => [f.id, f]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
