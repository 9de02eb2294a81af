// Before anything is written: decode, fingerprint and recognise each file, then sort them into load order.
import { decodeReportBytes, detectReportType, ReportError, type FamilyName, type ReportType } from '../parse';
import { readHeader } from '../parse/csv-rows';
import type { ImportFile, Issued } from './import-files';

export interface PreparedFile {
  /** Position in the caller's list: results come back in that order. */
  readonly index: number;
  readonly name: string;
  /** The decoded content (no byte-order mark): what is parsed; its UTF-8 bytes are what is fingerprinted. */
  readonly text: string;
  readonly sha256: string;
  readonly type: ReportType;
  /** Line breaks in the content: the row count to expect, for progress bars. */
  readonly lineBreaks: number;
  /** When the report was issued: of two files for one slice, the later issued wins. */
  readonly issued: Issued;
}

export type Preparation =
  | { readonly ok: true; readonly file: PreparedFile }
  | { readonly ok: false; readonly index: number; readonly name: string; readonly reason: string };

/**
 * Metadata first (titles and channel names resolve), basic before demographics (its views weight them),
 * claims last (their reference videos are known by then).
 */
const FAMILY_ORDER: readonly FamilyName[] = ['video_metadata', 'basic', 'partner_revenue', 'reach', 'finance', 'demographics', 'claims'];
const LINE_FEED = 0x0a;

async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

function countLineBreaks(bytes: Uint8Array): number {
  let count = 0;
  for (let at = bytes.indexOf(LINE_FEED); at >= 0; at = bytes.indexOf(LINE_FEED, at + 1)) count++;
  return count;
}

async function decode(name: string, bytes: Uint8Array): Promise<string> {
  try {
    return await decodeReportBytes(bytes);
  } catch (error) {
    throw new ReportError(name, null, error instanceof TypeError ? 'not valid UTF-8 text' : 'not a readable gzip file');
  }
}

/**
 * Gunzips, strips a byte-order mark, hashes the content and detects the report type from the name or
 * header, so a gzip and a plain copy of one report are the same file.
 */
export async function prepareFile(index: number, file: ImportFile, now: number): Promise<Preparation> {
  try {
    const text = await decode(file.name, file.bytes);
    const header = readHeader(text);
    if (!header) throw new ReportError(file.name, null, 'the file is empty (not even a header line)');
    const { type } = detectReportType(file.name, header.fields, header.line);
    const bytes = new TextEncoder().encode(text);
    return {
      ok: true,
      file: {
        index,
        name: file.name,
        text,
        sha256: await sha256Hex(bytes),
        type,
        lineBreaks: countLineBreaks(bytes),
        issued: file.issued ?? { at: now, from: 'load' },
      },
    };
  } catch (error) {
    if (error instanceof ReportError) return { ok: false, index, name: file.name, reason: error.message };
    throw error;
  }
}

/**
 * The files in load order: by family, then oldest issued first, so that of several files for one
 * slice the newest is written last and wins whatever the order given; ties keep the caller's order.
 */
export function loadOrder(files: readonly PreparedFile[]): PreparedFile[] {
  const rank = (f: PreparedFile) => FAMILY_ORDER.indexOf(f.type.family);
  return [...files].sort((a, b) => rank(a) - rank(b) || a.issued.at - b.issued.at || a.index - b.index);
}
