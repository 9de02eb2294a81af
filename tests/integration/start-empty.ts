// Integration files only (their storage is isolated): a file that finds a previous file's rows starts from
// the migrated, empty database (fresh-start.ts says why). The network store tests keep storage across
// files on purpose, so they do not run this.
import { env } from 'cloudflare:test';
import { emptyDatabase, leftFromAnotherFile } from './fresh-start';

if (await leftFromAnotherFile(env.DB)) {
  console.warn('The previous test file left rows behind (its storage was not restored): this file starts from an empty database.');
  await emptyDatabase(env.DB);
}
