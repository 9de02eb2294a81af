// Files posted whole to /api/admin/import into the archive before they load, as an upload would be: so the
// archive holds every file ever loaded, and a replay can load them again.
import { first, run } from '../../db/query';
import { raw } from '../../db/sql';
import type { ArchiveTarget } from './archive-report';
import { writeArchiveObject } from './write-object';

/** A posted file: its name as sent (folders kept: results name it so), its bytes, its stated issue time. */
export interface PostedFile {
  name: string;
  bytes: Uint8Array;
  issuedAt: number | null;
}

/** The object's key: a folder of its own, so two files of one name never meet. */
const postedKey = (name: string) => `uploads/${crypto.randomUUID()}/${encodeURIComponent(name.split('/').at(-1) ?? name)}`;

/**
 * Stores one posted file in R2 (gunzipped, hashed) and records it archived; a file posted before with the
 * same name and content keeps its row (the new copy goes), its issue time and network set as now stated.
 * Answers its report_archive id.
 */
async function archivePosted(target: ArchiveTarget, file: PostedFile, networkId: number | null, now: number): Promise<number> {
  const key = postedKey(file.name);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(file.bytes);
      controller.close();
    },
  });
  const stored = await writeArchiveObject(target.bucket, key, body);
  const earlier = await first<{ id: number }>(
    target.db,
    raw(
      `SELECT id FROM report_archive WHERE origin = 'upload' AND state = 'archived' AND name = ?1 AND bytes = ?2 AND sha256 = ?3
       ORDER BY id DESC LIMIT 1`,
      file.name,
      stored.bytes,
      stored.sha256,
    ),
  );
  if (earlier) {
    await target.bucket.delete(key);
    await run(
      target.db,
      raw('UPDATE report_archive SET issued_at = ?2, network_id = ?3 WHERE id = ?1', earlier.id, file.issuedAt, networkId),
    );
    return earlier.id;
  }
  const row = await first<{ id: number }>(
    target.db,
    raw(
      `INSERT INTO report_archive (object_key, origin, scope, network_id, name, issued_at, bytes, sha256, state, expected_bytes, created_at, archived_at)
       VALUES (?1, 'upload', 'upload', ?2, ?3, ?4, ?5, ?6, 'archived', ?5, ?7, ?7) RETURNING id`,
      key,
      networkId,
      file.name,
      file.issuedAt,
      stored.bytes,
      stored.sha256,
      now,
    ),
  );
  if (!row) throw new Error('report_archive insert returned no row');
  return row.id;
}

/**
 * Archives posted files one after another (each streamed to R2, never two copies in memory), answering
 * their archive ids in the order posted.
 * @example const ids = await archivePostedFiles({ db: env.DB, bucket: env.REPORTS }, files, networkId, now)
 */
export async function archivePostedFiles(
  target: ArchiveTarget,
  files: readonly PostedFile[],
  networkId: number | null,
  now: number,
): Promise<number[]> {
  const ids: number[] = [];
  for (const file of files) ids.push(await archivePosted(target, file, networkId, now));
  return ids;
}
