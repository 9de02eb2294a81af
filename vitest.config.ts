// Unit tests: pure logic next to the code, run in Node.
import { defineConfig } from 'vitest/config';

/**
 * Budget for one test or hook. The slowest unit tests (argon2id hashes, the demo generator's tables)
 * take about 0.5 s idle; on a shared 2-core machine running two suites that grows several times, past
 * vitest's 5 s default. The budget still ends a test that hangs.
 */
const TEST_BUDGET_MS = 30_000;

export default defineConfig({
  test: {
    name: 'unit',
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: TEST_BUDGET_MS,
    hookTimeout: TEST_BUDGET_MS,
  },
});
