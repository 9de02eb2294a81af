// Sends report files to a deployed instance's admin API, in uploads that fit a Worker request.
import { readFileSync } from 'node:fs';
import { MAX_IMPORT_BYTES, MAX_IMPORT_FILES } from '../../src/server/admin/import-upload.ts';
import type { FileResult } from '../../src/server/ingest/load/import-files.ts';
import type { StatedIssue } from '../../src/server/ingest/load/issue.ts';
import { MS_PER_SECOND } from '../../src/lib/time.ts';
import type { ReportFile } from './collect-files.ts';

/** Groups files into uploads under the size and count limits (a larger single file is its own upload). */
function uploads(files: ReportFile[]): ReportFile[][] {
  const groups: ReportFile[][] = [];
  let group: ReportFile[] = [];
  let bytes = 0;
  for (const file of files) {
    const size = readFileSync(file.path).byteLength;
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

/**
 * Posts every file to POST {url}/api/admin/import and returns the per-file results. Each file goes
 * under its name as given; the issue time stated with --issued goes once for all files of an upload
 * (field "issued", ISO 8601), --replace as replace=true.
 */
export async function importRemote(
  url: string,
  token: string,
  files: ReportFile[],
  options: { network?: string; dryRun: boolean; reapply: boolean; issued: StatedIssue | null; replace: boolean },
): Promise<FileResult[]> {
  const results: FileResult[] = [];
  for (const group of uploads(files)) {
    const form = new FormData();
    for (const file of group) form.append('files', new Blob([readFileSync(file.path)]), file.name);
    if (options.issued) form.append('issued', new Date(options.issued.at * MS_PER_SECOND).toISOString());
    if (options.network) form.append('network', options.network);
    if (options.dryRun) form.append('dry_run', 'true');
    if (options.reapply) form.append('reapply', 'true');
    if (options.replace) form.append('replace', 'true');
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
