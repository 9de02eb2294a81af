// Archived files loaded as one import, in the steps of a day's sync load: a large basic or revenue file is staged a
// piece per step, one `load` step applies everything in one transaction and records each file's outcome.
import type { ImportTarget } from '../run-import';
import { runImport, type ImportRun } from '../run-import';
import type { FileResult, ImportFile } from '../load/files';
import { dropStagedPieces } from '../load/pieces';
import type { PiecedFile } from '../load/files';
import type { Steps } from '../workflows/steps';
import { errorText } from '../sync/log';
import { importFileOf } from './archive-report';
import { loadsInPieces, stageArchivedPieces } from './load-pieces';
import { recordLoadOutcomes, type ArchivedFile } from './records';

/** How the operator asked the files to load. */
/** An import target that also reads the archive. */
export interface ReplayTarget extends ImportTarget {
  bucket: R2Bucket;
}

export interface ArchivedLoadOptions {
  /** The network channels first seen join (the files' own when null). */
  networkId: number | null;
  replace: boolean;
  reapply: boolean;
  /** Decide and report only: nothing staged, applied or recorded. */
  dryRun: boolean;
  /** The request's clock (unix seconds): every record of the load carries it. */
  now: number;
  pieceBytes: number;
}

/** What a load step answers (step results are stored, so only what the operator's answer needs). */
export interface LoadedGroup {
  files: FileResult[];
  rollupBuckets: number;
  changedDays: number;
}

/**
 * Loads `files` in one import as the sync loads a day (`loadReportDay`): pieces first, then the `load` step,
 * then the staged pieces dropped. A step that fails every try records the files failed, drops what was
 * staged for them, and throws. `label` names the steps, unique within an instance (the engine keys its
 * kept results by step name).
 * @example const group = await loadArchivedGroup(target, files, { networkId: 3, ...options }, steps, 'load')
 */
export async function loadArchivedGroup(
  target: ReplayTarget,
  files: ArchivedFile[],
  options: ArchivedLoadOptions,
  steps: Steps,
  label: string,
): Promise<LoadedGroup> {
  const pieced = new Map<number, PiecedFile>();
  const importOptions = {
    ...(options.networkId ? { networkId: options.networkId } : {}),
    replace: options.replace,
    reapply: options.reapply,
    dryRun: options.dryRun,
    now: options.now,
  };
  try {
    // Staging writes scratch rows: a dry run reads each file whole in its one step instead.
    const inPieces = options.dryRun ? [] : files.filter((f) => loadsInPieces(f, options.pieceBytes));
    for (const file of inPieces) {
      pieced.set(
        file.id,
        await stageArchivedPieces(target, target, file, importFileOf(target, file), importOptions, steps, options.pieceBytes),
      );
    }
    return await steps.do(label, async () => {
      const importFiles: ImportFile[] = files.map((f) => ({ ...importFileOf(target, f), pieces: pieced.get(f.id) }));
      const run: ImportRun = await runImport(target, importFiles, importOptions);
      for (const pieces of pieced.values()) await dropStagedPieces(target, pieces);
      if (!options.dryRun) {
        const outcomes = run.files.flatMap((result, i) => (files[i] ? [{ id: files[i].id, result }] : []));
        await recordLoadOutcomes(target.db, outcomes, options.now);
      }
      return { files: run.files, rollupBuckets: run.rollupBuckets, changedDays: run.changedDays.length };
    });
  } catch (error) {
    // The engine's tries are spent: nothing applies the staged pieces now (the sweep of stale ones is the fallback).
    if (pieced.size > 0) {
      await steps
        .do(`${label}: drop staged pieces`, async () => {
          for (const pieces of pieced.values()) await dropStagedPieces(target, pieces);
        })
        .catch(() => undefined);
    }
    if (!options.dryRun) {
      await steps.do(`${label}: record the failure`, () =>
        recordLoadOutcomes(
          target.db,
          files.map((f) => ({ id: f.id, failed: errorText(error) })),
          options.now,
        ),
      );
    }
    throw error;
  }
}
