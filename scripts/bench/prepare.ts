// What every HTTP benchmark needs first: a current build and the large dataset in its state directory.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildIfStale } from '../lib/build-stamp.ts';
import type { ChildProcess } from 'node:child_process';
import { ensurePortFree, mustRun, startServer, stopServer, waitForUrl, WRANGLER_ENV } from '../lib/run.ts';

/** Builds when the sources changed, then seeds the large dataset into state unless it has one. */
export async function prepareLargeState(root: string, state: string): Promise<void> {
  await buildIfStale(root);
  if (!existsSync(path.join(state, 'v3'))) console.log(`seeding the large dataset into ${state} (several minutes) ...`);
  await mustRun('npx', ['tsx', 'scripts/seed.ts', '--scale', 'large', '--persist-to', state, '--if-empty'], {
    cwd: root,
    env: WRANGLER_ENV,
  });
}

/**
 * The built worker on the large dataset under wrangler dev, answering on `port`: the port checked free,
 * the state prepared, the server started and waited for. Stop it with stopServer.
 * @example const server = await startLargeServer(ROOT, STATE, 8798)
 */
export async function startLargeServer(root: string, state: string, port: number): Promise<ChildProcess> {
  await ensurePortFree(port);
  await prepareLargeState(root, state);
  const server = await startServer(
    ['--port', String(port), '--persist-to', state, '--var', 'APP_ENV:local', '--show-interactive-dev-session=false'],
    root,
  );
  try {
    await waitForUrl(`http://localhost:${port}`, 60_000, server);
  } catch (error) {
    stopServer(server);
    throw error;
  }
  return server;
}
