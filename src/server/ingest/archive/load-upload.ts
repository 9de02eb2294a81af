// An uploaded file's load from the archive with the operator's options: checked, its stated issue time kept, then started.
import * as z from 'zod';
import { run } from '../../db/query';
import { raw } from '../../db/sql';
import { badRequest, conflict } from '../../errors';
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

/**
 * Checks that upload `id` can load with these options and answers the load to start: its stated issue time
 * (and network) is kept with it first, so a replay decides the same way later (a dry run keeps nothing). A
 * file not yet archived whole is refused.
 * @example const params = await uploadLoad(env.DB, 12, { networkId: 3, issued: '2026-11-21T10:04:33Z', ... }, now, steps)
 */
export async function uploadLoad(
  db: D1Database,
  id: number,
  options: Omit<LoadUploadInput, 'network'> & { networkId: number | null },
  now: number,
  steps: { pieceBytes: number; retrySeconds: number },
): Promise<OperatorLoadParams> {
  const file = await getArchivedFile(db, id);
  if (!file || file.origin !== 'upload') throw badRequest(`No upload ${id}.`);
  if (file.state !== 'archived')
    throw conflict(`Upload ${id} is ${file.state}: complete it first (POST /api/admin/uploads/${id}/complete).`);
  let issuedAt = file.issuedAt;
  if (options.issued !== undefined) {
    const read = parseIssuedTime(options.issued, now);
    if (!read.ok) throw badRequest(`issued: ${read.problem}`);
    issuedAt = read.at;
  }
  const networkId = options.networkId ?? file.networkId;
  if (!options.dry_run) {
    await run(db, raw('UPDATE report_archive SET issued_at = ?2, network_id = ?3 WHERE id = ?1', id, issuedAt, networkId));
  }
  return {
    kind: 'upload',
    ids: [id],
    networkId,
    issuedAt,
    replace: options.replace,
    reapply: options.reapply,
    dryRun: options.dry_run,
    now,
    page: null,
    ...steps,
  };
}
