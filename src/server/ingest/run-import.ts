// One import as every way in (command line, admin API, schedule) runs it: pending rollups, load files, rollups.
import { importFiles, type ImportFile, type ImportOptions, type ImportSummary } from './load/import-files';
import { refreshPendingRollups } from './rollup/index';

export interface ImportRun extends ImportSummary {
  rollupMs: number;
  /** (channel, month) buckets whose rollups were refreshed, left over from earlier loads included. */
  rollupBuckets: number;
}

/**
 * Refreshes rollups left pending by an earlier load that was cut off, loads the files (each one
 * atomically, with the record of the buckets it dirtied), then refreshes those buckets. A dry run
 * decides and reports, and writes nothing.
 * @example const run = await runImport(env.DB, [{ name, bytes }], { networkId: 3 })
 */
export async function runImport(db: D1Database, files: ImportFile[], options: ImportOptions = {}): Promise<ImportRun> {
  if (options.dryRun) return { ...(await importFiles(db, files, options)), rollupMs: 0, rollupBuckets: 0 };
  const before = await refreshPendingRollups(db);
  const summary = await importFiles(db, files, options);
  const after = await refreshPendingRollups(db);
  return { ...summary, rollupMs: before.ms + after.ms, rollupBuckets: before.buckets + after.buckets };
}
