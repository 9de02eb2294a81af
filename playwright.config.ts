// Browser tests against the built worker with a fresh demo database, driven through Debian's Chromium.
import { defineConfig, devices } from '@playwright/test';
import { HUNG_START_MS } from './scripts/lib/e2e-server-process.ts';
import { testChromiumPath } from './tests/e2e/chromium-path';

const E2E_URL = process.env.E2E_BASE_URL ?? `http://localhost:${process.env.E2E_PORT ?? 8790}`;
/**
 * Budgets for one test and for one retrying assertion. Most tests take under 8 s on an idle 2-core
 * machine (the accessibility sweep sets its own, per page); a second suite and other work on the
 * same machine stretch that several times, past Playwright's 30 s and 5 s defaults.
 */
const TEST_BUDGET_MS = 120_000;
const ASSERTION_BUDGET_MS = 20_000;

// Playwright's own browser download is not available here; Debian's headless shell (or Chromium) is.
const chromium = testChromiumPath();
if (!chromium) {
  throw new Error('No Chromium found. Install it with `apt-get install -y chromium chromium-headless-shell` or set CHROMIUM_PATH.');
}

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: TEST_BUDGET_MS,
  expect: { timeout: ASSERTION_BUDGET_MS },
  // One shared database: tests run one after another and each leaves the accounts as it found them.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  // One retry, and npm test names every test that needed it: under two full suites at once on a
  // 2-core machine, wrangler dev (the local server, not the product) has held a single response
  // for minutes (its log: "GET /find 200 OK (327867ms)"), failing whichever test asked for it.
  retries: 1,
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: E2E_URL,
    // A trace of the retry only: recording one for every test (retain-on-failure) took a quarter of
    // the pass's time and CPU (four specs, 44 tests: 134–142 s against 104 s). A test that fails twice
    // keeps the trace of its second run.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: chromium,
          headless: true,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  // E2E_BASE_URL points the tests at a server that is already running (and skips starting one):
  // `npm test` starts it on a free port itself. A hand run starts it here; Playwright stops waiting
  // as soon as the command exits, so the timeout only ends a start that hangs (see HUNG_START_MS).
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        command: 'npx tsx scripts/e2e-server.ts',
        url: E2E_URL,
        // Always a fresh database: login throttling and changed accounts must not carry over runs.
        reuseExistingServer: false,
        timeout: HUNG_START_MS,
        // The server's request log would drown the test report; its errors still show.
        stdout: 'ignore',
        stderr: 'pipe',
      },
});
