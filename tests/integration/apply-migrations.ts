// Applies the D1 migrations once per test file; isolated storage rolls data back after each test.
import { applyD1Migrations, env } from 'cloudflare:test';

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
