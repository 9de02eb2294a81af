// Streams a report's bytes into R2: a part at a time (multipart past one part), never the whole file in memory.
import { createHash } from 'node:crypto';
import { isGzip } from '../parse/decode';

/**
 * Bytes per multipart part. R2 wants every part but the last of one size, at least 5 MiB; 8 MiB keeps
 * a Worker's memory at about two parts (one filling, one sending) whatever the file's size.
 */
export const ARCHIVE_PART_BYTES = 8 * 1024 * 1024;

export interface ArchivedObject {
  /** Bytes stored (after unpacking gzip). */
  bytes: number;
  /** SHA-256 of the stored bytes, hex. */
  sha256: string;
}

/** The stream could not be read to its end (a cut connection, a gzip cut short): nothing was stored. */
export class ArchiveReadError extends Error {
  constructor(detail: string) {
    super(`the file could not be read to its end: ${detail}`);
    this.name = 'ArchiveReadError';
  }
}

/** Fills parts of exactly `size` bytes from chunks of any size; the last part may be shorter. */
class PartBuffer {
  #part: Uint8Array;
  #filled = 0;

  constructor(private readonly size: number) {
    this.#part = new Uint8Array(size);
  }

  /** Adds bytes; returns the parts they completed. */
  add(chunk: Uint8Array): Uint8Array[] {
    const done: Uint8Array[] = [];
    let at = 0;
    while (at < chunk.length) {
      const take = Math.min(this.size - this.#filled, chunk.length - at);
      this.#part.set(chunk.subarray(at, at + take), this.#filled);
      this.#filled += take;
      at += take;
      if (this.#filled === this.size) {
        done.push(this.#part);
        this.#part = new Uint8Array(this.size);
        this.#filled = 0;
      }
    }
    return done;
  }

  /** What is left after the last whole part. */
  rest(): Uint8Array {
    return this.#part.subarray(0, this.#filled);
  }
}

/**
 * The stream's bytes, gunzipped as they come when they start with the gzip magic number (Google may send
 * a report packed, with or without Content-Encoding). A body that breaks off or a gzip cut short throws
 * ArchiveReadError. (workerd also reports such a stream's error as an unhandled rejection although every
 * read is awaited: workerd issue 501; tests/integration/known-rejections.ts.)
 */
async function* plainBytes(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  const read = async () => {
    try {
      return await reader.read();
    } catch (error) {
      throw new ArchiveReadError(error instanceof Error ? error.message : String(error));
    }
  };
  let head = await read();
  if (head.done) return;
  while (head.value.length < 2) {
    const more = await read();
    if (more.done) break;
    head = { done: false, value: new Uint8Array([...head.value, ...more.value]) };
  }
  if (!isGzip(head.value)) {
    yield head.value;
    for (let chunk = await read(); !chunk.done; chunk = await read()) yield chunk.value;
    return;
  }
  yield* gunzipped(head.value, read);
}

/** A gzip body unpacked as it is read: the first bytes, then the rest through `read`. */
async function* gunzipped(head: Uint8Array, read: () => Promise<ReadableStreamReadResult<Uint8Array>>): AsyncGenerator<Uint8Array> {
  const unzip = new DecompressionStream('gzip');
  const writer = unzip.writable.getWriter();
  const unpacked = unzip.readable.getReader();
  // Feed the decompressor from the body while its output is read below; a failure either side ends both.
  const feeding = (async () => {
    try {
      await writer.write(new Uint8Array(head));
      for (let chunk = await read(); !chunk.done; chunk = await read()) await writer.write(new Uint8Array(chunk.value));
      await writer.close();
    } catch (error) {
      await writer.abort(error).catch(() => undefined);
      throw error;
    }
  })();
  feeding.catch(() => undefined);
  try {
    for (let chunk = await unpacked.read(); !chunk.done; chunk = await unpacked.read()) yield chunk.value;
  } catch (error) {
    const fed = await feeding.then(
      () => null,
      (e: unknown) => e,
    );
    if (fed instanceof ArchiveReadError) throw fed;
    throw new ArchiveReadError(`not a readable gzip file (${error instanceof Error ? error.message : String(error)})`);
  }
  await feeding;
}

/**
 * Stores a stream under `key`: one put when it fits in a part, else a multipart upload of equal parts,
 * aborted when the stream breaks off (so no partial object is ever visible). Answers its size and hash.
 * @example const { sha256, bytes } = await writeArchiveObject(env.REPORTS, 'youtube/x/y.csv', res.body)
 */
export async function writeArchiveObject(bucket: R2Bucket, key: string, body: ReadableStream<Uint8Array>): Promise<ArchivedObject> {
  const hash = createHash('sha256');
  const parts = new PartBuffer(ARCHIVE_PART_BYTES);
  let upload: R2MultipartUpload | null = null;
  const sent: R2UploadedPart[] = [];
  let bytes = 0;
  try {
    for await (const chunk of plainBytes(body)) {
      hash.update(chunk);
      bytes += chunk.length;
      for (const part of parts.add(chunk)) {
        upload ??= await bucket.createMultipartUpload(key);
        sent.push(await upload.uploadPart(sent.length + 1, part));
      }
    }
    const rest = parts.rest();
    if (upload) {
      if (rest.length > 0) sent.push(await upload.uploadPart(sent.length + 1, rest));
      await upload.complete(sent);
    } else {
      await bucket.put(key, rest);
    }
  } catch (error) {
    await upload?.abort().catch(() => undefined);
    throw error;
  }
  return { bytes, sha256: hash.digest('hex') };
}
