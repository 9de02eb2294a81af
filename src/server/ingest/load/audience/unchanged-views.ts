// The views of a basic file loaded before ('unchanged'), for the demographics files of the same import.
import { ReportError, type BasicRow } from '../../parse';
import { streamReport } from '../../parse/csv-report';
import { decodedChunks, SourceDecodeError } from '../../parse/report-source';
import type { ImportSession } from '../import-session';
import type { PreparedFile } from '../prepare-file';
import { SLICE_ROWS } from '../streamed-daily';
import type { PieceWeights } from './staged-weights';

/**
 * Reads the file as a stream, never whole: its rows are kept while they fit in one slice, as a new
 * file's are (readDailyFile), and once there are more its views are staged per demographics key in
 * `db` (the database the file was recorded in), so a million-row file loaded again holds a few
 * thousand keys rather than its text and rows. Nothing is written but those staged views, which the
 * import removes when it ends (BasicWeights.drop).
 * @example if (file.type.family === 'basic') await weighUnchanged(session, recordedIn.db, file)
 */
export async function weighUnchanged(session: ImportSession, db: D1Database, file: PreparedFile): Promise<void> {
  const weights = session.weights;
  if (!weights) return;
  const sliceRows = session.options.sliceRows ?? SLICE_ROWS;
  const importId = crypto.randomUUID();
  let rows: BasicRow[] = [];
  let staged: PieceWeights | null = null;
  const visit = (row: BasicRow) => {
    if (staged) return staged.add(row);
    rows.push(row);
    if (rows.length <= sliceRows) return;
    staged = weights.stage(db, importId, session.now);
    for (const kept of rows) staged.add(kept);
    rows = [];
  };
  try {
    await streamReport(file.name, file.head, decodedChunks(file.source), 'basic', visit, () => Promise.resolve());
  } catch (error) {
    await (staged as PieceWeights | null)?.settle();
    throw error instanceof SourceDecodeError ? new ReportError(file.name, null, error.message) : error;
  }
  const done = staged as PieceWeights | null;
  if (done) {
    await done.flush();
    weights.addStaged(db, importId);
  } else {
    weights.add(rows);
  }
}
