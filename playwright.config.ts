// Browser tests against the built worker with a fresh demo database, driven through Debian's Chromium.
import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './tests/e2e/chromium-path';

const E2E_URL = process.env.E2E_BASE_URL ?? `http://localhost:${process.env.E2E_PORT ?? 8790}`;
/** Migrations and the demo seed run before the server answers. */
const SERVER_START_TIMEOUT_MS = 180_000;

// Playwright's own browser download is not available here; Debian's Chromium is.
const chromium = chromiumPath();
if (!chromium) {
  throw new Error('No Chromium found. Install it with `apt-get install -y chromium` or set CHROMIUM_PATH.');
}

export default defineConfig({
  testDir: 'tests/e2e',
  // One shared database: tests run one after another and each leaves the accounts as it found them.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: E2E_URL,
    trace: 'retain-on-failure',
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
  // E2E_BASE_URL points the tests at a server that is already running (and skips starting one).
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        command: 'npx tsx scripts/e2e-server.ts',
        url: E2E_URL,
        // Always a fresh database: login throttling and changed accounts must not carry over runs.
        reuseExistingServer: false,
        timeout: SERVER_START_TIMEOUT_MS,
        // The server's request log would drown the test report; its errors still show.
        stdout: 'ignore',
        stderr: 'pipe',
      },
});
