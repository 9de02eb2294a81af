// `npm run import -- [--network <slug|id>] [--issued <time> | --replace] [--remote <url>] [--dry-run] [--reapply] <files or folders>`: loads YouTube report files.
import path from 'node:path';
import { resolveNetwork } from '../src/server/admin/targets.ts';
import { runImport } from '../src/server/ingest/run-import.ts';
import type { FileResult, ImportOptions } from '../src/server/ingest/load/files.ts';
import type { StatedIssue } from '../src/server/ingest/load/issue.ts';
import { parseIssuedTime } from '../src/server/ingest/load/issued-time.ts';
import { MS_PER_SECOND } from '../src/lib/dates/time.ts';
import { openImportD1 } from './import/local-d1.ts';
import { applyMigrations } from './demo/load/migrate.ts';
import { collectReportFiles, type ReportFile } from './import/collect-files.ts';
import { fileSource } from './import/file-source.ts';
import { progressBar } from './import/progress.ts';
import { importRemote } from './import/remote.ts';
import { printFileResults } from './import/report.ts';
import { adminToken } from './lib/admin-api.ts';
import { parseCommand, refuse } from './lib/cli.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const USAGE = `usage: npm run import -- [--network <slug|id>] [--issued <time> | --replace] [--remote <url>] [--persist-to DIR]
                          [--dry-run] [--reapply] <files or folders>
  Loads YouTube Reporting API CSV files (plain or gzip) into the local database, or with --remote
  into a deployed instance through its report archive (/api/admin/uploads: any size, sent in parts,
  resumed when run again; ADMIN_TOKEN from the environment). There the files load as one import in a
  Workflow instance, a large basic or revenue report a piece per step: the command waits for it,
  printing each step on stderr as it finishes ("loading: stage 12 piece 3 of 11 (4 steps done)"), then
  the summary. Exit code 1 when a file is rejected or a load fails.
  Locally it runs with a 256 MB heap (package.json), whatever the files' size: a 1,000-channel day of
  four million rows peaks at about 500 MB for this process. Should a load ever stop with "JavaScript
  heap out of memory", run node --max-old-space-size=1024 --import tsx scripts/import.ts with the same
  arguments.
  Of two files for one day the one YouTube issued later wins. A file's modification time does not
  count: a file given without --issued loads only into days no other file holds, and is refused
  (with the file it conflicts with) where another file holds them.
  --issued <time> states when YouTube issued every file given, as an ISO 8601 time with its zone
  (the report's createTime, e.g. 2026-11-21T10:04:33Z); not in the future.
  --replace makes every file given win its days whatever the others' issue times.
  --dry-run prints what would be loaded, replaced, skipped or refused, and changes nothing.
  --reapply loads files again even when their content was loaded before (to fill tables an upgrade
  added); a day held by a report issued later still keeps that report's figures.
  --bench prints one JSON line with the seconds, rows, files and peak memory (npm run bench:import).`;

const { positionals, values } = parseCommand(USAGE, {
  allowPositionals: true,
  options: {
    network: { type: 'string' },
    remote: { type: 'string' },
    'persist-to': { type: 'string', default: '.wrangler/state' },
    'dry-run': { type: 'boolean', default: false },
    reapply: { type: 'boolean', default: false },
    issued: { type: 'string' },
    replace: { type: 'boolean', default: false },
    bench: { type: 'boolean', default: false },
  },
});

/** A dry run must not migrate (that writes): it needs a database the current code can read. */
async function checkMigrated(db: D1Database): Promise<void> {
  const row = await db
    .prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'report_refusals'")
    .first<{ n: number }>();
  if (row?.n !== 1) throw new Error('the local database is not migrated yet: run once without --dry-run (or npm start) first');
}

const KB_PER_MB = 1024;

/** The figures npm run bench:import reads: maxRSS is the process's peak resident memory (kilobytes). */
function printBenchLine(files: FileResult[], rows: number, seconds: number, rollupMs: number): void {
  const rssMb = Math.round(process.resourceUsage().maxRSS / KB_PER_MB);
  const rejected = files.filter((f) => f.status === 'rejected').length;
  console.log(JSON.stringify({ bench: { seconds, rows, files: files.length, rejected, rssMb, rollupMs } }));
}

/** What the command line asks of every file: the issue time stated with --issued, or --replace. */
interface FileOptions {
  issued: StatedIssue | null;
  replace: boolean;
}

/** --issued and --replace, checked before anything is read or written. */
function fileOptions(): FileOptions {
  const replace = values.replace;
  if (values.issued === undefined) return { issued: null, replace };
  if (replace)
    throw new Error('--issued and --replace: give one. --issued lets the later issued file win each day; --replace makes these files win.');
  const read = parseIssuedTime(values.issued, Math.floor(Date.now() / MS_PER_SECOND));
  if (!read.ok) throw new Error(`--issued ${read.problem}`);
  return { issued: { at: read.at, from: 'operator' }, replace };
}

async function importLocal(files: ReportFile[], dryRun: boolean, reapply: boolean, given: FileOptions): Promise<FileResult[]> {
  const persistTo = path.resolve(ROOT, values['persist-to']);
  if (!dryRun) await applyMigrations(ROOT, persistTo);
  const local = await openImportD1(ROOT, persistTo);
  const bar = progressBar();
  try {
    if (dryRun) await checkMigrated(local.db);
    const network = values.network ? await resolveNetwork(local.db, values.network) : null;
    const started = Date.now();
    // Files are read from disk as the importer needs them, never whole: a large report stays out of memory.
    const inputs = files.map((f) => ({ name: f.name, source: fileSource(f.path), ...(given.issued ? { issued: given.issued } : {}) }));
    const options: ImportOptions = { networkId: network?.id, onProgress: bar.onProgress, dryRun, reapply, replace: given.replace };
    const run = await runImport(local, inputs, options);
    bar.stop();
    const rows = run.files.reduce((n, f) => n + (f.status === 'loaded' || f.status === 'replaced' ? f.rows : 0), 0);
    const seconds = (Date.now() - started) / 1000;
    const rollups = run.rollupBuckets > 0 ? `, rollups of ${run.rollupBuckets} channel months in ${run.rollupMs} ms` : '';
    if (values.bench) printBenchLine(run.files, rows, seconds, run.rollupMs);
    else if (!dryRun) console.log(`${rows} rows in ${seconds.toFixed(1)} s (${Math.round(rows / seconds)} rows/s)${rollups}`);
    return run.files;
  } finally {
    bar.stop();
    await local.dispose();
  }
}

async function main(): Promise<number> {
  if (positionals.length === 0) refuse(USAGE, 'Name the report files or folders to load');
  const given = fileOptions();
  const files = collectReportFiles(positionals);
  if (files.length === 0) throw new Error('no report files found (.csv, .csv.gz)');
  let results: FileResult[];
  if (values.remote) {
    results = await importRemote(
      values.remote,
      adminToken(ROOT),
      files,
      {
        network: values.network,
        dryRun: values['dry-run'],
        reapply: values.reapply,
        ...given,
      },
      (line) => console.error(line),
    );
  } else {
    results = await importLocal(files, values['dry-run'], values.reapply, given);
  }
  printFileResults(results, values['dry-run']);
  return results.some((f) => f.status === 'rejected') ? 1 : 0;
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(`import failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
