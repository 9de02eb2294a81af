// One import as every way in (command line, admin API, schedule) runs it: load files, then rollups.
import { importFiles, type ImportFile, type ImportOptions, type ImportSummary } from './load/import-files';
import { refreshRollups } from './rollup/index';

export interface ImportRun extends ImportSummary {
  rollupMs: number;
}

/**
 * Loads the files (each one atomically) and refreshes the rollups for the days that changed.
 * @example const run = await runImport(env.DB, [{ name, bytes }], { networkId: 3 })
 */
export async function runImport(db: D1Database, files: ImportFile[], options: ImportOptions = {}): Promise<ImportRun> {
  const summary = await importFiles(db, files, options);
  const rollup = summary.changedDays.length > 0 ? await refreshRollups(db, { channelDays: summary.changedDays }) : { ms: 0 };
  return { ...summary, rollupMs: rollup.ms };
}
