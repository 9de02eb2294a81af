// The parts of a file small enough to keep (a Workflow piece: 32 MiB), held as they are cut: each part's
// load then reads its own bytes instead of reading the whole file again to pick its records out
// (`npm run bench:cut`: that re-read cost about one parse and a half of the file per part).
import type { ReportSource } from '../parse/report-source';

/** Bytes of all parts held at most: past it the parts are read from the file again (a large file, the command line's). */
export const MAX_HELD_BYTES = 48 * 1024 * 1024;
/** Text gathered per part before it is encoded into a chunk. */
const CHUNK_CHARS = 256 * 1024;

/** Each bucket's part as UTF-8 chunks, while their sum stays under MAX_HELD_BYTES. */
export class HeldParts {
  private readonly parts = new Map<number, { chunks: Uint8Array[]; pending: string }>();
  private readonly encoder = new TextEncoder();
  private bytes = 0;
  private dropped = false;

  constructor(private readonly maxBytes = MAX_HELD_BYTES) {}

  /** Whether the parts are held (false once they outgrew MAX_HELD_BYTES). */
  get held(): boolean {
    return !this.dropped;
  }

  /** Adds text to a bucket's part; `head` starts a part the first time it is named. */
  add(bucket: number, head: string, text: string): void {
    if (this.dropped) return;
    const part = this.parts.get(bucket) ?? { chunks: [], pending: head };
    part.pending += text;
    this.parts.set(bucket, part);
    if (part.pending.length >= CHUNK_CHARS) this.encode(part);
  }

  /** A bucket's part as a source of its chunks, or null when the parts were dropped. */
  sourceOf(bucket: number): ReportSource | null {
    const part = this.parts.get(bucket);
    if (this.dropped || !part) return null;
    this.encode(part);
    const chunks = part.chunks;
    return {
      open() {
        let next = 0;
        return new ReadableStream<Uint8Array>({
          pull(controller) {
            const chunk = chunks[next++];
            if (chunk) controller.enqueue(chunk);
            else controller.close();
          },
        });
      },
    };
  }

  private encode(part: { chunks: Uint8Array[]; pending: string }): void {
    if (part.pending === '') return;
    const chunk = this.encoder.encode(part.pending);
    part.chunks.push(chunk);
    part.pending = '';
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      this.dropped = true;
      this.parts.clear();
    }
  }
}
