// Small process helpers shared by the command-line scripts.
import { openSync } from 'node:fs';
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { bindable } from './free-port.ts';
import { listeningInodes, portHolder } from './port-owner.ts';

/** Environment for wrangler calls: no telemetry prompts, no interactive questions. */
export const WRANGLER_ENV = { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true' };

/**
 * The environment of a `wrangler dev` server: WRANGLER_ENV without wrangler's devtools inspector. With it,
 * wrangler 4 relays every devtools event of the Worker (one per storage call, among others) to its own
 * Node process over a new loopback connection: a content owner's day of 80 channels held 7,325 sockets
 * and spent two thirds of the server's CPU there (24.5 s against 7.9 s; docs/scale.md, "A big network's
 * day"), and at 300 channels workerd ran out of open files. wrangler turns the inspector off only in a
 * VS Code debug terminal, which it recognises by this variable; nothing else reads it unless NODE_OPTIONS
 * loads VS Code's debugger, which these servers never do. Worker logs still reach the terminal.
 */
export const DEV_SERVER_ENV = { ...WRANGLER_ENV, VSCODE_INSPECTOR_OPTIONS: '{}' };

/**
 * Runs a command with inherited output; resolves with its exit code.
 * @example const code = await runCommand('npx', ['astro', 'build'])
 */
export function runCommand(cmd: string, args: string[], options: SpawnOptions = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs a command and throws when it fails, naming it. */
export async function mustRun(cmd: string, args: string[], options: SpawnOptions = {}): Promise<void> {
  const code = await runCommand(cmd, args, options);
  if (code !== 0) throw new Error(`${cmd} ${args.join(' ')} exited with ${code}`);
}

/** The port a local URL names (its scheme's default when it names none). */
function portOf(url: string): number {
  const { port, protocol } = new URL(url);
  return port ? Number(port) : protocol === 'https:' ? 443 : 80;
}

/**
 * Polls a URL until it answers (any status) or the deadline passes. Given the server's process, answers
 * count only once every socket listening on the URL's port is held by that process or one it started
 * (port-owner.ts): another process holding the port, or the other loopback address of it, ends the wait
 * with an error naming the port, instead of having its answers measured as the server's.
 */
export async function waitForUrl(url: string, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const port = portOf(url);
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const answered = await fetch(url, { redirect: 'manual' }).then(
      () => true,
      () => false,
    );
    const holder = !answered ? 'none' : child?.pid === undefined ? 'unknown' : portHolder(port, child.pid);
    if (holder === 'ours' || holder === 'unknown') return;
    if (holder === 'other') {
      throw new Error(
        `port ${port} answers from another process than the server started here (\`ss -ltnp 'sport = :${port}'\` names it): stop it or pass --port with a free one.`,
      );
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Stops a child (and lets wrangler flush local state) when this process is told to stop. */
export function forwardSignals(child: ChildProcess): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      child.kill(signal);
    });
  }
  child.on('exit', (code) => process.exit(code ?? 0));
}

/**
 * Ends the command, saying so, when another process holds the port a server is to listen on: a benchmark
 * once timed another server that held its port, which answered every request while wrangler failed to
 * bind. Benchmarks that prepare a state for minutes call it before, so they stop before that work.
 */
export async function ensurePortFree(port: number): Promise<void> {
  // bindable() tries 127.0.0.1: a server on ::1 alone leaves it free, yet answers "localhost".
  if ((await bindable(port)) && !listeningInodes(port)?.length) return;
  console.error(
    `port ${port} is taken by another process, whose answers would be measured instead of this server's: stop it (\`ss -ltnp 'sport = :${port}'\` names it) or pass --port with a free one.`,
  );
  process.exit(1);
}

/**
 * Starts `wrangler dev` in its own process group, so stopServer ends npx, wrangler and workerd together
 * (killing npx alone left the server running on its port). `logFile` keeps its output (else dropped).
 * The port it is given (`--port N`) must be free first (ensurePortFree).
 */
export async function startServer(args: string[], cwd: string, logFile?: string): Promise<ChildProcess> {
  const portAt = args.indexOf('--port');
  const port = portAt >= 0 ? Number(args[portAt + 1]) : NaN;
  if (Number.isInteger(port)) await ensurePortFree(port);
  const out = logFile ? openSync(logFile, 'w') : 'ignore';
  return spawn('npx', ['wrangler', 'dev', ...args], { cwd, env: DEV_SERVER_ENV, stdio: ['ignore', out, out], detached: true });
}

/** Stops a server started by startServer, with everything it started. */
export function stopServer(server: ChildProcess): void {
  if (server.pid !== undefined) process.kill(-server.pid, 'SIGTERM');
}
