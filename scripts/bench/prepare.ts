// What every HTTP benchmark needs first: a current build and the large dataset in its state directory.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildIfStale } from '../lib/build-stamp.ts';
import { mustRun, WRANGLER_ENV } from '../lib/run.ts';

/** Builds when the sources changed, then seeds the large dataset into state unless it has one. */
export async function prepareLargeState(root: string, state: string): Promise<void> {
  await buildIfStale(root);
  if (!existsSync(path.join(state, 'v3'))) console.log(`seeding the large dataset into ${state} (several minutes) ...`);
  await mustRun('npx', ['tsx', 'scripts/seed.ts', '--scale', 'large', '--persist-to', state, '--if-empty'], {
    cwd: root,
    env: WRANGLER_ENV,
  });
}
