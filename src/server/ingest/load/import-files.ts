// Loads parsed YouTube report files into the D1 tables: each file in one batch, replacing re-issued days.
import { loadFile, rejected } from './load-file';
import { openSession, type ImportSession, type StoreOf } from './import-session';
import { loadOrder, prepareFile, type PreparedFile } from './prepare-file';
import { spreadFile } from './spread-files';
import { fileResult, type PartResult } from './part-results';
import type { FileResult, ImportFile, ImportOptions, ImportSummary } from './files';
import { MS_PER_SECOND } from '../../../lib/dates/time';

/**
 * Daily families whose files share batches: their plans read only other families' tables (videos,
 * claims) and their decisions see the files before them through the session.
 */
const GROUPED_FAMILIES: ReadonlySet<string> = new Set(['basic', 'partner_revenue', 'reach', 'traffic_source', 'demographics']);

/**
 * Loads report files (plain or gzip) in dependency order: video metadata, basic, revenue, reach,
 * finance, demographics (weighted by this call's basic files), claims. Each file loads completely in
 * one D1 batch or not at all; results come back in the order given. changedDays lists every
 * (channel, day) whose daily facts were written, for the rollups.
 * @example const { files, changedDays } = await importFiles(env.DB, [{ name, bytes }], { networkId: 3 })
 */
export async function importFiles(db: D1Database, files: ImportFile[], options: ImportOptions = {}): Promise<ImportSummary> {
  return (await importSplit(db, null, files, options)).summary;
}

/**
 * importFiles where partner data may be split by network (docs/partner-store.md): a file of a network
 * is planned and written in `storeOf(network)`, its catalogue rows created in the shared D1 first.
 * Also answers the databases it wrote (their rollups are to be refreshed).
 * @example const { summary, written } = await importSplit(env.DB, (id) => partnerDb(env, id), files, { networkId: 3 })
 */
export async function importSplit(
  db: D1Database,
  storeOf: StoreOf | null,
  files: ImportFile[],
  options: ImportOptions = {},
): Promise<{ summary: ImportSummary; written: D1Database[] }> {
  const now = options.now ?? Math.floor(Date.now() / MS_PER_SECOND);
  const results: FileResult[] = files.map((f) => rejected(f.name, null, `${f.name}: not processed`));
  const prepared: PreparedFile[] = [];
  for (const [index, file] of files.entries()) {
    const preparation = await prepareFile(index, file);
    if (preparation.ok) prepared.push(preparation.file);
    else results[index] = rejected(preparation.name, null, preparation.reason);
  }
  const session = await openSession(
    db,
    options,
    now,
    prepared.some((f) => f.type.family === 'demographics'),
    storeOf,
  );
  let family: string | null = null;
  try {
    for (const file of loadOrder(prepared)) {
      // A family reads what the ones before it wrote (basic files the videos of metadata): those go first.
      if (file.type.family !== family || !GROUPED_FAMILIES.has(file.type.family)) await session.flush();
      family = file.type.family;
      // Split, a file of a network spread over several stores loads as one part per bucket.
      const parts = storeOf ? await spreadFile(db, session.networks, file, options.networkId) : [file];
      if ('refused' in parts) results[file.index] = rejected(file.name, file.type.id, parts.refused);
      else results[file.index] = await loadParts(session, parts);
    }
    await session.flush();
  } finally {
    // The views large basic files staged weigh demographics loaded after them: kept to the end, then
    // removed, whether the import got there or failed on the way.
    await session.weights?.drop();
  }
  return { summary: { files: results, changedDays: session.changedDays() }, written: session.written() };
}

/** A file's parts loaded in bucket order (one part: the file), and the file's result from theirs. */
async function loadParts(session: ImportSession, parts: readonly PreparedFile[]): Promise<FileResult> {
  const loaded: PartResult[] = [];
  for (const part of parts) loaded.push({ bucket: part.bucket, result: await loadFile(session, part) });
  return fileResult(loaded);
}
