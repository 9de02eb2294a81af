// Hands generated report files to the real importer (importSplit) as bytes, and fails loudly if it rejects one.
import { importSplit } from '../../../src/server/ingest/load/import-files';
import type { ImportTarget } from '../../../src/server/ingest/run-import';
import type { ReportBatch } from '../formats/partner-reports';
import type { FileSink } from './sink';

/** A report file as downloaded: its path under the files folder and its bytes. */
export interface EncodedFile {
  path: string;
  bytes: Uint8Array;
}

/** One importFiles call's files, encoded, and the clock for it. */
export interface EncodedBatch {
  kind: ReportBatch['kind'];
  files: EncodedFile[];
  now: number;
}

export interface ImportTally {
  files: number;
  rows: number;
}

const encoder = new TextEncoder();

/** A batch of text files as the bytes the importer takes. */
export function encodeBatch(batch: ReportBatch): EncodedBatch {
  return { kind: batch.kind, now: batch.now, files: batch.files.map((f) => ({ path: f.path, bytes: encoder.encode(f.text) })) };
}

/**
 * Loads the batch's files in one import (a period's demographics need its basic file in the same call)
 * for the partner network, into its store when the target splits partner data by network, with the
 * clock at batch.now (loaded_at, and the finalized_at of a finance statement). Adds to the tally;
 * throws with the importer's reasons when a file is not loaded.
 */
export async function importBatch(
  target: Pick<ImportTarget, 'db' | 'storeOf'>,
  batch: EncodedBatch,
  networkId: number,
  sink: FileSink,
  tally: ImportTally,
): Promise<void> {
  for (const file of batch.files) sink.write(file.path, file.bytes);
  const inputs = batch.files.map((file) => ({ name: file.path.slice(file.path.lastIndexOf('/') + 1), bytes: file.bytes }));
  const { summary } = await importSplit(target.db, target.storeOf ?? null, inputs, { networkId, now: batch.now });
  const failed = summary.files.filter((f) => f.status !== 'loaded' && f.status !== 'replaced');
  if (failed.length > 0) {
    throw new Error(`the importer did not load ${failed.map((f) => `${f.name} (${f.status}: ${f.reason ?? 'no reason'})`).join('; ')}`);
  }
  tally.files += batch.files.length;
  tally.rows += summary.files.reduce((sum, f) => sum + f.rows, 0);
}
