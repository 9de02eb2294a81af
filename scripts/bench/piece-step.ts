// `npm run bench:piece -- <basic or revenue report.csv>`: one load step's work on the largest piece of a
// report file (src/server/ingest/load/pieces.ts): read the byte range, sum it a slice of rows at a time,
// stage it in a fresh local database. Run with the heap capped (the npm script caps it at 100 MB) it
// proves a step's heap; it prints the step's peak heap, CPU and wall time, and rows per CPU second.
import { createReadStream, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { applyMigrations } from '../demo/load/migrate.ts';
import { openLocalD1 } from '../demo/load/local-d1.ts';
import { loadAverage } from './machine.ts';
import { archivePieceSource, byteRanges } from '../../src/server/ingest/archive/read-object.ts';
import { stagePiece } from '../../src/server/ingest/load/pieces.ts';
import { parseCommand, refuse } from '../lib/cli.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const USAGE = `usage: npm run bench:piece -- <report.csv> [--piece-bytes N] [--persist-to DIR]
  Stages the largest piece (REPORT_PIECE_BYTES, default 32 MiB) of a plain CSV basic or estimated revenue
  report into a fresh local database, as one Workflow step does, under a 100 MB heap (the npm script's
  --max-old-space-size). Prints the peak heap, CPU and wall time of the step.
  A content-owner day to try it on: npm run bench:sync -- --shape content-owner --channels 1000 writes
  .tmp/bench-sync/files/content_owner_basic_a4_<owner>_<day>.csv.
  --piece-bytes N   the piece size, at least 1024 (default 33554432, 32 MiB)
  --persist-to DIR  the fresh database, emptied first (default .tmp/bench-piece)`;
const DEFAULT_PIECE_BYTES = 32 * 1024 * 1024;
const MB = 1024 * 1024;
const SAMPLE_MS = 20;
const NETWORK_ID = 1;

const { values, positionals } = parseCommand(USAGE, {
  allowPositionals: true,
  options: {
    'piece-bytes': { type: 'string', default: String(DEFAULT_PIECE_BYTES) },
    'persist-to': { type: 'string', default: '.tmp/bench-piece' },
  },
});

/** The file on disk as the one R2 call a piece makes: get with a byte range. */
function diskBucket(file: string): R2Bucket {
  const get = (_key: string, options?: R2GetOptions) => {
    const range = (options?.range ?? {}) as { offset?: number; length?: number };
    const start = range.offset ?? 0;
    const end = range.length === undefined ? undefined : start + range.length - 1;
    const body = Readable.toWeb(createReadStream(file, { start, end })) as ReadableStream<Uint8Array>;
    return Promise.resolve({ body });
  };
  return { get } as unknown as R2Bucket;
}

async function main(): Promise<void> {
  const file = positionals[0];
  if (!file) refuse(USAGE, 'name the report file to stage');
  const pieceBytes = Number(values['piece-bytes']);
  if (!Number.isInteger(pieceBytes) || pieceBytes < 1024) throw new Error(`--piece-bytes must be a whole number of at least 1024`);
  const bytes = statSync(file).size;
  const ranges = byteRanges(bytes, pieceBytes);
  // The first piece is a full one (the last may be short); a middle one starts inside a record.
  const index = ranges.length > 1 ? 1 : 0;
  const range = ranges[index] ?? { start: 0, end: bytes };
  const persistTo = path.resolve(ROOT, values['persist-to'] ?? '.tmp/bench-piece');
  console.log(`${path.basename(file)}: ${bytes} bytes, ${ranges.length} pieces of ${pieceBytes}; staging piece ${index + 1}`);
  rmSync(persistTo, { recursive: true, force: true });
  await applyMigrations(ROOT, persistTo);
  const local = await openLocalD1(ROOT, persistTo);
  try {
    // A content owner's report belongs to the network of the owner its name carries (as the sync's scope says).
    const owner = /^content_owner_[a-z_]+_a\d+_(.+)_\d{8}\.csv$/.exec(path.basename(file))?.[1] ?? null;
    if (owner) {
      await local.db
        .prepare("INSERT INTO networks (id, slug, name, content_owner_id, is_partner, created_at) VALUES (?1, 'bench', 'Bench', ?2, 1, 0)")
        .bind(NETWORK_ID, owner)
        .run();
    }
    const source = archivePieceSource(diskBucket(file), path.basename(file), range);
    let peakHeap = process.memoryUsage().heapUsed;
    const sampler = setInterval(() => {
      peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
    }, SAMPLE_MS);
    const load = loadAverage();
    const cpu = process.cpuUsage();
    const started = process.hrtime.bigint();
    const piece = await stagePiece({ db: local.db }, { name: path.basename(file), source }, { index, lineOffset: 0 }, crypto.randomUUID(), {
      now: Math.floor(Date.now() / 1000),
      networkId: owner ? NETWORK_ID : undefined,
      replace: true,
    });
    const wall = Number(process.hrtime.bigint() - started) / 1e9;
    const used = process.cpuUsage(cpu);
    clearInterval(sampler);
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
    if ('rejected' in piece) throw new Error(`the piece was rejected: ${piece.rejected.reason}`);
    if ('cut' in piece) throw new Error('the benchmark stages into the shared D1: a piece is never cut by bucket');
    const cpuSeconds = (used.user + used.system) / 1e6;
    const heapLimitMb = Math.round((await import('node:v8')).getHeapStatistics().heap_size_limit / MB);
    console.log(
      JSON.stringify({
        bench: {
          pieceBytes,
          rows: piece.rows,
          parts: piece.parts,
          slices: piece.slices.length,
          peakHeapMb: Math.round(peakHeap / MB),
          heapLimitMb,
          cpuSeconds: Math.round(cpuSeconds * 100) / 100,
          wallSeconds: Math.round(wall * 100) / 100,
          microsPerRow: Math.round((cpuSeconds * 1e6) / piece.rows) / 1,
        },
      }),
    );
    console.log(
      `piece ${index + 1} of ${ranges.length}: ${piece.rows.toLocaleString('en-US')} rows staged in ${piece.parts} parts; ` +
        `peak heap ${Math.round(peakHeap / MB)} MB (limit ${heapLimitMb} MB), ${cpuSeconds.toFixed(1)} s of CPU ` +
        `(${((cpuSeconds * 1e6) / piece.rows).toFixed(1)} µs a row), ${wall.toFixed(1)} s wall; load average ${load}`,
    );
  } finally {
    await local.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(`bench:piece failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
