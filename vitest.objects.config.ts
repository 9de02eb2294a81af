// Network stores: the Durable Object that holds a network's partner facts when PARTNER_STORE=objects
// (docs/partner-store.md), run inside workerd beside a real, migrated D1.
import path from 'node:path';
import { defineWorkersConfig, readD1Migrations } from '@cloudflare/vitest-pool-workers/config';
import { FAKE_CREDENTIALS } from './tests/integration/sync/fake/credentials';

const { YOUTUBE_API_KEY: _key, ...FAKE_OAUTH } = FAKE_CREDENTIALS;

/** As the integration tests' budgets (vitest.integration.config.ts): a loaded machine stretches them. */
const TEST_BUDGET_MS = 60_000;
/** The admin API's token in these tests, as in vitest.integration.config.ts. */
const TEST_ADMIN_TOKEN = 'test-admin-token-0123456789abcdef0123456789';

export default defineWorkersConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, 'migrations'));
  return {
    test: {
      name: 'objects',
      include: ['tests/objects/**/*.test.ts'],
      testTimeout: TEST_BUDGET_MS,
      hookTimeout: TEST_BUDGET_MS,
      setupFiles: ['tests/integration/apply-migrations.ts'],
      // The local fake of Google's APIs the sync tests read from (its URL reaches them through inject()).
      globalSetup: ['tests/integration/sync/global-setup.ts'],
      poolOptions: {
        workers: {
          main: './tests/objects/worker-main.ts',
          singleWorker: true,
          // Isolated storage cannot yet restore SQLite-backed objects between tests (it finds their
          // -shm/-wal files and gives up), so each test addresses its own networks instead.
          isolatedStorage: false,
          miniflare: {
            compatibilityDate: '2025-11-01',
            compatibilityFlags: ['nodejs_compat'],
            d1Databases: ['DB'],
            kvNamespaces: ['KV'],
            r2Buckets: ['FILES', 'REPORTS'],
            durableObjects: { NETWORK_STORE: { className: 'NetworkStore', useSQLite: true } },
            workflows: {
              REPORT_LOADS: { name: 'viewdeck-report-day-load', className: 'ReportDayLoad' },
              ARCHIVE_LOADS: { name: 'viewdeck-archive-load', className: 'ArchiveLoad' },
            },
            // Report load instances read the Google secrets from the worker's own bindings, as deployed.
            bindings: { APP_ENV: 'test', ADMIN_TOKEN: TEST_ADMIN_TOKEN, TEST_MIGRATIONS: migrations, ...FAKE_OAUTH },
          },
        },
      },
    },
  };
});
