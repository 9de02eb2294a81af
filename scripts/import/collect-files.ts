// Finds the report files named on the command line: files as given, folders searched recursively.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const REPORT_FILE = /\.(csv|csv\.gz|gz|txt)$/i;

/** Every report file under the given paths, sorted so a day's files stay together. */
export function collectReportFiles(paths: string[]): string[] {
  const found: string[] = [];
  const visit = (entry: string, named: boolean) => {
    const stat = statSync(entry, { throwIfNoEntry: false });
    if (!stat) throw new Error(`${entry}: no such file or folder`);
    if (stat.isDirectory()) {
      for (const name of readdirSync(entry)) visit(path.join(entry, name), false);
    } else if (named || REPORT_FILE.test(entry)) {
      found.push(entry);
    }
  };
  for (const p of paths) visit(p, true);
  return [...new Set(found)].sort();
}
