// Small process helpers shared by the command-line scripts.
import { openSync } from 'node:fs';
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { bindable } from './free-port.ts';

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

/** Polls a URL until it answers (any status) or the deadline passes. */
export async function waitForUrl(url: string, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      await fetch(url, { redirect: 'manual' });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
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
  if (await bindable(port)) return;
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
