// The built Worker under `wrangler dev` for the tests that need a real process to kill: started in its own
// process group on free ports, on a state folder that outlives it, its output kept in a log the tests read.
import { existsSync, readFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { freePort } from '../../scripts/lib/free-port.ts';
import { buildIfStale } from '../../scripts/lib/build-stamp.ts';
import { applyMigrations } from '../../scripts/demo/load/migrate.ts';
import { startServer, waitForUrl } from '../../scripts/lib/run.ts';

/** How long a start that neither answers nor exits is waited for: only ends a hung start (a loaded machine takes minutes). */
const HUNG_START_MS = 10 * 60_000;
/** How often observable state is looked at while waiting for it. */
const POLL_MS = 250;

export interface DevServer {
  url: string;
  process: ChildProcess;
}

/** Builds dist/ unless it is current (npm test builds it before this suite), and migrates the state folder. */
export async function prepareState(root: string, persistTo: string): Promise<void> {
  await buildIfStale(root);
  await applyMigrations(root, persistTo);
}

/** Starts wrangler dev on the state folder with the vars given; resolves once it answers. */
export async function startDevServer(root: string, persistTo: string, vars: Record<string, string>, log: string): Promise<DevServer> {
  const port = await freePort();
  const args = ['--port', String(port), '--inspector-port', String(await freePort()), '--test-scheduled', '--persist-to', persistTo];
  const server = await startServer([...args, ...Object.entries(vars).flatMap(([k, v]) => ['--var', `${k}:${v}`])], root, log);
  const url = `http://localhost:${port}`;
  await waitForUrl(url, HUNG_START_MS, server);
  return { url, process: server };
}

/** Ends the server's whole process group (npx, wrangler, workerd) with `signal` and waits until npx has exited. */
export async function killDevServer(server: DevServer, signal: NodeJS.Signals): Promise<void> {
  const child = server.process;
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group has gone already.
    return;
  }
  await exited;
}

/** Waits until `ready` answers a value, looking every POLL_MS; fails after `boundMs` saying what it waited for. */
export async function waitFor<T>(what: string, boundMs: number, ready: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const deadline = Date.now() + boundMs;
  for (;;) {
    const value = await ready();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`waited ${boundMs / 60_000} minutes for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The server log's text so far ('' before its first line). */
export const logText = (log: string) => (existsSync(log) ? readFileSync(log, 'utf8') : '');
