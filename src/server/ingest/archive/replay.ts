// Replays archived report files: loads a network's history again from R2, days at a time, after YouTube deleted its copies.
import * as z from 'zod';
import type { ReplayTarget } from './load-archived';
import type { FileStatus } from '../load/files';
import { inlineSteps } from '../workflows/steps';
import { runOperatorLoad, type OperatorLoadParams } from './operator-load';
import { archivedDays, archivedFilesOf, type ArchivedFile } from './records';

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

/** A page of a replay: the days it covers, their archived files, and where the next page starts. */
export interface ReplayFiles {
  days: string[];
  files: ArchivedFile[];
  next: string | null;
}

/**
 * The archived files of the next days of the range (files with no day come with the first page), which a
 * replay loads again: a file whose content is loaded is applied again, as `--reapply`; of two files for a day
 * the later issued still wins; each file's channels land in its own network.
 * @example const page = await replayFiles(env.DB, { networkId: 3, from: '2026-01-01', to: '2026-03-31', after: undefined, days: 7 })
 */
export async function replayFiles(
  db: D1Database,
  input: { networkId: number | null; from: string; to: string; after: string | undefined; days: number },
): Promise<ReplayFiles> {
  const first = input.after === undefined;
  const days = await archivedDays(db, input.networkId, { from: input.from, afterDay: input.after ?? '', to: input.to }, input.days);
  const files = await archivedFilesOf(db, input.networkId, days, first);
  return { days, files, next: days.length < input.days ? null : (days.at(-1) ?? null) };
}

/** A replay's load of a page: each file into its own network, applied again, in the operator's load steps. */
export function replayLoad(page: ReplayFiles, now: number, steps: { pieceBytes: number; retrySeconds: number }): OperatorLoadParams {
  return {
    kind: 'replay',
    ids: page.files.map((f) => f.id),
    networkId: null,
    issuedAt: null,
    replace: false,
    reapply: true,
    dryRun: false,
    now,
    page: { days: page.days, next: page.next },
    ...steps,
  };
}

/**
 * Loads a page of a replay in this process (the command line on the local state, which has no Worker's
 * limits: files load whole, without pieces) and records each file's outcome.
 * @example let page = await replayPage(target, { networkId: 3, from: '2026-01-01', to: '2026-03-31', after: undefined, days: 7 }, now)
 */
export async function replayPage(
  target: ReplayTarget,
  input: { networkId: number | null; from: string; to: string; after: string | undefined; days: number },
  now: number,
): Promise<ReplayPage> {
  const page = await replayFiles(target.db, input);
  const params = replayLoad(page, now, { pieceBytes: Number.MAX_SAFE_INTEGER, retrySeconds: 0 });
  const output = await runOperatorLoad(target, params, inlineSteps);
  return { days: page.days, files: output.files.length, statuses: statusCounts(output.files), next: page.next };
}

/** Files per status, as a replay page reports them. */
export function statusCounts(files: ReadonlyArray<{ status: FileStatus }>): Partial<Record<FileStatus, number>> {
  const statuses: Partial<Record<FileStatus, number>> = {};
  for (const f of files) statuses[f.status] = (statuses[f.status] ?? 0) + 1;
  return statuses;
}
