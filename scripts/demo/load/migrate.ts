// Applies the D1 migrations to the local database with wrangler, before anything is written.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { WRANGLER_ENV } from '../../lib/run.ts';

/** `wrangler d1 migrations apply DB --local --persist-to <dir>`; rejects with wrangler's output on failure. */
export function applyMigrations(root: string, persistTo: string): Promise<void> {
  const wrangler = path.join(root, 'node_modules', '.bin', 'wrangler');
  const args = ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistTo];
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
