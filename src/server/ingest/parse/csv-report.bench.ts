// Throughput of parseReport on a generated channel_basic_a3 file: npx vitest bench --run src/server/ingest
import { bench, describe } from 'vitest';
import { parseReport } from './csv-report';
import { syntheticChannelBasicA3 } from './test-support/synthetic';

const ROWS = 200_000;
const bytes = new TextEncoder().encode(syntheticChannelBasicA3(ROWS).csv);

describe(`channel_basic_a3, ${ROWS} rows, ${(bytes.length / 1e6).toFixed(1)} MB`, () => {
  bench(
    'readers only (default for basic)',
    async () => {
      await parseReport('channel_basic_a3_20260301.csv', bytes);
    },
    { iterations: 5, warmupIterations: 1 },
  );

  bench(
    'readers + zod schema on every row',
    async () => {
      await parseReport('channel_basic_a3_20260301.csv', bytes, { schemaEveryRow: true });
    },
    { iterations: 5, warmupIterations: 1 },
  );
});
