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
      let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
      return new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (!reader) {
            const object = await bucket.get(key).catch((error: unknown) => {
              throw new ArchiveMissingError(key, `could not be read (${error instanceof Error ? error.message : String(error)})`);
            });
            if (!object) throw new ArchiveMissingError(key);
            reader = object.body.getReader();
            reader.closed.catch(() => undefined);
          }
          const chunk = await reader.read();
          if (chunk.done) controller.close();
          else controller.enqueue(chunk.value);
        },
        async cancel() {
          await reader?.cancel().catch(() => undefined);
        },
      });
    },
  };
}
