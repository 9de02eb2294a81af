// Integration tests: the real Hono app inside workerd against a real, migrated local D1.
import path from 'node:path';
import { defineWorkersConfig, readD1Migrations } from '@cloudflare/vitest-pool-workers/config';

/** Fixed admin token for the tests of /api/admin (never used outside tests). */
const TEST_ADMIN_TOKEN = 'test-admin-token-0123456789abcdef0123456789';

export default defineWorkersConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, 'migrations'));
  return {
    test: {
      name: 'integration',
      include: ['tests/integration/**/*.test.ts'],
      setupFiles: ['tests/integration/apply-migrations.ts'],
      // A local fake of Google's APIs for the sync tests; its URL reaches them through inject().
      globalSetup: ['tests/integration/sync/global-setup.ts'],
      poolOptions: {
        workers: {
          singleWorker: true,
          isolatedStorage: true,
          miniflare: {
            compatibilityDate: '2025-11-01',
            compatibilityFlags: ['nodejs_compat'],
            d1Databases: ['DB'],
            kvNamespaces: ['KV'],
            r2Buckets: ['FILES'],
            bindings: { APP_ENV: 'test', ADMIN_TOKEN: TEST_ADMIN_TOKEN, TEST_MIGRATIONS: migrations },
          },
        },
      },
    },
  };
});
