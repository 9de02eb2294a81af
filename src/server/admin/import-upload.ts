// Reads report files from a multipart upload, within the limits a Worker can hold in memory.
import type { Context } from 'hono';
import { readLimitedForm } from '../body-limit';
import { badRequest, tooLarge } from '../errors';
import type { ImportFile } from '../ingest/load/import-files';

/** A Worker request body tops out at 100 MB; leave room for the multipart framing. */
export const MAX_IMPORT_BYTES = 90 * 1024 * 1024;
export const MAX_IMPORT_FILES = 100;
const MEBIBYTE = 1024 * 1024;
const TOO_LARGE = `Uploads are limited to ${MAX_IMPORT_BYTES / MEBIBYTE} MB: send fewer files per request or gzip them.`;

/**
 * The files' modification times (field "modified", unix seconds, one per file in the order of "files";
 * multipart itself does not carry them): the newer of two reports for one day wins.
 */
function issuedTimes(fields: Array<string | File>, count: number): Array<number | undefined> {
  if (fields.length === 0) return [];
  if (fields.length !== count) throw badRequest(`modified: send one time per file (${count}), or none.`);
  return fields.map((field) => {
    const at = typeof field === 'string' && /^\d{1,12}$/.test(field) ? Number(field) : Number.NaN;
    if (!Number.isSafeInteger(at)) throw badRequest('modified: each value is a time in unix seconds.');
    return at;
  });
}

/** An optional true/false form field; anything else is a 400 naming it. */
function flag(form: FormData, name: string): boolean {
  const value = form.get(name);
  if (value !== null && value !== 'true' && value !== 'false') throw badRequest(`${name}: send true or false.`);
  return value === 'true';
}

/**
 * The uploaded files (field "files", repeated), the optional "network" field and the flags "dry_run"
 * and "reapply" (apply files again although their content was loaded before).
 * @example const { files, network } = await readImportUpload(c)
 */
export async function readImportUpload(
  c: Context,
): Promise<{ files: ImportFile[]; network: string | null; dryRun: boolean; reapply: boolean }> {
  if (!(c.req.header('Content-Type') ?? '').startsWith('multipart/form-data')) {
    throw badRequest('Send the files as multipart/form-data in the field "files".');
  }
  const form = await readLimitedForm(c.req.raw, MAX_IMPORT_BYTES, TOO_LARGE);
  const uploads = form.getAll('files').filter((f): f is File => f instanceof File);
  if (uploads.length === 0) throw badRequest('files: attach at least one report file.');
  if (uploads.length > MAX_IMPORT_FILES) throw tooLarge(`files: at most ${MAX_IMPORT_FILES} files per request.`);
  const total = uploads.reduce((n, f) => n + f.size, 0);
  if (total > MAX_IMPORT_BYTES) throw tooLarge(`Uploads are limited to ${MAX_IMPORT_BYTES / MEBIBYTE} MB in all.`);
  const issued = issuedTimes(form.getAll('modified'), uploads.length);
  const files = await Promise.all(
    uploads.map(async (f, i) => {
      const at = issued[i];
      return {
        name: f.name,
        bytes: new Uint8Array(await f.arrayBuffer()),
        ...(at === undefined ? {} : { issued: { at, from: 'file' as const } }),
      };
    }),
  );
  const field = form.get('network');
  const network = typeof field === 'string' && field.trim() !== '' ? field.trim() : null;
  return { files, network, dryRun: flag(form, 'dry_run'), reapply: flag(form, 'reapply') };
}
