// Integration tests: the real Hono app inside workerd against a real, migrated local D1.
import path from 'node:path';
import { defineWorkersConfig, readD1Migrations } from '@cloudflare/vitest-pool-workers/config';

/**
 * Budgets for one test and one hook. The slowest tests (argon2id hashing in wasm, thousands of D1
 * rows, fuzz rounds) take up to 1.5 s on an idle 2-core machine; the suite must also pass while the
 * machine runs a second suite and other work, which stretches that several times over. Vitest's 5 s
 * default failed there; these budgets leave a wide margin and still end a test that hangs.
 */
const TEST_BUDGET_MS = 60_000;
/** Hooks create accounts and load report files (beforeAll/beforeEach), as slow as the slowest tests. */
const HOOK_BUDGET_MS = 60_000;

/** Fixed admin token for the tests of /api/admin (never used outside tests). */
const TEST_ADMIN_TOKEN = 'test-admin-token-0123456789abcdef0123456789';

/** What a pass over tests/integration adds to the default one (vitest.integration-split.config.ts). */
export interface IntegrationPass {
  name: string;
  /** A worker exporting the Durable Object classes the bindings name. */
  main?: string;
  durableObjects?: Record<string, { className: string; useSQLite: boolean }>;
  bindings?: Record<string, string>;
  /** Test files this pass leaves out, each with the reason beside it in the pass's config. */
  exclude?: string[];
}

/** The integration tests' config, for the default pass or another one over the same files. */
export function integrationConfig(pass: IntegrationPass) {
  return defineWorkersConfig(async () => {
    const migrations = await readD1Migrations(path.join(import.meta.dirname, 'migrations'));
    return {
      // As the build does (astro.config.mjs): the migration /healthz expects the database to have applied last.
      define: { __LATEST_MIGRATION__: JSON.stringify(migrations.at(-1)?.name) },
      test: {
        name: pass.name,
        include: ['tests/integration/**/*.test.ts'],
        exclude: pass.exclude ?? [],
        testTimeout: TEST_BUDGET_MS,
        hookTimeout: HOOK_BUDGET_MS,
        setupFiles: ['tests/integration/apply-migrations.ts', 'tests/integration/start-empty.ts', 'tests/integration/known-rejections.ts'],
        // A local fake of Google's APIs for the sync tests; its URL reaches them through inject().
        globalSetup: ['tests/integration/sync/global-setup.ts'],
        poolOptions: {
          workers: {
            ...(pass.main ? { main: pass.main } : {}),
            singleWorker: true,
            isolatedStorage: true,
            miniflare: {
              compatibilityDate: '2025-11-01',
              compatibilityFlags: ['nodejs_compat'],
              d1Databases: ['DB'],
              kvNamespaces: ['KV'],
              r2Buckets: ['FILES', 'REPORTS'],
              ...(pass.durableObjects ? { durableObjects: pass.durableObjects } : {}),
              bindings: { APP_ENV: 'test', ADMIN_TOKEN: TEST_ADMIN_TOKEN, ...pass.bindings, TEST_MIGRATIONS: migrations },
            },
          },
        },
      },
    };
  });
}

export default integrationConfig({ name: 'integration' });
