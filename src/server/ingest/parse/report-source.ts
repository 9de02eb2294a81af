// A report file as a stream that can be opened again: decoded and fingerprinted chunk by chunk, never whole.
import { createHash } from 'node:crypto';
import { GzipError, gunzipBytes, isGzip } from './decode';

/**
 * Where a report's bytes come from, as stored (gzip or plain). Each open() starts a new stream from
 * the beginning: a large file is read once to fingerprint it and once to load it, so it never has to
 * sit in memory whole (the command line opens the file on disk; an upload wraps its bytes).
 */
export interface ReportSource {
  open(): ReadableStream<Uint8Array>;
}

/** Bytes handed on per read of an in-memory source. */
const SOURCE_CHUNK_BYTES = 1024 * 1024;

/** A source over bytes already in memory (an upload, a test's text). */
export function bytesSource(bytes: Uint8Array): ReportSource {
  return {
    open() {
      let at = 0;
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          if (at >= bytes.length) {
            controller.close();
            return;
          }
          // slice, not subarray: a copy of one chunk on a plain ArrayBuffer (a Node Buffer may sit on a shared pool).
          controller.enqueue(bytes.slice(at, at + SOURCE_CHUNK_BYTES));
          at += SOURCE_CHUNK_BYTES;
        },
      });
    },
  };
}

// EF BB BF: the UTF-8 byte-order mark, left out of the content (and of its fingerprint).
const BOM_BYTES = [0xef, 0xbb, 0xbf] as const;
const LINE_FEED = 0x0a;
/** Enough for a title line and a header of a few hundred columns (see readHeader). */
export const HEAD_CHARS = 64 * 1024;

/** A file that is not UTF-8, or a gzip file that does not decompress. */
export class SourceDecodeError extends Error {
  constructor(readonly kind: 'utf8' | 'gzip') {
    super(kind === 'utf8' ? 'not valid UTF-8 text' : 'not a readable gzip file');
    this.name = 'SourceDecodeError';
  }
}

/** Chunks of a reader, from the first one it gave up to its end. */
async function* rest(reader: ReadableStreamDefaultReader<Uint8Array>, head: Uint8Array): AsyncGenerator<Uint8Array> {
  if (head.length > 0) yield head;
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done) return;
    yield chunk.value;
  }
}

/** The chunks joined into one array. */
async function joined(chunks: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let length = 0;
  for await (const part of chunks) {
    parts.push(part);
    length += part.length;
  }
  const all = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
}

/**
 * The decompressed bytes, byte-order mark removed, in the chunks the stream delivers. One open per
 * read: the first chunk tells a gzip file (its magic number) from plain text.
 */
async function* contentBytes(source: ReportSource): AsyncGenerator<Uint8Array> {
  const reader = source.open().getReader();
  try {
    let head: Uint8Array = new Uint8Array(0);
    while (head.length < 2) {
      const chunk = await reader.read();
      if (chunk.done) break;
      head = head.length === 0 ? chunk.value : new Uint8Array([...head, ...chunk.value]);
    }
    let chunks = rest(reader, head);
    if (isGzip(head)) {
      // Decompressed whole (decode.ts): workerd left the rejection of a corrupt file's streamed
      // decompression unhandled, though every read was awaited. Uploads are gzip-packed bytes in
      // memory already; the command line hands files over decompressed, as a stream.
      try {
        chunks = rest(reader, await gunzipBytes(await joined(chunks)));
      } catch (error) {
        throw error instanceof GzipError ? new SourceDecodeError('gzip') : error;
      }
    }
    let first = true;
    for await (let bytes of chunks) {
      if (first && bytes.length > 0) {
        first = false;
        if (BOM_BYTES.every((b, i) => bytes[i] === b)) bytes = bytes.subarray(BOM_BYTES.length);
      }
      yield bytes;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/**
 * A streaming UTF-8 decoder: each call decodes the next bytes (none: the end), and invalid UTF-8 throws
 * SourceDecodeError rather than becoming replacement characters.
 */
function strictUtf8(): (bytes?: Uint8Array) => string {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  return (bytes) => {
    try {
      return bytes ? decoder.decode(bytes, { stream: true }) : decoder.decode();
    } catch {
      throw new SourceDecodeError('utf8');
    }
  };
}

/**
 * The content as text, chunk by chunk; invalid UTF-8 throws SourceDecodeError rather than loading
 * replacement characters into titles.
 * @example for await (const text of decodedChunks(source)) reader.feed(text)
 */
export async function* decodedChunks(source: ReportSource): AsyncGenerator<string> {
  const decode = strictUtf8();
  for await (const bytes of contentBytes(source)) {
    const text = decode(bytes);
    if (text !== '') yield text;
  }
  const rest = decode();
  if (rest !== '') yield rest;
}

/** The whole content as one string: for the report families whose files are small (snapshots, statements). */
export async function decodedText(source: ReportSource): Promise<string> {
  let text = '';
  for await (const chunk of decodedChunks(source)) text += chunk;
  return text;
}

export interface ContentDigest {
  /** SHA-256 of the decoded content (after gunzip, without a byte-order mark), hex. */
  readonly sha256: string;
  readonly lineBreaks: number;
  /** The first HEAD_CHARS characters: enough to read the header. */
  readonly head: string;
}

/**
 * Reads the content once to fingerprint it, count its lines and keep its head, holding one chunk at a
 * time. The text is checked as UTF-8 on the way, so a file that fails here fails before any writing.
 */
export async function digestContent(source: ReportSource): Promise<ContentDigest> {
  const hash = createHash('sha256');
  const decode = strictUtf8();
  let lineBreaks = 0;
  let head = '';
  for await (const bytes of contentBytes(source)) {
    hash.update(bytes);
    for (let at = bytes.indexOf(LINE_FEED); at >= 0; at = bytes.indexOf(LINE_FEED, at + 1)) lineBreaks++;
    const text = decode(bytes);
    if (head.length < HEAD_CHARS) head += text.slice(0, HEAD_CHARS - head.length);
  }
  decode();
  return { sha256: hash.digest('hex'), lineBreaks, head };
}
