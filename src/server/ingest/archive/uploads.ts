// An operator's report file of any size into the archive: announced with its size and SHA-256, sent in parts
// (each its own request, resumable), checked whole in R2, then loaded from there like a report of the sync.
import * as z from 'zod';
import { createHash } from 'node:crypto';
import { all, first, run } from '../../db/query';
import { raw } from '../../db/sql';
import { badRequest, conflict, notFound } from '../../http/errors';
import { isGzip } from '../parse/decode';
import { ARCHIVE_PART_BYTES } from './write-object';
import { ArchiveMissingError } from './read-object';
import type { ConsoleUpload } from '../../../lib/api/console';

/** R2 takes at most 10,000 parts; parts grow past ARCHIVE_PART_BYTES for files past 10,000 of them. */
const MAX_PARTS = 10_000;
/** The largest file an upload takes: 100 GiB (a year of a 1,000-channel network's basic reports is about that). */
export const MAX_UPLOAD_BYTES = 100 * 1024 ** 3;
const MEBIBYTE = 1024 * 1024;

export const uploadSchema = z.object({
  name: z
    .string()
    .trim()
    .min(5)
    .max(200)
    .regex(/^[\w.-]+\.csv$/, 'name: a report file name ending in .csv (letters, digits, _ . -); gunzip a .csv.gz first.'),
  bytes: z
    .number()
    .int()
    .min(1)
    .max(MAX_UPLOAD_BYTES, `bytes: an upload is at most ${MAX_UPLOAD_BYTES / 1024 ** 3} GiB.`),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, 'sha256: the SHA-256 of the file, 64 lowercase hex digits.'),
});
export type UploadInput = z.infer<typeof uploadSchema>;

/** An upload's state: the console's island and `npm run import --remote` follow it (src/lib/api/console.ts). */
export type UploadState = ConsoleUpload;

/** Part size for a file: ARCHIVE_PART_BYTES, or whole MiB large enough to stay within R2's 10,000 parts. */
export function partBytesFor(bytes: number): number {
  return Math.max(ARCHIVE_PART_BYTES, Math.ceil(bytes / MAX_PARTS / MEBIBYTE) * MEBIBYTE);
}

interface UploadRow {
  id: number;
  name: string;
  objectKey: string;
  state: UploadState['state'];
  expectedBytes: number;
  partBytes: number;
  sha256: string;
  uploadId: string | null;
  reason: string | null;
}

async function uploadRow(db: D1Database, id: number): Promise<UploadRow> {
  const row = await first<UploadRow>(
    db,
    raw(
      `SELECT id, name, object_key, state, expected_bytes, part_bytes, sha256, upload_id, reason FROM report_archive
       WHERE id = ?1 AND origin = 'upload'`,
      id,
    ),
  );
  if (!row) throw notFound(`No upload ${id}: start one with POST /api/admin/uploads.`);
  return row;
}

/** The upload as the client sees it: its parts, and which of them arrived. */
export async function getUpload(db: D1Database, id: number): Promise<UploadState> {
  const row = await uploadRow(db, id);
  const parts = await all<{ part: number }>(db, raw('SELECT part FROM report_archive_parts WHERE archive_id = ?1 ORDER BY part', id));
  return {
    id: row.id,
    name: row.name,
    state: row.state,
    bytes: row.expectedBytes,
    partBytes: row.partBytes,
    parts: Math.ceil(row.expectedBytes / row.partBytes),
    received: row.state === 'archived' ? [] : parts.map((p) => p.part),
    reason: row.reason,
  };
}

/**
 * Starts an upload, or answers the one already under way (or done) for the same name, size and hash,
 * so running the same command again resumes it.
 * @example const upload = await startUpload(env.DB, env.REPORTS, { name, bytes, sha256 }, now)
 */
export async function startUpload(db: D1Database, bucket: R2Bucket, input: UploadInput, now: number): Promise<UploadState> {
  const existing = await first<{ id: number }>(
    db,
    raw(
      `SELECT id FROM report_archive WHERE origin = 'upload' AND name = ?1 AND expected_bytes = ?2 AND sha256 = ?3
         AND state IN ('receiving', 'archived') ORDER BY id DESC LIMIT 1`,
      input.name,
      input.bytes,
      input.sha256,
    ),
  );
  if (existing) return getUpload(db, existing.id);
  const key = `uploads/${crypto.randomUUID()}/${input.name}`;
  const multipart = await bucket.createMultipartUpload(key);
  const row = await first<{ id: number }>(
    db,
    raw(
      `INSERT INTO report_archive (object_key, origin, scope, name, sha256, state, upload_id, expected_bytes, part_bytes, created_at)
       VALUES (?1, 'upload', 'upload', ?2, ?3, 'receiving', ?4, ?5, ?6, ?7) RETURNING id`,
      key,
      input.name,
      input.sha256,
      multipart.uploadId,
      input.bytes,
      partBytesFor(input.bytes),
      now,
    ),
  );
  if (!row) throw new Error('report_archive insert returned no row');
  return getUpload(db, row.id);
}

/** The size part `part` must have: partBytes, the rest for the last one. */
function partSize(row: UploadRow, part: number): number {
  const parts = Math.ceil(row.expectedBytes / row.partBytes);
  if (!Number.isInteger(part) || part < 1 || part > parts) throw badRequest(`part: a number from 1 to ${parts} for this upload.`);
  return part < parts ? row.partBytes : row.expectedBytes - row.partBytes * (parts - 1);
}

/**
 * Stores one part (sent again: replaced). The part is read whole (one part, at most a few MiB) so its
 * size is checked before R2 sees it; the first part must not be gzip (the archive keeps plain CSV, which
 * a load reads in pieces).
 */
export async function putUploadPart(db: D1Database, bucket: R2Bucket, id: number, part: number, request: Request): Promise<UploadState> {
  const row = await uploadRow(db, id);
  if (row.state !== 'receiving' || !row.uploadId) throw conflict(`Upload ${id} is ${row.state}: it takes no more parts.`);
  const size = partSize(row, part);
  const declared = request.headers.get('Content-Length');
  if (declared !== null && Number(declared) !== size)
    throw badRequest(`part ${part}: send exactly ${size} bytes (Content-Length ${declared}).`);
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.length !== size) throw badRequest(`part ${part}: ${bytes.length} bytes arrived, ${size} expected; send it again.`);
  if (part === 1 && isGzip(bytes))
    throw badRequest('The file is gzip: gunzip it and start the upload again with the plain size and SHA-256.');
  const uploaded = await bucket.resumeMultipartUpload(row.objectKey, row.uploadId).uploadPart(part, bytes);
  await run(
    db,
    raw(
      `INSERT INTO report_archive_parts (archive_id, part, etag, bytes) VALUES (?1, ?2, ?3, ?4)
       ON CONFLICT (archive_id, part) DO UPDATE SET etag = excluded.etag, bytes = excluded.bytes`,
      id,
      part,
      uploaded.etag,
      size,
    ),
  );
  return getUpload(db, id);
}

/** SHA-256 of an archived object, read as a stream. */
async function objectSha256(bucket: R2Bucket, key: string): Promise<string> {
  const object = await bucket.get(key);
  if (!object) throw new ArchiveMissingError(key);
  const hash = createHash('sha256');
  const reader = object.body.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) hash.update(chunk.value);
  return hash.digest('hex');
}

/**
 * Joins the parts in R2 and checks the whole file's SHA-256 against the announced one: a mismatch deletes
 * the object and fails the upload (start again), so only the file the client meant is ever loaded.
 */
export async function completeUpload(db: D1Database, bucket: R2Bucket, id: number, now: number): Promise<UploadState> {
  const row = await uploadRow(db, id);
  if (row.state === 'archived') return getUpload(db, id);
  if (row.state !== 'receiving' || !row.uploadId) throw conflict(`Upload ${id} failed (${row.reason ?? 'no reason'}): start a new one.`);
  const state = await getUpload(db, id);
  const missing = Array.from({ length: state.parts }, (_, i) => i + 1).filter((p) => !state.received.includes(p));
  if (missing.length > 0)
    throw conflict(`Upload ${id} still lacks parts ${missing.slice(0, 20).join(', ')}${missing.length > 20 ? ', …' : ''}.`);
  const parts = await all<{ part: number; etag: string }>(
    db,
    raw('SELECT part, etag FROM report_archive_parts WHERE archive_id = ?1 ORDER BY part', id),
  );
  await bucket.resumeMultipartUpload(row.objectKey, row.uploadId).complete(parts.map((p) => ({ partNumber: p.part, etag: p.etag })));
  const sha256 = await objectSha256(bucket, row.objectKey);
  if (sha256 !== row.sha256) {
    await bucket.delete(row.objectKey);
    const reason = `the parts joined have SHA-256 ${sha256}, not the ${row.sha256} announced: start the upload again`;
    await run(db, raw(`UPDATE report_archive SET state = 'failed', reason = ?2, upload_id = NULL WHERE id = ?1`, id, reason));
    throw conflict(`Upload ${id}: ${reason}.`);
  }
  await db.batch([
    db
      .prepare(`UPDATE report_archive SET state = 'archived', bytes = expected_bytes, archived_at = ?2, upload_id = NULL WHERE id = ?1`)
      .bind(id, now),
    db.prepare('DELETE FROM report_archive_parts WHERE archive_id = ?1').bind(id),
  ]);
  return getUpload(db, id);
}
