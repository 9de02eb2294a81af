// Prints what an import did, one line per file, and the totals.
import type { FileResult } from '../../src/server/ingest/load/files.ts';

/**
 * One line per file (status, rows, days; the reason of a rejected file), then one line per decision
 * naming the file ("backfill/x.csv replaces 2026-11-19 of x.csv"). A dry run says "would".
 */
export function printFileResults(files: FileResult[], dryRun = false): void {
  const would = dryRun ? 'would be ' : '';
  for (const f of files) {
    const days =
      f.days.length === 0 ? 'no days' : f.days.length === 1 ? f.days[0] : `${f.days[0]}..${f.days.at(-1)} (${f.days.length} days)`;
    const what =
      f.status === 'rejected'
        ? `rejected: ${f.reason ?? 'unknown reason'}`
        : `${would}${f.status}: ${f.rows} rows, ${days}, ${f.channels} channels`;
    console.log(`${f.name}  [${f.reportType ?? 'unknown report'}]  ${what}`);
    for (const decision of f.decisions ?? []) console.log(`  ${f.name} ${dryRun ? `(would) ${decision}` : decision}`);
  }
  const count = (status: FileResult['status']) => files.filter((f) => f.status === status).length;
  console.log(
    `\n${files.length} files${dryRun ? ' (dry run, nothing written)' : ''}: ${count('loaded')} ${would}loaded, ` +
      `${count('replaced')} replaced, ${count('unchanged')} unchanged, ${count('skipped')} skipped, ${count('rejected')} rejected`,
  );
}
