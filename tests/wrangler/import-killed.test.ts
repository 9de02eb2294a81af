// A command line that dies without closing its local database (out of heap, SIGKILL) leaves no workerd
// running: the guard Miniflare's workerd gets (scripts/import/workerd-guard.ts) ends it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { childrenNamed } from '../../scripts/import/workerd-guard.ts';
import { procStat } from '../../scripts/lib/proc-stat.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
/** Bounds of the two waits, not estimates: Miniflare starts in seconds; the guard looks once a second. */
const OPEN_BOUND_MS = 5 * 60_000;
const GONE_BOUND_MS = 60_000;
const POLL_MS = 200;

/** Running, and not a zombie waiting for its parent to reap it. */
function alive(pid: number): boolean {
  const state = procStat(pid)?.state;
  return state !== undefined && state !== 'Z';
}

async function until(what: string, boundMs: number, done: () => boolean): Promise<void> {
  const deadline = Date.now() + boundMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`${what} not within ${boundMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

const state = mkdtempSync(path.join(tmpdir(), 'viewdeck-import-killed-'));
/** The workerds the test saw, killed at the end should the guard have failed to. */
const seen: number[] = [];
afterAll(() => {
  for (const pid of seen.filter(alive)) process.kill(pid, 'SIGKILL');
  rmSync(state, { recursive: true, force: true });
});

describe('a command killed with its local database open', () => {
  it('leaves no workerd running', async () => {
    const command = spawn('node', ['--import', 'tsx', 'tests/wrangler/hold-local-d1.ts', state], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    command.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await until('the local database opened', OPEN_BOUND_MS, () => out.includes('open') || command.exitCode !== null);
    expect(command.exitCode).toBeNull();
    const workerds = childrenNamed(command.pid ?? -1, 'workerd');
    seen.push(...workerds);
    expect(workerds.length).toBeGreaterThan(0);
    // SIGKILL runs no exit handler and no dispose(), as a V8 heap abort does not.
    command.kill('SIGKILL');
    await until('the workerd ended', GONE_BOUND_MS, () => workerds.every((pid) => !alive(pid)));
    expect(workerds.filter(alive)).toEqual([]);
  });
});
