// `npm run bench:filter-slices`: the rollup step that writes a period's positions within every country,
// category, language and network (src/server/ingest/rollup/filter-positions.ts), run on the large
// dataset's local database under a 100 MB heap (the npm script caps it), one period at a time. Prints each
// period's wall and CPU time, peak heap, statements and the slices written; it also fills the table on a
// bench state migrated past 0044 without a rebuild.
import path from 'node:path';
import { loadAverage } from './machine.ts';
import { openLocalD1 } from '../demo/load/local-d1.ts';
import { readFilterValues, refreshFilterPositions } from '../../src/server/ingest/rollup/filter-positions.ts';
import { createRunner } from '../../src/server/ingest/rollup/runner.ts';
import { parseCommand, refuse } from '../lib/cli.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const USAGE = `usage: npm run bench:filter-slices -- [--persist-to DIR] [--periods LIST]
  Rewrites channel_filter_slices for each period from that period's channel_positions, as the rollups do
  after refreshing a period, on a local database already seeded and migrated (npm run bench:public seeds
  the large dataset). Reads the channels' values once, then each period under a 100 MB heap, the local
  runtime's own included (≈ 40 MB); prints each period's time, peak heap and slices.
  --persist-to DIR  wrangler state holding the database (default .tmp/bench-large)
  --periods LIST    comma-separated periods, 'now' or YYYY-MM (default: every period channel_positions holds)`;
const MB = 1024 * 1024;
const SAMPLE_MS = 20;

const { values } = parseCommand(USAGE, {
  options: {
    'persist-to': { type: 'string', default: '.tmp/bench-large' },
    periods: { type: 'string' },
  },
});

async function main(): Promise<void> {
  const asked = values.periods?.split(',').map((p) => p.trim());
  if (asked?.some((p) => p !== 'now' && !/^\d{4}-(0[1-9]|1[0-2])$/.test(p)))
    refuse(USAGE, `--periods takes 'now' or YYYY-MM, comma-separated`);
  const local = await openLocalD1(ROOT, path.resolve(ROOT, values['persist-to']));
  try {
    const stored = await local.db.prepare('SELECT DISTINCT period FROM channel_positions ORDER BY period').all<{ period: string }>();
    const periods = asked ?? stored.results.map((row) => row.period);
    if (periods.length === 0) refuse(USAGE, 'channel_positions holds no period: seed the database first (npm run bench:public seeds it)');
    // Read once, as a rollup run reads them for all its periods (a few MB of typed arrays).
    const values = await readFilterValues(createRunner(local.db));
    // The local database's runtime lives in this process: its heap is the floor every period starts from.
    const floor = process.memoryUsage().heapUsed;
    console.log(
      `filter slices of ${periods.length} periods; heap ${Math.round(floor / MB)} MB before (the local runtime and the channels' values); load average ${loadAverage()}`,
    );
    for (const period of periods) {
      const runner = createRunner(local.db);
      let peakHeap = process.memoryUsage().heapUsed;
      const sampler = setInterval(() => (peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed)), SAMPLE_MS);
      const cpu = process.cpuUsage();
      const started = process.hrtime.bigint();
      await refreshFilterPositions(runner, period, values);
      const wall = Number(process.hrtime.bigint() - started) / 1e9;
      const used = process.cpuUsage(cpu);
      clearInterval(sampler);
      const written = await local.db
        .prepare(
          'SELECT count(*) AS n, sum(length(channel_ids) + length(previous_positions)) AS chars FROM channel_filter_slices WHERE period = ?',
        )
        .bind(period)
        .first<{ n: number; chars: number | null }>();
      console.log(
        `${period}: ${written?.n ?? 0} slices (${((written?.chars ?? 0) / MB).toFixed(1)} MB of lists), ${runner.statements} statements; ` +
          `${wall.toFixed(1)} s wall, ${((used.user + used.system) / 1e6).toFixed(1)} s CPU here, peak heap ${Math.round(peakHeap / MB)} MB (${Math.round((peakHeap - floor) / MB)} MB above before); ` +
          `load average ${loadAverage()}`,
      );
    }
  } finally {
    await local.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(`bench:filter-slices failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
