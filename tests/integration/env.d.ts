// Types of the bindings the integration tests receive from cloudflare:test.
/// <reference types="@cloudflare/vitest-pool-workers" />
import type { Bindings } from '../../src/server/env';

declare module 'cloudflare:test' {
  interface ProvidedEnv extends Bindings {
    TEST_MIGRATIONS: D1Migration[];
  }
}
