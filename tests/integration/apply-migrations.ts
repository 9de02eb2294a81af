// Applies the D1 migrations once per test file (integration and network store tests alike).
import { applyD1Migrations, env } from 'cloudflare:test';

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
