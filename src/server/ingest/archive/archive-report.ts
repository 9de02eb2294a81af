// A Reporting API report into the archive: downloaded as a stream straight into R2, recorded in D1, opened from there.
import type { ReportingApi } from '../../google/reporting-api';
import type { ImportFile } from '../load/files';
import { archiveSource } from './read-object';
import { findArchivedReport, recordArchiveOutcome, type ArchivedFile, type ReportToArchive } from './records';
import { writeArchiveObject } from './write-object';
import { MS_PER_SECOND } from '../../../lib/dates/time';

/** Where the archive keeps YouTube's files and operators' uploads (wrangler.toml `REPORTS`). */
export interface ArchiveTarget {
  db: D1Database;
  bucket: R2Bucket;
}

/**
 * A report's key: by scope ('own' for the account's channel), report type and YouTube's createTime,
 * so a listing of the bucket reads in issue order per type.
 * @example reportObjectKey('', 'channel_basic_a2', '2021-07-29T10:00:00Z', 'r1') // 'youtube/own/channel_basic_a2/2021-07-29T10:00:00Z_r1.csv'
 */
export function reportObjectKey(scope: string, reportTypeId: string, createTime: string, reportId: string): string {
  const safe = (part: string) => encodeURIComponent(part);
  return `youtube/${safe(scope || 'own')}/${safe(reportTypeId)}/${safe(createTime)}_${safe(reportId)}.csv`;
}

/** YouTube's createTime in unix seconds: the issue time that decides between two reports of one day. */
export function issuedAtOf(createTime: string | null): number | null {
  const ms = createTime === null ? Number.NaN : Date.parse(createTime);
  return Number.isFinite(ms) ? Math.floor(ms / MS_PER_SECOND) : null;
}

/** An archived file as the importer takes it: read from R2, with its issue time when one is known. */
export function importFileOf(target: ArchiveTarget, file: ArchivedFile): ImportFile {
  const source = archiveSource(target.bucket, file.objectKey);
  if (file.issuedAt === null) return { name: file.name, source };
  return { name: file.name, source, issued: { at: file.issuedAt, from: file.origin === 'youtube' ? 'youtube' : 'operator' } };
}

/**
 * The report's archived copy: the one already in R2, else its download streamed into R2 and recorded.
 * A download that breaks off is recorded failed (with its reason) and throws; nothing is stored.
 * @example const file = await archiveReport(target, api, { report, downloadUrl }, nowSeconds)
 */
export async function archiveReport(
  target: ArchiveTarget,
  api: ReportingApi,
  { report, downloadUrl }: { report: ReportToArchive; downloadUrl: string },
  now: number,
): Promise<ArchivedFile> {
  const archived = await findArchivedReport(target.db, report.reportId);
  if (archived) return archived;
  try {
    const body = await api.openDownload({ id: report.reportId, downloadUrl });
    const stored = await writeArchiveObject(target.bucket, report.objectKey, body);
    const row = await recordArchiveOutcome(target.db, report, { state: 'archived', ...stored }, now);
    if (!row) throw new Error('report_archive answered no row for an archived report');
    return row;
  } catch (error) {
    const reason = `archive: ${error instanceof Error ? error.message : String(error)}`;
    await recordArchiveOutcome(target.db, report, { state: 'failed', reason }, now);
    throw new Error(reason, { cause: error });
  }
}
