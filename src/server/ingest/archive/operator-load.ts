// An operator's load of archived files (an upload, a replayed page, posted files): the files grouped by network,
// each group loaded in the steps of loadArchivedGroup. The Workflow ArchiveLoad runs it; without its binding, inline.
import type { FileResult } from '../load/files';
import type { Steps } from '../workflows/steps';
import { loadArchivedGroup, type ArchivedLoadOptions } from './load-archived';
import { archivedFilesByIds, type ArchivedFile } from './records';
import type { ReplayTarget } from './load-archived';
import { withReportType } from './upload-type';

/** Which endpoint started the load: its answer when done has that endpoint's shape (src/server/admin/load-answer.ts). */
export type LoadKind = 'upload' | 'replay' | 'import';

/** What an instance is given (kept by the engine: ids and options, never file contents or secrets). */
export interface OperatorLoadParams extends ArchivedLoadOptions {
  kind: LoadKind;
  /** report_archive ids, in the order their results are answered. */
  ids: number[];
  /** An issue time the operator stated for these files (unix seconds), when the archive row does not hold it yet. */
  issuedAt: number | null;
  retrySeconds: number;
  /** A replay's page: the days it covers and where the next call starts. */
  page: { days: string[]; next: string | null } | null;
}

/** What the load did: the importer's verdict per file (in the order of ids) and the totals. */
export interface OperatorLoadOutput {
  kind: LoadKind;
  files: FileResult[];
  rollupBuckets: number;
  changedDays: number;
  dryRun: boolean;
  page: OperatorLoadParams['page'];
}

/** Files grouped by the network they load into (the operator's, else each file's own), each group in id order. */
function groupsOf(files: ArchivedFile[], networkId: number | null): Array<{ networkId: number | null; files: ArchivedFile[] }> {
  const groups = new Map<number | null, ArchivedFile[]>();
  for (const f of files) {
    const key = networkId ?? f.networkId;
    const group = groups.get(key);
    if (group) group.push(f);
    else groups.set(key, [f]);
  }
  return [...groups].map(([key, group]) => ({ networkId: key, files: group }));
}

/**
 * Loads the archived files `params.ids`, one import per network, and answers each file's result.
 * @example const output = await runOperatorLoad(target, params, inlineSteps)
 */
export async function runOperatorLoad(target: ReplayTarget, params: OperatorLoadParams, steps: Steps): Promise<OperatorLoadOutput> {
  const files = await steps.do('files', async () => {
    const found = await archivedFilesByIds(target.db, params.ids);
    const typed = await Promise.all(found.map((f) => withReportType(target.bucket, f)));
    return params.issuedAt === null ? typed : typed.map((f) => ({ ...f, issuedAt: params.issuedAt }));
  });
  const groups = groupsOf(files, params.networkId);
  const results = new Map<number, FileResult>();
  let rollupBuckets = 0;
  let changedDays = 0;
  for (const [i, group] of groups.entries()) {
    const label = groups.length === 1 ? 'load' : `load ${i + 1} of ${groups.length}`;
    const loaded = await loadArchivedGroup(target, group.files, { ...params, networkId: group.networkId }, steps, label);
    loaded.files.forEach((result, k) => {
      const file = group.files[k];
      if (file) results.set(file.id, result);
    });
    rollupBuckets += loaded.rollupBuckets;
    changedDays += loaded.changedDays;
  }
  return {
    kind: params.kind,
    files: files.flatMap((f) => results.get(f.id) ?? []),
    rollupBuckets,
    changedDays,
    dryRun: params.dryRun,
    page: params.page,
  };
}
