// report_refusals: content the importer was given and did not apply (skipped, or rejected for want of an issue time), with why.
import { raw } from '../../db/sql';
import { statement } from '../../db/query';
import type { FileResult } from './files';
import type { ImportSession } from './import-session';
import type { PreparedFile } from './prepare-file';

const RECORD = `INSERT INTO report_refusals (sha256, name, report_type, status, reason, refused_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
ON CONFLICT (sha256) DO UPDATE SET name = excluded.name, report_type = excluded.report_type, status = excluded.status,
  reason = excluded.reason, refused_at = excluded.refused_at`;

/** A file that other files' slices kept from loading: skipped, or rejected for want of an issue time. */
export type RefusedResult = FileResult & { status: 'skipped' | 'rejected' };

/** What writing a file came to: its result, and the same result as `refused` when it is one to record. */
export type WriteOutcome = { result: FileResult; refused?: undefined } | { result: RefusedResult; refused: RefusedResult };

/** The refusal of this content, forgotten in the batch that loads it (see logStatements). */
export function forgetRefusal(db: D1Database, sha256: string): D1PreparedStatement {
  return statement(db, raw('DELETE FROM report_refusals WHERE sha256 = ?1', sha256));
}

/** Why a result was not applied, in one line: a rejection's reason, or a skipped file's decisions. */
function reasonOf(result: FileResult): string {
  if (result.status === 'rejected') return result.reason ?? `${result.name}: rejected`;
  return `${result.name}: ${(result.decisions ?? []).join('; ')}`;
}

/**
 * Remembers by content that a file was skipped or rejected by what other files hold, with the
 * importer's reason, next to report_files (the network's database), in the group's batch. The same
 * content given again is decided again (owners and options may have changed); the record says what
 * happened the last time. A dry run records nothing.
 */
export async function recordRefusal(
  session: ImportSession,
  file: PreparedFile,
  networkId: number | null,
  result: RefusedResult,
): Promise<FileResult> {
  if (session.dryRun) return result;
  const { db, now } = session;
  const record = raw(RECORD, file.sha256, file.name, result.reportType ?? file.type.id, result.status, reasonOf(result), now);
  await session.write({ file: file.name, rows: 0, statements: [statement(db, record)], slices: null, networkId });
  return result;
}
