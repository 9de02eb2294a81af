// A report file on disk as a ReportSource: read again on each open, gunzipped on the way, never held whole.
import { closeSync, createReadStream, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { createGunzip, gunzipSync } from 'node:zlib';
import type { ReportSource } from '../../src/server/ingest/parse/report-source.ts';

const GZIP_MAGIC = [0x1f, 0x8b] as const;
/** Bytes per read: a few large reads instead of many 64 KB ones. */
const READ_BYTES = 1024 * 1024;
/**
 * Files up to this size are read in one call each time: opening a file stream costs a few
 * milliseconds, which a year of daily files (1,825 of them, each read twice) felt as seconds.
 */
const SMALL_FILE_BYTES = 4 * 1024 * 1024;

function isGzipFile(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(2);
    return readSync(fd, head, 0, 2, 0) === 2 && head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1];
  } finally {
    closeSync(fd);
  }
}

/**
 * The file's content as a stream: a gzip file decompressed by Node's zlib as it is read (the importer's
 * own gunzip takes a whole file), so neither the file nor its text is ever in memory whole.
 * @example const source = fileSource('reports/x.csv.gz'); await importFiles(db, [{ name, source }])
 */
export function fileSource(file: string): ReportSource {
  const gzip = isGzipFile(file);
  const small = statSync(file).size <= SMALL_FILE_BYTES;
  return {
    open() {
      if (small) {
        const bytes = readFileSync(file);
        const content = new Uint8Array(gzip ? gunzipSync(bytes) : bytes);
        return new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(content);
            controller.close();
          },
        });
      }
      const bytes = createReadStream(file, { highWaterMark: READ_BYTES });
      const content = gzip ? bytes.pipe(createGunzip()) : bytes;
      // A corrupt gzip file errors the stream, which the importer reports as not a readable gzip file.
      return Readable.toWeb(content) as ReadableStream<Uint8Array>;
    },
  };
}
