// Starts scripts/e2e-server.ts for `npm test` and waits until it answers, or until it exits.
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from './free-port.ts';
import { WRANGLER_ENV } from './run.ts';

/**
 * How long a server that neither answers nor exits is waited for. Not an estimate of the start
 * time: a server that fails exits and is reported at once; this only ends a hung start. The seed
 * and wrangler's start take about a minute on an idle 2-core machine and several times that when
 * the machine is shared, so the guard sits far above both.
 */
export const HUNG_START_MS = 20 * 60_000;
const POLL_INTERVAL_MS = 250;
/** One poll's own limit: a port that accepts but never answers must not stall the loop. */
const POLL_REQUEST_MS = 5_000;
/** How much of the server's stderr is kept to explain a failed start. */
const STDERR_TAIL_CHARS = 8_000;
/** How long a stopped server has to let wrangler flush before it is killed outright. */
const STOP_GRACE_MS = 10_000;
/** How long an exited server's last stderr lines are awaited (a grandchild may hold the pipe open). */
const STDERR_DRAIN_MS = 1_000;

export interface E2eServer {
  url: string;
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(POLL_REQUEST_MS) });
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts the browser tests' server on a free port (or E2E_PORT), in its own process group, with its
 * output in `logFile` and `env` added to its environment (PARTNER_STORE for the split pass). Resolves
 * once wrangler has said it is ready on that port and the site answers; rejects with the server's
 * stderr if it exits first.
 * @example const server = await startE2eServer(ROOT, '.tmp/e2e-server.log'); ...; await server.stop()
 */
export async function startE2eServer(root: string, logFile: string, env: Record<string, string> = {}): Promise<E2eServer> {
  const port = process.env.E2E_PORT ? Number(process.env.E2E_PORT) : await freePort();
  const url = `http://localhost:${port}`;
  const logPath = path.resolve(root, logFile);
  const log = openSync(logPath, 'w');
  const child = spawn('npx', ['tsx', 'scripts/e2e-server.ts'], {
    cwd: root,
    env: { ...WRANGLER_ENV, ...env, E2E_PORT: String(port) },
    stdio: ['ignore', log, 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_TAIL_CHARS);
  });
  const killGroup = (signal: NodeJS.Signals) => {
    if (child.pid !== undefined && child.exitCode === null) {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // The group has already gone.
      }
    }
  };
  // An interrupted `npm test` must not leave wrangler serving on its port.
  process.once('exit', () => killGroup('SIGKILL'));
  const stop = async () => {
    killGroup('SIGTERM');
    const grace = setTimeout(() => killGroup('SIGKILL'), STOP_GRACE_MS);
    await exited(child);
    clearTimeout(grace);
  };

  // Our own server's word first ("Ready on <url>" in its log), then an answer: whatever else answers on
  // the port is not taken for it.
  const ready = () => readFileSync(logPath, 'utf8').includes(`Ready on ${url}`);
  const deadline = Date.now() + HUNG_START_MS;
  while (!(ready() && (await answers(url)))) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await new Promise((resolve) => {
        child.stderr?.once('close', resolve);
        setTimeout(resolve, STDERR_DRAIN_MS);
      });
      throw new Error(`the e2e server exited (${child.exitCode ?? child.signalCode}) before answering; its stderr:\n${stderr}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the e2e server neither answered at ${url} nor exited in ${HUNG_START_MS / 60_000} minutes; see ${logFile}`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
  return { url, stop };
}
