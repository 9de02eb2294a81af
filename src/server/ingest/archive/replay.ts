// Replays archived report files: loads a network's history again from R2, days at a time, after YouTube deleted its copies.
import * as z from 'zod';
import { runImport, type ImportTarget } from '../run-import';
import type { FileStatus } from '../load/import-files';
import { importFileOf } from './archive-report';
import { archivedDays, archivedFilesOf, recordLoadOutcomes, type ArchivedFile } from './records';

/** Days a replay call loads at most (a day of a big network is several files of millions of rows). */
export const REPLAY_DAYS_MAX = 31;
export const REPLAY_DAYS_DEFAULT = 7;
/** A replay covers at most ten years of days. */
const REPLAY_SPAN_DAYS_MAX = 3_660;
const MS_PER_DAY = 86_400_000;

const day = z.iso.date('Use a day as YYYY-MM-DD.');

/** One replay call: a network (or every one), a day range, where the last call stopped, days per call. */
export const replaySchema = z
  .object({
    network: z.union([z.literal('all'), z.string().trim().min(1).max(100), z.number().int().positive().max(Number.MAX_SAFE_INTEGER)]),
    from: day.default('2005-01-01'),
    to: day.default('9999-12-31'),
    after: day.optional(),
    days: z.number().int().min(1).max(REPLAY_DAYS_MAX).default(REPLAY_DAYS_DEFAULT),
  })
  .refine((r) => r.from <= r.to, { message: 'from must not be after to.', path: ['from'] })
  .refine((r) => r.to === '9999-12-31' || (Date.parse(r.to) - Date.parse(r.from)) / MS_PER_DAY <= REPLAY_SPAN_DAYS_MAX, {
    message: `A replay covers at most ${REPLAY_SPAN_DAYS_MAX} days: split the range.`,
    path: ['to'],
  });
export type ReplayInput = z.infer<typeof replaySchema>;

export interface ReplayPage {
  /** The days whose files this call loaded (files with no day come with the first call). */
  days: string[];
  files: number;
  statuses: Partial<Record<FileStatus, number>>;
  /** Pass as `after` to go on; null when the range is done. */
  next: string | null;
}

/** An import target that also reads the archive. */
export interface ReplayTarget extends ImportTarget {
  bucket: R2Bucket;
}

/**
 * Loads the archived files of the next days of the range again (a file whose content is loaded is
 * applied again, as `--reapply`; of two files for a day the later issued still wins), one import per
 * network so each file's channels land in its own network, and records each file's outcome.
 * @example let page = await replayPage(target, { networkId: 3, from: '2026-01-01', to: '2026-03-31', after: undefined, days: 7 }, now)
 */
export async function replayPage(
  target: ReplayTarget,
  input: { networkId: number | null; from: string; to: string; after: string | undefined; days: number },
  now: number,
): Promise<ReplayPage> {
  const first = input.after === undefined;
  const days = await archivedDays(target.db, input.networkId, { from: input.from, afterDay: input.after ?? '', to: input.to }, input.days);
  const files = await archivedFilesOf(target.db, input.networkId, days, first);
  const statuses: Partial<Record<FileStatus, number>> = {};
  for (const group of byNetwork(files)) {
    const run = await runImport(
      target,
      group.map((f) => importFileOf(target, f)),
      { ...(group[0]?.networkId ? { networkId: group[0].networkId } : {}), reapply: true, now },
    );
    await recordLoadOutcomes(
      target.db,
      run.files.flatMap((result, i) => (group[i] ? [{ id: group[i].id, result }] : [])),
      now,
    );
    for (const f of run.files) statuses[f.status] = (statuses[f.status] ?? 0) + 1;
  }
  return { days, files: files.length, statuses, next: days.length < input.days ? null : (days.at(-1) ?? null) };
}

/** Files grouped by their network, each group in archive order. */
function byNetwork(files: ArchivedFile[]): ArchivedFile[][] {
  const groups = new Map<number | null, ArchivedFile[]>();
  for (const f of files) {
    const group = groups.get(f.networkId);
    if (group) group.push(f);
    else groups.set(f.networkId, [f]);
  }
  return [...groups.values()];
}
