// Applies the D1 migrations to the local database with wrangler, before anything is written.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { WRANGLER_ENV } from '../../lib/run.ts';

/**
 * `wrangler d1 migrations apply DB --local --persist-to <dir>`; rejects with wrangler's output on failure.
 * A benchmark with its own configuration names its binding and its wrangler.toml.
 * @example await applyMigrations(ROOT, STATE, { binding: 'SHARED', config: 'scripts/bench/split/wrangler.toml' })
 */
export function applyMigrations(
  root: string,
  persistTo: string,
  target: { binding: string; config?: string } = { binding: 'DB' },
): Promise<void> {
  const wrangler = path.join(root, 'node_modules', '.bin', 'wrangler');
  const args = ['d1', 'migrations', 'apply', target.binding, '--local', '--persist-to', persistTo];
  if (target.config) args.push('-c', target.config);
  return new Promise((resolve, reject) => {
    const child = spawn(wrangler, args, { cwd: root, env: WRANGLER_ENV, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`wrangler d1 migrations apply failed (exit ${code}):\n${output}`));
    });
  });
}
