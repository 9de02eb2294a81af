// Uploaded files' load from the archive with the operator's options: checked, their stated issue time kept, then started.
import * as z from 'zod';
import { badRequest, conflict } from '../../http/errors';
import { parseIssuedTime } from '../load/issued-time';
import type { OperatorLoadParams } from './operator-load';
import { getArchivedFile } from './records';

export const loadUploadSchema = z.object({
  /** The network the file's channels belong to (slug or number), resolved by the caller. */
  network: z.string().trim().min(1).max(100).optional(),
  /** When YouTube issued the file (ISO 8601): it then wins or yields by that time, as a report of the sync. */
  issued: z.string().max(64).optional(),
  replace: z.boolean().default(false),
  reapply: z.boolean().default(false),
  dry_run: z.boolean().default(false),
});
export type LoadUploadInput = z.infer<typeof loadUploadSchema>;

/** Files one load takes at most: as many as one posted import (admin/import-upload.ts). */
export const MAX_LOAD_UPLOADS = 100;

/**
 * Several uploads loaded as one import, as `npm run import` loads the files of one command: snapshots
 * first, and a demographics file weighted by the basic report beside it.
 */
export const loadUploadsSchema = loadUploadSchema.extend({
  ids: z
    .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER))
    .min(1, 'ids: name at least one upload.')
    .max(MAX_LOAD_UPLOADS, `ids: at most ${MAX_LOAD_UPLOADS} uploads per load.`)
    .refine((ids) => new Set(ids).size === ids.length, 'ids: name each upload once.'),
});

/**
 * Checks that every upload of `ids` can load with these options and answers the one load to start: the
 * stated issue time (and network) is kept with each first, so a replay decides the same way later (a dry
 * run keeps nothing). An upload not yet archived whole is refused, and then nothing is kept of any.
 * @example const params = await uploadsLoad(env.DB, [12, 13], { networkId: 3, issued: '2026-11-21T10:04:33Z', ... }, now, steps)
 */
export async function uploadsLoad(
  db: D1Database,
  ids: readonly number[],
  options: Omit<LoadUploadInput, 'network'> & { networkId: number | null },
  now: number,
  steps: { pieceBytes: number; retrySeconds: number },
): Promise<OperatorLoadParams> {
  let stated: number | null = null;
  if (options.issued !== undefined) {
    const read = parseIssuedTime(options.issued, now);
    if (!read.ok) throw badRequest(`issued: ${read.problem}`);
    stated = read.at;
  }
  const files = [];
  for (const id of ids) {
    const file = await getArchivedFile(db, id);
    if (!file || file.origin !== 'upload') throw badRequest(`No upload ${id}.`);
    if (file.state !== 'archived')
      throw conflict(`Upload ${id} is ${file.state}: complete it first (POST /api/admin/uploads/${id}/complete).`);
    files.push(file);
  }
  // One stated time and network for the whole load, as one command line states them; without them each
  // file keeps its own (the load groups files by network).
  if (!options.dry_run) {
    await db.batch(
      files.map((file) =>
        db
          .prepare('UPDATE report_archive SET issued_at = ?2, network_id = ?3 WHERE id = ?1')
          .bind(file.id, stated ?? file.issuedAt, options.networkId ?? file.networkId),
      ),
    );
  }
  return {
    kind: 'upload',
    ids: [...ids],
    networkId: options.networkId,
    issuedAt: stated,
    replace: options.replace,
    reapply: options.reapply,
    dryRun: options.dry_run,
    now,
    page: null,
    ...steps,
  };
}
