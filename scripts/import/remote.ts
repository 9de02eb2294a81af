// Sends report files of any size to a deployed instance through its archive: announce, parts, complete, load
// (/api/admin/uploads, docs/sync.md "Uploads"), then follows the load's Workflow instance to its result. A file is read as a stream (gunzipped on the way), a part at a
// time; running the same command again after a cut connection sends only the parts the archive lacks.
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { FileResult } from '../../src/server/ingest/load/files.ts';
import type { StatedIssue } from '../../src/server/ingest/load/issue.ts';
import type { UploadState } from '../../src/server/ingest/archive/uploads.ts';
import type { LoadStarted, LoadState } from '../../src/server/admin/loads.ts';
import { followLoad } from '../lib/follow-load.ts';
import { adminApi, type AdminCall } from '../lib/admin-api.ts';
import { MS_PER_SECOND } from '../../src/lib/dates/time.ts';
import type { ReportFile } from './collect-files.ts';
import { fileSource } from './file-source.ts';

type Say = (line: string) => void;

interface RemoteOptions {
  network?: string;
  dryRun: boolean;
  reapply: boolean;
  issued: StatedIssue | null;
  replace: boolean;
}

/** The plain content's size and SHA-256, read once as a stream. */
async function fingerprint(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of fileSource(file).open()) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

/** The plain content in parts of `size` bytes (the last shorter), one part in memory at a time. */
async function* partsOf(file: string, size: number): AsyncGenerator<Uint8Array> {
  let part = new Uint8Array(size);
  let filled = 0;
  for await (const chunk of fileSource(file).open()) {
    for (let at = 0; at < chunk.length;) {
      const take = Math.min(size - filled, chunk.length - at);
      part.set(chunk.subarray(at, at + take), filled);
      filled += take;
      at += take;
      if (filled === size) {
        yield part;
        part = new Uint8Array(size);
        filled = 0;
      }
    }
  }
  if (filled > 0) yield part.subarray(0, filled);
}

/** The name the archive keeps: the file's own, without a folder or .gz (the archive holds plain CSV). */
const archiveName = (file: ReportFile) => path.basename(file.name).replace(/\.gz$/i, '');

/** Puts one file in the archive (parts it already holds are not sent again); answers its upload. */
async function archiveFile(call: AdminCall, file: ReportFile, say: Say): Promise<UploadState> {
  const { bytes, sha256 } = await fingerprint(file.path);
  let upload = await call<UploadState>('uploads', { json: { name: archiveName(file), bytes, sha256 } });
  if (upload.state === 'archived') {
    say(`${file.name}: already in the archive (upload ${upload.id})`);
    return upload;
  }
  const have = new Set(upload.received);
  let part = 0;
  for await (const bytesOfPart of partsOf(file.path, upload.partBytes)) {
    part += 1;
    if (have.has(part)) continue;
    await call<UploadState>(`uploads/${upload.id}/parts/${part}`, { method: 'PUT', body: bytesOfPart.slice() });
    say(`${file.name}: part ${part} of ${upload.parts} sent`);
  }
  upload = await call<UploadState>(`uploads/${upload.id}/complete`, { json: {} });
  return upload;
}

/**
 * Archives every file on the instance (resuming what an earlier run sent), then loads them from there in
 * one load with the options given, as one import (snapshots first, a demographics file beside its basic
 * report), as a local run loads them; answers the per-file results.
 * @example const results = await importRemote('https://viewdeck.example', token, files, options, console.error)
 */
export async function importRemote(
  url: string,
  token: string,
  files: ReportFile[],
  options: RemoteOptions,
  say: Say,
): Promise<FileResult[]> {
  const call = adminApi(url, token, (apiPath, status) => `${url} answered ${status} to ${apiPath}: `);
  const uploads: UploadState[] = [];
  for (const file of files) uploads.push(await archiveFile(call, file, say));
  // Two files of the same content are one upload: loaded once.
  const ids = [...new Set(uploads.map((u) => u.id))];
  const started = await call<LoadStarted>('uploads/load', {
    json: {
      ids,
      ...(options.network ? { network: options.network } : {}),
      ...(options.issued ? { issued: new Date(options.issued.at * MS_PER_SECOND).toISOString() } : {}),
      replace: options.replace,
      reapply: options.reapply,
      dry_run: options.dryRun,
    },
  });
  // The instance loads the files in steps (a large one a piece per step); its progress goes to stderr.
  const loaded = await followLoad(
    (apiPath) => call<LoadState>(apiPath),
    started,
    (line) => say(`load: ${line}`),
  );
  if (!('files' in loaded) || typeof loaded.files === 'number') throw new Error(`load ${started.load} answered no file results`);
  // Results come in the order of the ids: each file's is its upload's, named as on this machine.
  const results = loaded.files;
  const byUpload = new Map(ids.map((id, i) => [id, results[i]]));
  return files.flatMap((file, i) => {
    const result = byUpload.get(uploads[i]?.id ?? 0);
    return result ? [{ ...result, name: file.name }] : [];
  });
}
