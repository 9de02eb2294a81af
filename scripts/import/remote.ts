// Sends report files to a deployed instance's admin API, in uploads that fit a Worker request.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MAX_IMPORT_BYTES, MAX_IMPORT_FILES } from '../../src/server/admin/import-upload.ts';
import type { FileResult } from '../../src/server/ingest/load/import-files.ts';

/** Groups files into uploads under the size and count limits (a larger single file is its own upload). */
function uploads(files: string[]): string[][] {
  const groups: string[][] = [];
  let group: string[] = [];
  let bytes = 0;
  for (const file of files) {
    const size = readFileSync(file).byteLength;
    if (group.length > 0 && (bytes + size > MAX_IMPORT_BYTES || group.length >= MAX_IMPORT_FILES)) {
      groups.push(group);
      group = [];
      bytes = 0;
    }
    group.push(file);
    bytes += size;
  }
  if (group.length > 0) groups.push(group);
  return groups;
}

/** Posts every file to POST {url}/api/admin/import and returns the per-file results. */
export async function importRemote(url: string, token: string, files: string[], network?: string): Promise<FileResult[]> {
  const results: FileResult[] = [];
  for (const group of uploads(files)) {
    const form = new FormData();
    for (const file of group) form.append('files', new Blob([readFileSync(file)]), path.basename(file));
    if (network) form.append('network', network);
    const res = await fetch(new URL('/api/admin/import', url), {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    const body = (await res.json()) as { data?: { files: FileResult[] }; error?: string };
    if (!res.ok || !body.data) throw new Error(`${url} answered ${res.status}: ${body.error ?? 'no error text'}`);
    results.push(...body.data.files);
  }
  return results;
}
