// An archived report as the importer's ReportSource: each open() streams the R2 object from its start.
import type { ReportSource } from '../parse/report-source';

/** The archived object is gone or R2 did not answer: the load stops before writing anything. */
export class ArchiveMissingError extends Error {
  constructor(key: string, detail?: string) {
    super(`archived file ${key} ${detail ?? 'is not in the archive bucket'}`);
    this.name = 'ArchiveMissingError';
  }
}

/**
 * A source over an R2 object: the object is fetched when the stream is first read and handed on in the
 * chunks R2 gives, so the importer holds a chunk, never the file (it reads it once to fingerprint it
 * and once to load it).
 * @example await importFiles(db, [{ name, source: archiveSource(env.REPORTS, key) }])
 */
export function archiveSource(bucket: R2Bucket, key: string): ReportSource {
  return {
    open() {
      // The generator opens the object on the first read, so a source never read opens nothing.
      const chunks = objectFrom(bucket, key);
      return new ReadableStream<Uint8Array>({
        async pull(controller) {
          const next = await chunks.next();
          if (next.done) controller.close();
          else controller.enqueue(next.value);
        },
        async cancel() {
          await chunks.return(undefined);
        },
      });
    },
  };
}

/** A byte range of an archived file: the records that begin in [start, end). */
export interface ByteRange {
  readonly start: number;
  readonly end: number;
}

/** Bytes read to find a file's header line (see HEAD_CHARS: a header of a few hundred columns). */
const HEADER_BYTES = 64 * 1024;
const LINE_FEED = 0x0a;

/**
 * The file's bytes (those of `range` when given), a chunk at a time, as R2 gives them. Every way R2 can
 * fail to give them (a rejected or a synchronously thrown `get`, no object) is an ArchiveMissingError.
 */
async function* objectFrom(bucket: R2Bucket, key: string, range?: R2Range): AsyncGenerator<Uint8Array> {
  let object: R2ObjectBody | null;
  try {
    object = await bucket.get(key, range ? { range } : undefined);
  } catch (error) {
    throw new ArchiveMissingError(key, `could not be read (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!object) throw new ArchiveMissingError(key);
  const reader = object.body.getReader();
  reader.closed.catch(() => undefined);
  try {
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) return;
      yield chunk.value;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/** The file's first line with its line feed (the header of a report's CSV). */
async function headerLine(bucket: R2Bucket, key: string): Promise<Uint8Array> {
  let header: Uint8Array | null = null;
  // Every chunk of the range is read: a body left half-read keeps its connection open.
  for await (const chunk of objectFrom(bucket, key, { offset: 0, length: HEADER_BYTES })) {
    const at = header ? -1 : chunk.indexOf(LINE_FEED);
    if (at >= 0) header = chunk.slice(0, at + 1);
  }
  if (!header) throw new ArchiveMissingError(key, `has no header line in its first ${HEADER_BYTES} bytes`);
  return header;
}

/** The longest record a piece reads past its end to finish (report rows are a few hundred bytes). */
const MAX_RECORD_BYTES = 64 * 1024;

/**
 * The records that begin in the range, cut at line breaks: from the first record starting at or after
 * `start` (the one before it belongs to the range before) through the one holding byte `end - 1`, so
 * the ranges of a file give each record exactly once. Report CSVs of the families read in pieces
 * (basic, estimated revenue) hold ids, codes and numbers, never a quoted line break. The range read
 * reaches MAX_RECORD_BYTES past `end` and is read to its end, so no body is left open.
 */
async function* recordsIn(bucket: R2Bucket, key: string, { start, end }: ByteRange): AsyncGenerator<Uint8Array> {
  // From the byte before `start`: when that is a line feed, a record begins exactly at `start`.
  let position = start > 0 ? start - 1 : 0;
  let skipping = start > 0;
  let done = false;
  for await (const chunk of objectFrom(bucket, key, { offset: position, length: end + MAX_RECORD_BYTES - position })) {
    const at = position;
    position += chunk.length;
    if (done) continue;
    let from = 0;
    if (skipping) {
      const first = chunk.indexOf(LINE_FEED);
      if (first < 0) continue;
      skipping = false;
      from = first + 1;
      // The range's first record begins at or past its end: every record here is the next range's.
      if (at + from >= end) {
        done = true;
        continue;
      }
    }
    // The record holding byte end - 1 ends at the first line feed at or after it.
    const last = Math.max(end - 1 - at, from);
    const stop = last < chunk.length ? chunk.indexOf(LINE_FEED, last) : -1;
    if (stop >= 0) {
      done = true;
      yield chunk.subarray(from, stop + 1);
    } else if (from < chunk.length) {
      yield chunk.subarray(from);
    }
  }
  if (!done && skipping) return;
  if (!done && position >= end + MAX_RECORD_BYTES) {
    throw new ArchiveMissingError(key, `has a line longer than ${MAX_RECORD_BYTES} bytes near byte ${end}: not a report's CSV`);
  }
}

/**
 * A piece of an archived file as a ReportSource of its own: the file's header line, then the records
 * that begin in `range`. A Workflow step reads and stages one piece (src/server/ingest/load/pieces.ts).
 * @example await stagePiece(target, { name, source: archivePieceSource(env.REPORTS, key, { start, end }) }, ...)
 */
export function archivePieceSource(bucket: R2Bucket, key: string, range: ByteRange): ReportSource {
  return {
    open() {
      let chunks: AsyncGenerator<Uint8Array> | null = null;
      return new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (!chunks) {
            const header = range.start > 0 ? await headerLine(bucket, key) : null;
            chunks = (async function* () {
              if (header) yield header;
              yield* recordsIn(bucket, key, range);
            })();
          }
          const next = await chunks.next();
          if (next.done) controller.close();
          else controller.enqueue(next.value);
        },
        async cancel() {
          await chunks?.return(undefined);
        },
      });
    },
  };
}

/** A file of `bytes` cut into ranges of `pieceBytes` (the last shorter). */
export function byteRanges(bytes: number, pieceBytes: number): ByteRange[] {
  const ranges: ByteRange[] = [];
  for (let start = 0; start < bytes; start += pieceBytes) ranges.push({ start, end: Math.min(start + pieceBytes, bytes) });
  return ranges;
}
