// The integration tests again on a split install (PARTNER_STORE=objects, docs/partner-store.md): the
// same files and the same real app, with every network's partner facts in its own SQLite-backed Durable
// Object beside the shared D1. Tests that write partner facts themselves go through the partner store
// (tests/integration/factories.ts), so each assertion holds in both modes.
import path from 'node:path';
import { defineWorkersConfig, readD1Migrations } from '@cloudflare/vitest-pool-workers/config';
import { HOOK_BUDGET_MS, TEST_ADMIN_TOKEN, TEST_BUDGET_MS } from './vitest.integration.config';

export default defineWorkersConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, 'migrations'));
  return {
    test: {
      name: 'integration-split',
      include: ['tests/integration/**/*.test.ts'],
      testTimeout: TEST_BUDGET_MS,
      hookTimeout: HOOK_BUDGET_MS,
      setupFiles: ['tests/integration/apply-migrations.ts'],
      globalSetup: ['tests/integration/sync/global-setup.ts'],
      poolOptions: {
        workers: {
          // Exports the NetworkStore class the binding names.
          main: './tests/objects/worker-main.ts',
          singleWorker: true,
          // Per-test storage covers the stores too: a store answers every failure as a value
          // (src/server/partner-store/wire.ts), so no object is left with its SQLite file open.
          isolatedStorage: true,
          miniflare: {
            compatibilityDate: '2025-11-01',
            compatibilityFlags: ['nodejs_compat'],
            d1Databases: ['DB'],
            kvNamespaces: ['KV'],
            r2Buckets: ['FILES'],
            durableObjects: { NETWORK_STORE: { className: 'NetworkStore', useSQLite: true } },
            bindings: {
              APP_ENV: 'test',
              ADMIN_TOKEN: TEST_ADMIN_TOKEN,
              PARTNER_STORE: 'objects',
              TEST_MIGRATIONS: migrations,
            },
          },
        },
      },
    },
  };
});
