// Tests that run the built Worker under `wrangler dev` from Node, to do what only a real process allows
// (kill it mid-load, start it again on the same state). npm test runs them after the build.
import { defineConfig } from 'vitest/config';

/**
 * A hung test ends here. Not an estimate: each wait inside the tests has its own bound and message; a build,
 * two wrangler starts and a load take a few minutes on a loaded 2-core machine.
 */
const TEST_BUDGET_MS = 30 * 60_000;

export default defineConfig({
  test: {
    name: 'wrangler',
    include: ['tests/wrangler/**/*.test.ts'],
    environment: 'node',
    testTimeout: TEST_BUDGET_MS,
    hookTimeout: TEST_BUDGET_MS,
  },
});
