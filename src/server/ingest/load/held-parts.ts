// The parts of a file small enough to keep (a Workflow piece: 32 MiB), held as they are cut: each part's
// load then reads its own bytes instead of reading the whole file again to pick its records out
// (`npm run bench:cut`: that re-read cost about one parse and a half of the file per part). Each record is
// held once, however many parts carry it (a statement's rows of channels we do not know go to every
// bucket): a part is its byte ranges of the held records, so holding costs the file's size, not the sum of
// its parts'.
import type { ReportSource } from '../parse/report-source';

/** Bytes held at most (records, ranges): past it the parts are read from the file again (a large file, the command line's). */
export const MAX_HELD_BYTES = 48 * 1024 * 1024;
/** Bytes of the buffers records are encoded into, one after the other. */
const CHUNK_BYTES = 1024 * 1024;
/** What a range of a part costs to remember: its start and end, two numbers. */
const RANGE_BYTES = 16;
/** Bytes a part's source gives per read. */
const PULL_BYTES = 256 * 1024;

const encoder = new TextEncoder();

/** The records every part takes from, once each in file order, and each part's byte ranges of them. */
export class HeldParts {
  /** The records' UTF-8 bytes, in buffers of CHUNK_BYTES (the last one filled up to `used`). */
  private chunks: Uint8Array[] = [];
  private used = 0;
  /** Offset of the next record in the records' bytes. */
  private size = 0;
  private allocated = 0;
  private head: Uint8Array | null = null;
  /** Per bucket, [start, end, start, end, …] of its records, adjacent records as one range. */
  private ranges = new Map<number, number[]>();
  private rangeCount = 0;
  private dropped = false;

  constructor(private readonly maxBytes = MAX_HELD_BYTES) {}

  /** Whether the parts are held (false once they outgrew MAX_HELD_BYTES). */
  get held(): boolean {
    return !this.dropped;
  }

  /**
   * Adds a record to the parts of `buckets`; `head` (the file's leading lines) starts every part.
   * @example held.add([0, 1, 2], header, 'None,20260203,…\n')
   */
  add(buckets: readonly number[], head: string, text: string): void {
    if (this.dropped) return;
    this.head ??= encoder.encode(head);
    const start = this.size;
    this.write(text);
    for (const bucket of buckets) {
      const ranges = this.ranges.get(bucket) ?? [];
      if (ranges.length > 0 && ranges[ranges.length - 1] === start) ranges[ranges.length - 1] = this.size;
      else {
        ranges.push(start, this.size);
        this.rangeCount++;
      }
      this.ranges.set(bucket, ranges);
    }
    if (this.allocated + this.head.length + this.rangeCount * RANGE_BYTES > this.maxBytes) this.drop();
  }

  /** A bucket's part as a source of its held bytes, or null when the parts were dropped. */
  sourceOf(bucket: number): ReportSource | null {
    const ranges = this.ranges.get(bucket);
    if (this.dropped || !ranges) return null;
    // The last buffer as far as it is written: the part's reads stop there.
    const last = this.chunks.length - 1;
    if (last >= 0) this.chunks[last] = this.chunks[last]!.subarray(0, this.used);
    const chunks = [...this.chunks];
    const head = this.head ?? new Uint8Array();
    return { open: () => rangeStream(head, chunks, ranges) };
  }

  /** Encodes a record after the ones before it, in a new buffer when the last one is full. */
  private write(text: string): void {
    const last = this.chunks[this.chunks.length - 1];
    if (last) {
      const { read, written } = encoder.encodeInto(text, last.subarray(this.used));
      if (read === text.length) {
        this.used += written;
        this.size += written;
        return;
      }
      // It did not fit: the bytes encodeInto wrote past `used` are dropped with the rest of the buffer.
      this.chunks[this.chunks.length - 1] = last.subarray(0, this.used);
    }
    // A UTF-16 unit takes at most 3 UTF-8 bytes (a surrogate pair's 2 units take 4).
    const chunk = new Uint8Array(Math.max(CHUNK_BYTES, text.length * 3));
    const { written } = encoder.encodeInto(text, chunk);
    this.chunks.push(chunk);
    this.allocated += chunk.length;
    this.used = written;
    this.size += written;
  }

  private drop(): void {
    this.dropped = true;
    this.chunks = [];
    this.ranges = new Map();
  }
}

/** The head, then the bytes of `ranges` of the records in `chunks` (each range's start after the last's end). */
function rangeStream(head: Uint8Array, chunks: readonly Uint8Array[], ranges: readonly number[]): ReadableStream<Uint8Array> {
  const starts: number[] = [];
  let offset = 0;
  for (const chunk of chunks) {
    starts.push(offset);
    offset += chunk.length;
  }
  let headSent = head.length === 0;
  let range = 0;
  let at = ranges[0] ?? 0;
  let chunk = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!headSent) {
        headSent = true;
        controller.enqueue(head.slice());
        return;
      }
      const pieces: Uint8Array[] = [];
      let total = 0;
      while (range < ranges.length && total < PULL_BYTES) {
        const end = ranges[range + 1] ?? at;
        while (chunk < chunks.length - 1 && starts[chunk]! + chunks[chunk]!.length <= at) chunk++;
        const from = starts[chunk] ?? 0;
        const bytes = chunks[chunk] ?? new Uint8Array();
        const upto = Math.min(end, from + bytes.length);
        pieces.push(bytes.subarray(at - from, upto - from));
        total += upto - at;
        at = upto;
        if (at >= end) {
          range += 2;
          at = ranges[range] ?? at;
        }
      }
      if (total === 0) {
        controller.close();
        return;
      }
      // A copy: the held buffers are every part's, and a reader may keep or transfer what it is given.
      const out = new Uint8Array(total);
      let o = 0;
      for (const piece of pieces) {
        out.set(piece, o);
        o += piece.length;
      }
      controller.enqueue(out);
    },
  });
}
