// Loads parsed YouTube report files into the D1 tables: each file in one batch, replacing re-issued days.
import { loadFile, rejected } from './load-file';
import { openSession, type StoreOf } from './import-session';
import { loadOrder, prepareFile, type PreparedFile } from './prepare-file';
import { MS_PER_SECOND } from '../../../lib/dates/time';
import type { ReportSource } from '../parse/report-source';
import type { StatedIssue } from './issue';
import type { PiecedFile } from './pieces';

/**
 * Daily families whose files share batches: their plans read only other families' tables (videos,
 * claims) and their decisions see the files before them through the session.
 */
const GROUPED_FAMILIES: ReadonlySet<string> = new Set(['basic', 'partner_revenue', 'reach', 'demographics']);

/**
 * A report file: its bytes, or a source that reads them (again) from where they are, so a large file
 * on disk is never held whole.
 */
export type ImportFile = {
  /** As the caller names it (a path relative to what was given): results and messages use it. */
  name: string;
  /**
   * When the report was issued: of two files for one slice the later issued wins. Without it (a file
   * loaded by hand) the file loads only into slices no other content holds, unless options.replace.
   */
  issued?: StatedIssue;
  /** Staged already, piece by piece, by Workflow steps (pieces.ts): the load applies the pieces. */
  pieces?: PiecedFile;
} & ({ bytes: Uint8Array } | { source: ReportSource });

export interface ImportOptions {
  /** Network that owns channels arriving in content-owner reports (and in any file when given). */
  networkId?: number;
  /**
   * Progress for command-line progress bars, in rows of the file: 'parse' starts at 0 of the rows
   * expected from its line count, 'write' at 0 of the rows parsed; each ends at done = total.
   */
  onProgress?: (event: { file: string; phase: 'parse' | 'write'; done: number; total: number }) => void;
  /** Clock for tests (unix seconds). */
  now?: number;
  /** Decide and report what each file would do, and write nothing. */
  dryRun?: boolean;
  /**
   * Apply files again even when their content was loaded before (to fill tables a migration added
   * since); of two reports for one slice the newest issued still wins.
   */
  reapply?: boolean;
  /**
   * Every file wins the slices it covers whatever the issue times of the files holding them (an
   * operator's decision, `--replace`); a file without an issue time is recorded with the load time.
   */
  replace?: boolean;
  /**
   * Rows of a basic or estimated revenue file summed at a time: a larger file is read as a stream,
   * staged a slice of days at a time and applied in one batch (default SLICE_ROWS; tests use less).
   */
  sliceRows?: number;
}

/**
 * skipped: every slice of the file is held by a report issued later. rejected: nothing written, for a
 * bad file, or for a file without an issue time that would replace slices other content holds.
 */
export type FileStatus = 'loaded' | 'replaced' | 'unchanged' | 'skipped' | 'rejected';

export interface FileResult {
  name: string;
  status: FileStatus;
  reportType: string | null;
  rows: number;
  days: string[];
  channels: number;
  reason?: string; // reason: 'name:line: why' for rejected
  /** What was decided and why, one sentence each, to follow the file's name ("replaces 2026-11-19 of x.csv"). */
  decisions?: string[];
}

export interface ImportSummary {
  files: FileResult[];
  changedDays: Array<{ channelId: number; day: string }>;
}

/**
 * Loads report files (plain or gzip) in dependency order: video metadata, basic, revenue, reach,
 * finance, demographics (weighted by this call's basic files), claims. Each file loads completely in
 * one D1 batch or not at all; results come back in the order given. changedDays lists every
 * (channel, day) whose daily facts were written, for the rollups.
 * @example const { files, changedDays } = await importFiles(env.DB, [{ name, bytes }], { networkId: 3 })
 */
export async function importFiles(db: D1Database, files: ImportFile[], options: ImportOptions = {}): Promise<ImportSummary> {
  return (await importSplit(db, null, files, options)).summary;
}

/**
 * importFiles where partner data may be split by network (docs/partner-store.md): a file of a network
 * is planned and written in `storeOf(network)`, its catalogue rows created in the shared D1 first.
 * Also answers the databases it wrote (their rollups are to be refreshed).
 * @example const { summary, written } = await importSplit(env.DB, (id) => partnerDb(env, id), files, { networkId: 3 })
 */
export async function importSplit(
  db: D1Database,
  storeOf: StoreOf | null,
  files: ImportFile[],
  options: ImportOptions = {},
): Promise<{ summary: ImportSummary; written: D1Database[] }> {
  const now = options.now ?? Math.floor(Date.now() / MS_PER_SECOND);
  const results: FileResult[] = files.map((f) => rejected(f.name, null, `${f.name}: not processed`));
  const prepared: PreparedFile[] = [];
  for (const [index, file] of files.entries()) {
    const preparation = await prepareFile(index, file);
    if (preparation.ok) prepared.push(preparation.file);
    else results[index] = rejected(preparation.name, null, preparation.reason);
  }
  const session = await openSession(
    db,
    options,
    now,
    prepared.some((f) => f.type.family === 'demographics'),
    storeOf,
  );
  let family: string | null = null;
  try {
    for (const file of loadOrder(prepared)) {
      // A family reads what the ones before it wrote (basic files the videos of metadata): those go first.
      if (file.type.family !== family || !GROUPED_FAMILIES.has(file.type.family)) await session.flush();
      family = file.type.family;
      results[file.index] = await loadFile(session, file);
    }
    await session.flush();
  } finally {
    // The views large basic files staged weigh demographics loaded after them: kept to the end, then
    // removed, whether the import got there or failed on the way.
    await session.weights?.drop();
  }
  return { summary: { files: results, changedDays: session.changedDays() }, written: session.written() };
}
