// POST /api/admin/import after its form is read: a dry run decided at once, else the files archived and their load started.
import type { Bindings } from '../env';
import { archivePostedFiles } from '../ingest/archive/posted-files';
import { importTarget } from '../ingest/import-target';
import { runImport } from '../ingest/run-import';
import type { ImportUpload } from './import-upload';
import { loadAnswer, type LoadAnswer } from './load-answer';
import { loadStepSettings, startOperatorLoad, type LoadStarted } from './loads';

/**
 * A dry run answers the per-file result at once: the posted files are in memory already (MAX_IMPORT_BYTES at
 * most) and a dry run writes nothing, the archive included. A load archives each file (so the archive holds
 * every file loaded) and starts its ArchiveLoad, answering the id to follow.
 * @example const answer = await importPosted(c.env, upload, network?.id ?? null, nowSeconds())
 */
export async function importPosted(
  env: Bindings,
  upload: ImportUpload,
  networkId: number | null,
  now: number,
): Promise<{ dryRun: LoadAnswer } | { started: LoadStarted }> {
  const options = { replace: upload.replace, reapply: upload.reapply, now };
  if (upload.dryRun) {
    const run = await runImport(importTarget(env), upload.files, { ...options, ...(networkId ? { networkId } : {}), dryRun: true });
    return { dryRun: loadAnswer({ kind: 'import', files: run.files, rollupBuckets: 0, changedDays: 0, dryRun: true, page: null }) };
  }
  const posted = upload.files.map((f) => ({ name: f.name, bytes: f.bytes, issuedAt: f.issued?.at ?? null }));
  const ids = await archivePostedFiles({ db: env.DB, bucket: env.REPORTS }, posted, networkId, now);
  const params = { kind: 'import' as const, ids, networkId, issuedAt: null, dryRun: false, page: null, ...options };
  return { started: await startOperatorLoad(env, { ...params, ...loadStepSettings(env) }) };
}
