// The size benchmark's tables: stored bytes per table and index against the channel-days and report rows
// loaded, and each dashboard call's time as the network grows.
import { grown, mb, type Stored } from './size-dbstat';

const DAYS_PER_YEAR = 365;
const BYTES_PER_MB = 1e6;

/** What a step loaded, cumulatively from the first step. */
export interface Loaded {
  /** Multiple of the first step's channels. */
  step: number;
  channels: number;
  channelDays: number;
  basicRows: number;
  revenueRows: number;
  demographicsRows: number;
  metadataRows: number;
  importSeconds: number;
  generateSeconds: number;
}

export function reportRows(loaded: Loaded): number {
  return loaded.basicRows + loaded.revenueRows + loaded.demographicsRows;
}

/**
 * Prints every table and index that grew since `base` (the empty network): MB, B per channel-day, rows,
 * rows per report row and B per row. Returns the partner total in bytes (everything that grew).
 */
export function printSizes(base: Stored, now: Stored, loaded: Loaded): number {
  const objects = grown(base, now);
  const rows = reportRows(loaded);
  const total = objects.reduce((sum, o) => sum + o.bytes, 0);
  console.log(
    `\nstored at ${loaded.step}x: ${loaded.channels} channels, ${loaded.channelDays} channel-days, ${rows.toLocaleString('en-US')} report rows ` +
      `(basic ${loaded.basicRows.toLocaleString('en-US')}, revenue ${loaded.revenueRows.toLocaleString('en-US')}, demographics ${loaded.demographicsRows.toLocaleString('en-US')}); file ${mb(now.fileBytes)} MB + WAL ${mb(now.walBytes)} MB; rows/rep.row = stored rows per report row of the three reports`,
  );
  console.log(
    `${'table or index'.padEnd(44)} ${'MB'.padStart(8)} ${'B/ch-day'.padStart(9)} ${'rows'.padStart(11)} ${'rows/rep.row'.padStart(12)} ${'B/row'.padStart(6)}`,
  );
  for (const o of objects) {
    if (o.bytes < 4096 * 4 && (o.rows ?? 0) < 100) continue;
    const name = o.kind === 'index' ? `  ${o.name} (index)` : o.name;
    const perRow = o.rows ? (o.bytes / o.rows).toFixed(0) : '';
    const perReportRow = o.rows === null ? '' : (o.rows / rows).toFixed(4);
    console.log(
      `${name.padEnd(44)} ${mb(o.bytes).padStart(8)} ${(o.bytes / loaded.channelDays).toFixed(0).padStart(9)} ${(o.rows ?? '').toLocaleString('en-US').padStart(11)} ${perReportRow.padStart(12)} ${perRow.padStart(6)}`,
    );
  }
  const perDay = total / loaded.channelDays;
  console.log(
    `partner total: ${mb(total)} MB, ${perDay.toFixed(0)} B per channel-day, ${((perDay * DAYS_PER_YEAR) / BYTES_PER_MB).toFixed(2)} MB per channel-year; ` +
      `import ${loaded.importSeconds.toFixed(0)} s (${Math.round(rows / loaded.importSeconds)} report rows/s), files made in ${loaded.generateSeconds.toFixed(0)} s`,
  );
  return total;
}

/** Each call's median at 90 days and lifetime, per step, and the growth from the first step to the last. */
export function printGrowth(
  labels: string[],
  steps: Array<{ step: number; channels: number; times: Map<string, number[]> }>,
  runs: number,
): void {
  const head = steps.flatMap((s) => [`${s.step}x 90d`, `${s.step}x life`]);
  console.log(
    `\ndashboard calls as the network grows (ms, median of ${runs}; channels: ${steps.map((s) => `${s.step}x = ${s.channels}`).join(', ')})`,
  );
  console.log(
    `${'call'.padEnd(20)} ${head.map((h) => h.padStart(10)).join(' ')} ${'90d last/1x'.padStart(12)} ${'life last/1x'.padStart(13)}`,
  );
  for (const label of labels) {
    const times = steps.map((s) => s.times.get(label) ?? [Number.NaN, Number.NaN]);
    const first = times[0]!;
    const last = times[times.length - 1]!;
    const cells = times.flatMap(([d90 = Number.NaN, life = Number.NaN]) => [d90, life].map((t) => t.toFixed(1).padStart(10)));
    const growth = [0, 1].map((i) => `${((last[i] ?? 0) / (first[i] ?? 1)).toFixed(2)}x`);
    console.log(`${label.padEnd(20)} ${cells.join(' ')} ${growth[0]!.padStart(12)} ${growth[1]!.padStart(13)}`);
  }
}
