// `npm run bench:export [-- --runs N]`: the xlsx and CSV writers on a 10,000-, 30,000- and 50,000-row details
// table (channel names, days, views, watch hours, money, CTR): seconds and memory, each case in a fresh
// Node process so one case's garbage never counts against the next.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { csvStream } from '../../src/server/export/csv.ts';
import { detailsTable } from '../../src/server/export/test-support/details-table.ts';
import { XLSX_MAX_ROWS, xlsxFile } from '../../src/server/export/xlsx.ts';
import { median } from './timing.ts';
import { parseCommand } from '../lib/cli.ts';

const USAGE = `usage: npm run bench:export -- [--runs N]
  The xlsx and CSV writers alone (no server) on a 10,000-, 30,000- and 50,000-row details table: seconds,
  file size, resident memory and V8 heap, and the smallest heap each case fits in. Each case runs in a
  fresh Node process, N times, the median printed (default 3); one line per format and size as it ends.
  --child FORMAT --rows N run one case and print it as JSON (what the bench starts its processes with).`;
const SIZES = [10_000, XLSX_MAX_ROWS, 50_000];
const FORMATS = ['xlsx', 'csv'] as const;
type Format = (typeof FORMATS)[number];
/** The Worker's budget for one 10,000-row export (docs/stats.md, "Exports"). */
const TARGET_SECONDS = 3;
const TARGET_MB = 128;
const TARGET_ROWS = 10_000;
const SAMPLE_MS = 5;
const HEAP_STEPS_MB = [16, 32, 48, 64, 96, 128];
const BYTES_PER_MB = 1024 * 1024;
const KB_PER_MB = 1024;

interface CaseResult {
  seconds: number;
  fileMb: number;
  /** After the imports and a collection, before the table is written: the process, not the export. */
  baselineRssMb: number;
  /** The process's peak resident set (getrusage maxRSS: exact, even inside synchronous work). */
  peakRssMb: number;
  baselineHeapMb: number;
  /** heapUsed + arrayBuffers sampled every few ms and at the end: the V8 memory a Worker isolate is charged. */
  peakHeapMb: number;
}

const { values } = parseCommand(USAGE, {
  options: { runs: { type: 'string', default: '3' }, child: { type: 'string' }, rows: { type: 'string' } },
});

const mb = (bytes: number) => bytes / BYTES_PER_MB;
const heapNow = () => {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
};

/** One case in this process: write the table, count the bytes, report as JSON on stdout. */
async function runCase(format: Format, rows: number): Promise<void> {
  global.gc?.();
  const baselineRss = process.memoryUsage().rss;
  const baselineHeap = heapNow();
  let peakHeap = baselineHeap;
  const sampler = setInterval(() => (peakHeap = Math.max(peakHeap, heapNow())), SAMPLE_MS);
  const started = process.hrtime.bigint();
  let bytes = 0;
  if (format === 'xlsx') {
    // Past XLSX_MAX_ROWS the product answers 400; the benchmark measures what the limit avoids.
    const file = await xlsxFile(detailsTable(rows), { maxRows: Number.POSITIVE_INFINITY });
    peakHeap = Math.max(peakHeap, heapNow());
    bytes = file.byteLength;
  } else {
    // Read as a response body would be: chunk by chunk, never held whole.
    for await (const chunk of csvStream(detailsTable(rows))) bytes += chunk.byteLength;
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  peakHeap = Math.max(peakHeap, heapNow());
  clearInterval(sampler);
  const result: CaseResult = {
    seconds,
    fileMb: mb(bytes),
    baselineRssMb: mb(baselineRss),
    peakRssMb: process.resourceUsage().maxRSS / KB_PER_MB,
    baselineHeapMb: mb(baselineHeap),
    peakHeapMb: mb(peakHeap),
  };
  process.stdout.write(JSON.stringify(result));
}

function inChild(format: Format, rows: number, nodeFlags: string[] = []): CaseResult {
  const script = fileURLToPath(import.meta.url);
  const args = [...nodeFlags, '--expose-gc', '--import', 'tsx', script, '--child', format, '--rows', String(rows)];
  const out = execFileSync(process.execPath, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  return JSON.parse(out) as CaseResult;
}

/**
 * The smallest V8 old space (of HEAP_STEPS_MB) the case completes in: the live memory it needs, which
 * RSS overstates (garbage not yet collected, Node's own buffers). A Worker isolate has 128 MB in all.
 */
function fitsIn(format: Format, rows: number): string {
  for (const mb of HEAP_STEPS_MB) {
    try {
      inChild(format, rows, [`--max-old-space-size=${mb}`]);
      return `${mb} MB`;
    } catch {
      // Out of memory at this size: try the next.
    }
  }
  return `> ${HEAP_STEPS_MB.at(-1)} MB`;
}

function report(format: Format, rows: number, runs: CaseResult[]): void {
  const pick = (key: keyof CaseResult) => median(runs.map((run) => run[key]));
  const seconds = pick('seconds');
  const overBaseline = pick('peakRssMb') - pick('baselineRssMb');
  const line =
    `${format.padEnd(4)} ${String(rows).padStart(6)} rows: ${seconds.toFixed(2)} s, file ${pick('fileMb').toFixed(2)} MB, ` +
    `RSS ${pick('baselineRssMb').toFixed(0)} MB baseline -> ${pick('peakRssMb').toFixed(0)} MB peak (+${overBaseline.toFixed(0)}), ` +
    `heap+buffers ${pick('baselineHeapMb').toFixed(0)} -> ${pick('peakHeapMb').toFixed(0)} MB`;
  const overLimit = format === 'xlsx' && rows > XLSX_MAX_ROWS ? `  [past the ${XLSX_MAX_ROWS}-row limit: the product answers 400]` : '';
  const target =
    rows === TARGET_ROWS
      ? `  [target < ${TARGET_SECONDS} s, < ${TARGET_MB} MB: ${seconds < TARGET_SECONDS && overBaseline < TARGET_MB ? 'OK' : 'OVER'}]`
      : '';
  console.log(`${line}, fits in a ${fitsIn(format, rows)} V8 heap${overLimit || target}`);
}

if (values.child) {
  await runCase(values.child as Format, Number(values.rows));
} else {
  const runs = Number(values.runs);
  console.log(`export writers, median of ${runs} runs, each in a fresh process (Node ${process.version}):`);
  for (const rows of SIZES) {
    for (const format of FORMATS) {
      report(
        format,
        rows,
        Array.from({ length: runs }, () => inChild(format, rows)),
      );
    }
  }
}
