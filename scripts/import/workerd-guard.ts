// The local workerd a command starts through Miniflare ends with the command, however the command ends.
import { spawn } from 'node:child_process';
import { procStat, processIds } from '../lib/proc-stat.ts';

/** How often the guard looks whether the command is still there. */
const POLL_SECONDS = 1;

/** The command's own child processes named `name` (Linux /proc; none elsewhere). */
export function childrenNamed(parent: number, name: string): number[] {
  return processIds().filter((pid) => {
    const stat = procStat(pid);
    return stat?.parent === parent && stat.name === name;
  });
}

/**
 * Miniflare stops its workerd only from dispose(). A command that dies without it (out of heap,
 * SIGKILL) left that workerd running for good, holding the local database's files and memory. Once
 * the workerd runs, a watchdog shell (about 1 MB) waits for this process to be gone, then kills it;
 * dispose() ends the watchdog first, so it never outlives a clean exit.
 * @example const release = guardWorkerd(); ...; release(); await mf.dispose();
 */
export function guardWorkerd(): () => void {
  const workerds = childrenNamed(process.pid, 'workerd');
  if (workerds.length === 0) return () => undefined;
  const watch = `while kill -0 "$0" 2>/dev/null; do sleep ${POLL_SECONDS}; done; kill -9 "$@" 2>/dev/null`;
  const guard = spawn('sh', ['-c', watch, String(process.pid), ...workerds.map(String)], { detached: true, stdio: 'ignore' });
  // An error to start the guard (no sh) leaves the command as it was before: it must not fail the import.
  guard.on('error', () => undefined);
  guard.unref();
  return () => {
    if (guard.exitCode === null) guard.kill('SIGKILL');
  };
}
