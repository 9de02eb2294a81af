// Applies the D1 migrations once per test file; isolated storage rolls data back after each test.
import { applyD1Migrations, env } from 'cloudflare:test';
import { emptyDatabase, leftFromAnotherFile } from './fresh-start';

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
if (await leftFromAnotherFile(env.DB)) {
  console.warn('The previous test file left rows behind (its storage was not restored): this file starts from an empty database.');
  await emptyDatabase(env.DB);
}
