// The answer of a finished load in the shape its endpoint answered when it loaded in the request.
import type { FileResult } from '../ingest/load/files';
import type { OperatorLoadOutput } from '../ingest/archive/operator-load';
import { statusCounts, type ReplayPage } from '../ingest/archive/replay';

/** POST /api/admin/uploads/:id/load. */
export interface UploadLoadAnswer {
  files: FileResult[];
  rollup_buckets: number;
  dry_run: boolean;
}

/** POST /api/admin/import. */
export interface ImportAnswer extends UploadLoadAnswer {
  rejected: number;
  changed_days: number;
}

export type LoadAnswer = UploadLoadAnswer | ImportAnswer | ReplayPage;

/** A load's output as its endpoint's answer. */
export function loadAnswer(output: OperatorLoadOutput): LoadAnswer {
  const { files, rollupBuckets, dryRun } = output;
  if (output.kind === 'replay') {
    return { days: output.page?.days ?? [], files: files.length, statuses: statusCounts(files), next: output.page?.next ?? null };
  }
  if (output.kind === 'upload') return { files, rollup_buckets: rollupBuckets, dry_run: dryRun };
  // Each file loads whole or not at all, so the answer reports per file; callers check "rejected".
  const rejected = files.filter((f) => f.status === 'rejected').length;
  return { files, rejected, changed_days: output.changedDays, rollup_buckets: rollupBuckets, dry_run: dryRun };
}
