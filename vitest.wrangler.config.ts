// Tests that run real processes from Node, to do what only a real process allows: the built Worker under
// `wrangler dev` killed mid-load and started again on the same state, a command line killed with its local
// database open. npm test runs them after the build.
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
