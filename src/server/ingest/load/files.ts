// What a load is given and answers: report files, options, per-file results, and a file's staged
// pieces. A leaf: every step of a load (import-files.ts, load-file.ts and the files they call) reads
// these types from here, so the load's files import one another in one direction only.
import type { ReportSource } from '../parse/report-source';
import type { ChannelKey } from './channel-keys';
import type { RecordedIssue, StatedIssue } from './issue';

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

/** A piece's staged slices, as a step's result: small (the engine keeps it; one owner per file, not per slice). */
export interface StagedPiece {
  readonly parts: number;
  readonly rows: number;
  /** Lines of the piece, its header line included. */
  readonly lines: number;
  readonly type: string;
  readonly dates: string[];
  readonly networkId: number | null;
  readonly slices: Slice[];
  readonly written: Slice[];
  readonly owners: Array<{ owner: SliceOwner; slices: Slice[] }>;
  readonly ugc: boolean;
  readonly refused: boolean;
}

/** A piece whose rows reject the file: the line is the file's, not the piece's. */
export interface RejectedPiece {
  readonly rejected: { line: number | null; reason: string };
}

/**
 * A piece of a file of a network spread over several stores, staged cut (bucket-parts.ts): its part in
 * each bucket its rows go to, staged in that bucket's store, with the part's fingerprint.
 */
export interface CutPiece {
  /** Lines of the piece, its header line included. */
  readonly lines: number;
  readonly cut: ReadonlyArray<{ readonly bucket: number; readonly sha256: string; readonly staged: StagedPiece }>;
}

/** A file's staged pieces, in order: what its load (ImportFile.pieces) applies. */
export interface PiecedFile {
  readonly importId: string;
  readonly pieces: ReadonlyArray<StagedPiece | CutPiece | RejectedPiece>;
}

/** A slice a file owns: (channel, day) of one report family; day is 'YYYY-MM' for monthly finance. */
export type Slice = readonly [ChannelKey, string];

/** The file that last wrote a slice, and when it was issued. */
export interface SliceOwner {
  readonly name: string;
  readonly issued: RecordedIssue;
  /** Its content: a re-applied file meets its own slices (see decideSlices). */
  readonly sha256: string;
}
