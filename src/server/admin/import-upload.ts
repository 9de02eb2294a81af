// Reads report files from a multipart upload, within the limits a Worker can hold in memory.
import type { Context } from 'hono';
import { readLimitedForm } from '../http/body-limit';
import { badRequest, tooLarge } from '../http/errors';
import { nowSeconds } from '../auth/expiry';
import type { ImportFile } from '../ingest/load/files';
import type { StatedIssue } from '../ingest/load/issue';
import { parseIssuedTime } from '../ingest/load/issued-time';

/** A Worker request body tops out at 100 MB; leave room for the multipart framing. */
export const MAX_IMPORT_BYTES = 90 * 1024 * 1024;
export const MAX_IMPORT_FILES = 100;
const MEBIBYTE = 1024 * 1024;
const TOO_LARGE = `Uploads are limited to ${MAX_IMPORT_BYTES / MEBIBYTE} MB: send fewer files per request or gzip them.`;

/**
 * When YouTube issued the files (field "issued", ISO 8601 with a zone, e.g. createTime): one per file in
 * the order of "files", or one for all; none leaves them without an issue time (see ImportFile.issued).
 * Multipart carries no times of its own, and a file's modification time is never one.
 */
function issuedTimes(form: FormData, count: number, now: number): Array<StatedIssue | undefined> {
  if (form.has('modified')) {
    throw badRequest(
      'modified: modification times no longer order re-issued reports. Send "issued" (when YouTube issued each file, ISO 8601) or replace=true.',
    );
  }
  const fields = form.getAll('issued');
  if (fields.length === 0) return [];
  if (fields.length !== count && fields.length !== 1) {
    throw badRequest(`issued: send one time per file (${count}), one for all, or none.`);
  }
  const times = fields.map((field) => {
    const read = typeof field === 'string' ? parseIssuedTime(field, now) : null;
    if (!read) throw badRequest('issued: send text, an ISO 8601 time such as 2026-11-21T10:04:33Z.');
    if (!read.ok) throw badRequest(`issued: ${read.problem}`);
    return { at: read.at, from: 'operator' as const };
  });
  return times.length === 1 ? Array.from({ length: count }, () => times[0]) : times;
}

/** An optional true/false form field; anything else is a 400 naming it. */
function flag(form: FormData, name: string): boolean {
  const value = form.get(name);
  if (value !== null && value !== 'true' && value !== 'false') throw badRequest(`${name}: send true or false.`);
  return value === 'true';
}

/** What an upload asks for: its files and the import's options. */
export interface ImportUpload {
  /** Read whole: they are archived before they load. */
  files: Array<ImportFile & { bytes: Uint8Array }>;
  network: string | null;
  dryRun: boolean;
  reapply: boolean;
  replace: boolean;
}

/**
 * The uploaded files (field "files", repeated), their optional "issued" times, the optional "network"
 * field and the flags "dry_run", "reapply" (apply files again although their content was loaded before)
 * and "replace" (the files win their slices whatever the issue times). Everything is checked before
 * anything is loaded: a bad field is a 400 and changes nothing.
 * @example const { files, network } = await readImportUpload(c)
 */
export async function readImportUpload(c: Context): Promise<ImportUpload> {
  if (!(c.req.header('Content-Type') ?? '').startsWith('multipart/form-data')) {
    throw badRequest('Send the files as multipart/form-data in the field "files".');
  }
  const form = await readLimitedForm(c.req.raw, MAX_IMPORT_BYTES, TOO_LARGE);
  const uploads = form.getAll('files').filter((f): f is File => f instanceof File);
  if (uploads.length === 0) throw badRequest('files: attach at least one report file.');
  if (uploads.length > MAX_IMPORT_FILES) throw tooLarge(`files: at most ${MAX_IMPORT_FILES} files per request.`);
  const total = uploads.reduce((n, f) => n + f.size, 0);
  if (total > MAX_IMPORT_BYTES) throw tooLarge(`Uploads are limited to ${MAX_IMPORT_BYTES / MEBIBYTE} MB in all.`);
  const issued = issuedTimes(form, uploads.length, nowSeconds());
  const replace = flag(form, 'replace');
  if (replace && issued.length > 0) {
    throw badRequest(
      'issued and replace: send one. "issued" lets the later issued report win each day; replace=true makes these files win.',
    );
  }
  const files = await Promise.all(
    uploads.map(async (f, i) => {
      const at = issued[i];
      return { name: f.name, bytes: new Uint8Array(await f.arrayBuffer()), ...(at ? { issued: at } : {}) };
    }),
  );
  const field = form.get('network');
  const network = typeof field === 'string' && field.trim() !== '' ? field.trim() : null;
  return { files, network, dryRun: flag(form, 'dry_run'), reapply: flag(form, 'reapply'), replace };
}
