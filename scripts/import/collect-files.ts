// Finds the report files named on the command line: files as given, folders searched recursively.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const REPORT_FILE = /\.(csv|csv\.gz|gz|txt)$/i;

export interface ReportFile {
  /** Where to read it. */
  path: string;
  /**
   * How results name it: relative to the folder given (`backfill/x.csv`), or as given for a file;
   * prefixed with its folder as given when two folders hold the same relative path.
   */
  name: string;
}

const slashes = (p: string) => p.split(path.sep).join('/');

/** Every report file under the given paths, sorted so a day's files stay together. */
export function collectReportFiles(paths: string[]): ReportFile[] {
  const found = new Map<string, ReportFile & { given: string }>();
  const visit = (entry: string, folder: string | null) => {
    const stat = statSync(entry, { throwIfNoEntry: false });
    if (!stat) throw new Error(`${entry}: no such file or folder`);
    if (stat.isDirectory()) {
      for (const name of readdirSync(entry)) visit(path.join(entry, name), folder ?? entry);
    } else if (folder === null || REPORT_FILE.test(entry)) {
      const name = folder === null ? slashes(path.normalize(entry)) : slashes(path.relative(folder, entry));
      found.set(path.resolve(entry), { path: entry, name, given: entry });
    }
  };
  for (const p of paths) visit(p, null);
  const files = [...found.values()];
  const count = new Map<string, number>();
  for (const f of files) count.set(f.name, (count.get(f.name) ?? 0) + 1);
  return files
    .map(({ given, ...f }) => (count.get(f.name) === 1 ? f : { ...f, name: slashes(path.normalize(given)) }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
