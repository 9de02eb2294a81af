// An archived report too large for one step, staged a piece (a byte range) per step before its load applies it.
import { getReportType } from '../parse';
import type { ImportFile, ImportOptions } from '../load/files';
import { isStreamedFamily } from '../load/streamed-daily';
import { archivedImportId, dropStaged, dropStagedPieces, lineOffsetAfter, stagePiece, type PieceTarget } from '../load/pieces';
import type { CutPiece, PiecedFile, StagedPiece } from '../load/files';
import type { Steps } from '../workflows/steps';
import type { ArchiveTarget } from './archive-report';
import { archivePieceSource, byteRanges } from './read-object';
import type { ArchivedFile } from './records';
import { log } from '../../log/log';

/** Whether the file is loaded in pieces: a basic or revenue report larger than one piece. */
export function loadsInPieces(file: ArchivedFile, pieceBytes: number): boolean {
  const family = file.reportTypeId === null ? null : (getReportType(file.reportTypeId)?.family ?? null);
  return family !== null && isStreamedFamily(family) && (file.bytes ?? 0) > pieceBytes;
}

/**
 * Stages an archived file a piece per step (each step reads one byte range of the R2 object, cut at
 * record boundaries, and stages its sums in the network's store); a piece that rejects the file ends it.
 * The import id is a step's result, so a restarted instance stages the rest under the same one; it names the
 * file, so the first piece of a later load of it clears what this one left should it never end (pieces.ts).
 * @example const pieces = await stageArchivedPieces(archive, target, file, importFile, { networkId, now }, steps, bytes)
 */
export async function stageArchivedPieces(
  archive: ArchiveTarget,
  target: PieceTarget,
  file: ArchivedFile,
  importFile: ImportFile,
  options: ImportOptions & { now: number },
  steps: Steps,
  pieceBytes: number,
): Promise<PiecedFile> {
  const ranges = byteRanges(file.bytes ?? 0, pieceBytes);
  // Logged in the step, so an instance replayed after a restart does not say it again.
  const importId = await steps.do(`pieces of ${file.id}`, () => {
    log.info('archive.pieces', {
      message: `${file.name} (${file.bytes ?? 0} bytes) loads in ${ranges.length} pieces`,
      file: file.name,
      pieces: ranges.length,
    });
    return Promise.resolve(archivedImportId(file.id));
  });
  const pieces: Array<StagedPiece | CutPiece> = [];
  try {
    for (const [index, range] of ranges.entries()) {
      const source = archivePieceSource(archive.bucket, file.objectKey, range);
      const piece = { index, lineOffset: lineOffsetAfter(pieces) };
      const name = `stage ${file.id} piece ${index + 1} of ${ranges.length}`;
      const staged = await steps.do(name, async () => {
        const result = await stagePiece(target, { ...importFile, source }, piece, importId, options);
        // A long load's progress, said once per piece (in the step: a replayed instance does not repeat it).
        log.info('archive.piece_staged', {
          message: `${file.name} piece ${index + 1} of ${ranges.length} staged`,
          file: file.name,
          piece: index + 1,
          pieces: ranges.length,
        });
        return result;
      });
      if ('rejected' in staged) return { importId, pieces: [...pieces, staged] };
      pieces.push(staged);
    }
  } catch (error) {
    // The engine's retries are spent (or there are none, inline): what the pieces staged goes.
    // Where the pieces so far staged (every bucket's store they were cut into), and the first store.
    await dropStagedPieces(target, { importId, pieces }).catch(() => undefined);
    await dropStaged(target, importId, options.networkId ?? null).catch(() => undefined);
    throw error;
  }
  return { importId, pieces };
}
