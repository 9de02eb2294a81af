// One result for a file loaded as parts, one part per bucket of its network's stores (bucket-parts.ts).
import type { FileResult, FileStatus } from './files';

/** A part's result and the bucket it loaded into. */
export interface PartResult {
  readonly bucket: number;
  readonly result: FileResult;
}

/** Of parts that all loaded or were left alone, the status the file gets: what the most written part did. */
const RANK: readonly FileStatus[] = ['unchanged', 'skipped', 'loaded', 'replaced'];

/**
 * The file's result from its parts': rows and channels added up, days joined, each decision named by
 * its bucket. A rejected part rejects the file; the parts loaded before it stay loaded (each part is its
 * own transaction), which the result says, and loading the corrected file again finishes it: the parts
 * already in answer "unchanged".
 * @example fileResult([{ bucket: 0, result: a }, { bucket: 1, result: b }])
 */
export function fileResult(parts: readonly PartResult[]): FileResult {
  const [only] = parts;
  if (!only) throw new Error('a file loads as one part at least');
  if (parts.length === 1) return only.result;
  const named = (p: PartResult) => (p.result.decisions ?? []).map((d) => `bucket ${p.bucket}: ${d}`);
  const days = [...new Set(parts.flatMap((p) => p.result.days))].sort();
  const merged: FileResult = {
    name: only.result.name,
    reportType: only.result.reportType,
    status: RANK.reduce<FileStatus>((s, r) => (parts.some((p) => p.result.status === r) ? r : s), 'unchanged'),
    rows: parts.reduce((n, p) => n + p.result.rows, 0),
    channels: parts.reduce((n, p) => n + p.result.channels, 0),
    days,
    decisions: parts.flatMap(named),
  };
  const refused = parts.find((p) => p.result.status === 'rejected');
  if (!refused) return merged;
  const kept = parts.filter((p) => p.result.status === 'loaded' || p.result.status === 'replaced').map((p) => p.bucket);
  const stays = kept.length ? `; buckets ${kept.join(', ')} loaded and stay loaded: load the corrected file again to finish` : '';
  return { ...merged, status: 'rejected', reason: `${refused.result.reason ?? 'rejected'} (bucket ${refused.bucket}${stays})` };
}
