// Before anything is written: decode, fingerprint and recognise each file, then sort them into load order.
import { detectReportType, ReportError, type FamilyName, type ReportType } from '../parse';
import { readHeader } from '../parse/csv-rows';
import { bytesSource, digestContent, SourceDecodeError, type ReportSource } from '../parse/report-source';
import type { ImportFile } from './files';
import type { RecordedIssue } from './issue';
import type { PiecedFile } from './files';

export interface PreparedFile {
  /** Position in the caller's list: results come back in that order. */
  readonly index: number;
  readonly name: string;
  /** The file's bytes, opened again for each read: a large file is never held whole. */
  readonly source: ReportSource;
  /** The start of the decoded content: the header. */
  readonly head: string;
  /** SHA-256 of the decoded content (after gunzip, without a byte-order mark). */
  readonly sha256: string;
  readonly type: ReportType;
  /** Line breaks in the content: the row count to expect, for progress bars. */
  readonly lineBreaks: number;
  /**
   * When the report was issued: of two files for one slice, the later issued wins. null: not known (a
   * file loaded by hand), so it may not take slices other content holds (see decideSlices).
   */
  readonly issued: RecordedIssue | null;
  /** Staged already by the steps of a Workflow (see pieces.ts), or null: read here. */
  readonly pieces: PiecedFile | null;
  /**
   * The bucket of its network's stores it loads into: a part of a file of a network spread over several
   * stores (bucket-parts.ts), else 0.
   */
  readonly bucket: number;
  /** A part's line as the file's (its errors name the file's line); null for a whole file. */
  readonly fileLine: ((line: number) => Promise<number>) | null;
}

export type Preparation =
  | { readonly ok: true; readonly file: PreparedFile }
  | { readonly ok: false; readonly index: number; readonly name: string; readonly reason: string };

/**
 * Metadata first (titles and channel names resolve), basic before demographics (its views weight them),
 * claims last (their reference videos are known by then).
 */
const FAMILY_ORDER: readonly FamilyName[] = [
  'video_metadata',
  'basic',
  'partner_revenue',
  'reach',
  'traffic_source',
  'finance',
  'demographics',
  'claims',
];
/**
 * Gunzips, strips a byte-order mark, hashes the content and detects the report type from the name or
 * header, so a gzip and a plain copy of one report are the same file.
 */
export async function prepareFile(index: number, file: ImportFile): Promise<Preparation> {
  try {
    const source = 'source' in file ? file.source : bytesSource(file.bytes);
    const digest = await digestContent(source).catch((error: unknown) => {
      throw error instanceof SourceDecodeError ? new ReportError(file.name, null, error.message) : error;
    });
    const header = readHeader(digest.head);
    if (!header) throw new ReportError(file.name, null, 'the file is empty (not even a header line)');
    const { type } = detectReportType(file.name, header.fields, header.line);
    return {
      ok: true,
      file: {
        index,
        name: file.name,
        source,
        head: digest.head,
        sha256: digest.sha256,
        type,
        lineBreaks: digest.lineBreaks,
        issued: file.issued ?? null,
        pieces: file.pieces ?? null,
        bucket: 0,
        fileLine: null,
      },
    };
  } catch (error) {
    if (error instanceof ReportError) return { ok: false, index, name: file.name, reason: error.message };
    throw error;
  }
}

/**
 * The files in load order: by family, then oldest issued first, so that of several files for one
 * slice the newest is written last and wins whatever the order given; files without an issue time
 * come last (they meet what the others wrote and are refused where they conflict); ties keep the
 * caller's order.
 */
export function loadOrder(files: readonly PreparedFile[]): PreparedFile[] {
  const rank = (f: PreparedFile) => FAMILY_ORDER.indexOf(f.type.family);
  const issuedAt = (f: PreparedFile) => f.issued?.at ?? Number.POSITIVE_INFINITY;
  const byIssue = (a: PreparedFile, b: PreparedFile) => (issuedAt(a) === issuedAt(b) ? 0 : issuedAt(a) < issuedAt(b) ? -1 : 1);
  return [...files].sort((a, b) => rank(a) - rank(b) || byIssue(a, b) || a.index - b.index);
}
