// Prints what an import did, one line per file, and the totals.
import type { FileResult } from '../../src/server/ingest/load/import-files.ts';

/** One line per file: status, rows, days and, for a rejected file, the reason. */
export function printFileResults(files: FileResult[]): void {
  for (const f of files) {
    const days = f.days.length === 0 ? 'no days' : f.days.length === 1 ? f.days[0] : `${f.days[0]}..${f.days.at(-1)} (${f.days.length} days)`;
    const what = f.status === 'rejected' ? `rejected: ${f.reason ?? 'unknown reason'}` : `${f.status}: ${f.rows} rows, ${days}, ${f.channels} channels`;
    console.log(`${f.name}  [${f.reportType ?? 'unknown report'}]  ${what}`);
  }
  const count = (status: FileResult['status']) => files.filter((f) => f.status === status).length;
  console.log(
    `\n${files.length} files: ${count('loaded')} loaded, ${count('replaced')} replaced, ` +
      `${count('unchanged')} unchanged, ${count('rejected')} rejected`,
  );
}
