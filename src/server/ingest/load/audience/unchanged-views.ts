// The views of a basic file loaded before ('unchanged'), for the demographics files of the same import.
import { ReportError, type BasicRow } from '../../parse';
import { streamReport } from '../../parse/csv-report';
import { decodedChunks, SourceDecodeError } from '../../parse/report-source';
import type { ImportSession } from '../import-session';
import type { PreparedFile } from '../prepare-file';
import { SLICE_ROWS } from '../streamed-daily';
import { FileViews } from './weights';

/**
 * Reads the file as a stream, never whole, its views kept as a new file's are (FileViews): as rows
 * while it fits in one slice, staged per demographics key in `db` (the database the file was recorded
 * in) once it is larger, so a million-row file loaded again holds a few thousand keys rather than its
 * text and rows. Nothing is written but those staged views, which the import removes when it ends
 * (BasicWeights.drop).
 * @example if (file.type.family === 'basic') await weighUnchanged(session, recordedIn.db, file)
 */
export async function weighUnchanged(session: ImportSession, db: D1Database, file: PreparedFile): Promise<void> {
  const weights = session.weights;
  if (!weights) return;
  const sliceRows = session.options.sliceRows ?? SLICE_ROWS;
  const importId = crypto.randomUUID();
  const views = new FileViews(weights, db, importId, session.now);
  let rows = 0;
  const visit = (row: BasicRow) => {
    views.add(row);
    if (++rows > sliceRows) views.spill();
  };
  try {
    await streamReport(file.name, file.head, decodedChunks(file.source), 'basic', visit, () => views.flush());
  } catch (error) {
    await views.settle();
    throw error instanceof SourceDecodeError ? new ReportError(file.name, null, error.message) : error;
  }
  await views.flush();
  const kept = views.keptRows;
  if (kept) weights.add(kept);
  else weights.addStaged(db, importId);
}
