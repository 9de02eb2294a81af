// Report bytes to text: gunzip when the gzip magic is present, strict UTF-8, no byte-order mark.

const GZIP_MAGIC_0 = 0x1f;
const GZIP_MAGIC_1 = 0x8b;
const BOM = '\uFEFF';

/** True when the bytes start with the gzip magic number (1f 8b). */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === GZIP_MAGIC_0 && bytes[1] === GZIP_MAGIC_1;
}

/** A gzip file that does not decompress (workerd reports it as a TypeError, like bad UTF-8). */
export class GzipError extends Error {
  constructor(readonly cause: unknown) {
    super('not a readable gzip file');
    this.name = 'GzipError';
  }
}

/** Decompresses a whole gzip file; a corrupt one throws GzipError. */
export async function gunzipBytes(bytes: Uint8Array): Promise<Uint8Array> {
  // Web APIs, so the same code runs in Node and in workerd. The copy gives the stream a plain
  // ArrayBuffer-backed view (a Node Buffer may sit on a shared pool); it is the small, packed size.
  const stream = new DecompressionStream('gzip');
  const writer = stream.writable.getWriter();
  // A corrupt file fails the readable side below; the writer's own promises would otherwise be
  // rejected with nobody listening (an unhandled rejection in workerd).
  writer.write(new Uint8Array(bytes)).catch(() => undefined);
  writer.close().catch(() => undefined);
  try {
    return new Uint8Array(await new Response(stream.readable).arrayBuffer());
  } catch (error) {
    throw new GzipError(error);
  }
}

/**
 * Decodes a downloaded report. Invalid UTF-8 throws (TypeError) rather than loading
 * replacement characters into titles.
 * @example const text = await decodeReportBytes(new Uint8Array(await res.arrayBuffer()))
 */
export async function decodeReportBytes(bytes: Uint8Array): Promise<string> {
  const plain = isGzip(bytes) ? await gunzipBytes(bytes) : bytes;
  // ignoreBOM: true keeps the mark in the string so that it is removed exactly once, here.
  const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(plain);
  return text.startsWith(BOM) ? text.slice(BOM.length) : text;
}
