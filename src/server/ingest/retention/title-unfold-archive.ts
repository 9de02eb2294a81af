// Whether the report archive can give an unfolded title month its days back: which days each needed
// report family lacks, and which of its files a replay has not loaded since the unfold began.
import { all } from '../../db/query';
import { raw } from '../../db/sql';
import { getReportType, type FamilyName } from '../parse/report-types';
import { withReportType } from '../archive/upload-type';
import type { ArchivedFile } from '../archive/records';
import { ARCHIVED_IN_RANGE } from './title-unfold-sql';

/** What a replay's load may answer for a file that leaves its days right (anything but failed or rejected). */
const LOADED_STATUSES: ReadonlySet<string> = new Set(['loaded', 'replaced', 'unchanged', 'skipped']);

/** An archived file that meets the month, with its report family (null: not one the importer recognises). */
export interface MonthFile {
  id: number;
  name: string;
  family: FamilyName | null;
  firstDay: string;
  lastDay: string;
  loadStatus: string | null;
  loadedAt: number | null;
}

type Row = ArchivedFile & { firstDay: string; coveredTo: string; loadStatus: string | null; loadedAt: number | null };

/**
 * The network's archived files meeting [from, to], each with its family: the report type the archive
 * holds (YouTube's, or an upload's as its load recognised it: records.ts recordLoadOutcomes), so no
 * header is read again; only an upload loaded before loads recorded it has its header read here.
 * @example const files = await monthFiles(env.DB, env.REPORTS, 3, '2025-11-01', '2025-11-30')
 */
export async function monthFiles(db: D1Database, bucket: R2Bucket, networkId: number, from: string, to: string): Promise<MonthFile[]> {
  const rows = await all<Row>(db, raw(ARCHIVED_IN_RANGE, networkId, from, to));
  return Promise.all(
    rows.map(async (row) => {
      const { reportTypeId } = await withReportType(bucket, row);
      const family = reportTypeId ? (getReportType(reportTypeId)?.family ?? null) : null;
      return {
        id: row.id,
        name: row.name,
        family,
        firstDay: row.firstDay,
        lastDay: row.coveredTo,
        loadStatus: row.loadStatus,
        loadedAt: row.loadedAt,
      };
    }),
  );
}

const covers = (file: MonthFile, day: string) => file.firstDay <= day && day <= file.lastDay;

/** The days no file of the family covers. */
export function uncoveredDays(files: readonly MonthFile[], family: FamilyName, days: readonly string[]): string[] {
  return days.filter((day) => !files.some((f) => f.family === family && covers(f, day)));
}

/**
 * The files of the family covering one of the days whose last load is older than `since` or failed:
 * until there are none, the days a replay was to write back may be missing.
 */
export function notReplayed(files: readonly MonthFile[], family: FamilyName, days: readonly string[], since: number): MonthFile[] {
  return files.filter(
    (f) =>
      f.family === family &&
      days.some((day) => covers(f, day)) &&
      (f.loadedAt === null || f.loadedAt < since || !LOADED_STATUSES.has(f.loadStatus ?? '')),
  );
}
