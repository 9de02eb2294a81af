// Types of the bindings the integration tests receive from cloudflare:test.
import type { Bindings } from '../../src/server/env';

declare module 'cloudflare:test' {
  interface ProvidedEnv extends Bindings {
    TEST_MIGRATIONS: D1Migration[];
  }
}
