// What the long probe runs share: flags, a loopback-only target, demo sign-ins, and SQL over the
// local D1 state read straight through `wrangler d1 execute` (not through the server under test).
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { WRANGLER_ENV } from '../lib/run.ts';
import { parseCommand, refuse } from '../lib/cli.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');
const DEFAULT_URL = 'http://localhost:8787';
const SESSION_COOKIE = 'vd_session';
/** wrangler prints large JSON for the bigger tables. */
const SQL_OUTPUT_BYTES = 256 * 1024 * 1024;

export interface LiveFlags {
  url: string;
  requests: number;
  concurrency: number;
  persistTo: string | undefined;
}

/** The options every probe takes, as its usage lists them. */
export function liveOptionsUsage(defaultRequests: number): string {
  return `  --remote URL      the running server, loopback only (default ${DEFAULT_URL})
  --requests N      requests (cases) to send (default ${defaultRequests})
  --concurrency N   requests in flight at once (default 4)
  --persist-to DIR  the local state the server uses, read directly (default .wrangler/state)`;
}

/**
 * --remote (default http://localhost:8787), --requests N, --concurrency C, --persist-to DIR (the state
 * `npm start` used; .wrangler/state by default); --help prints `usage`.
 */
export function readFlags(usage: string, defaultRequests: number): LiveFlags {
  const { values } = parseCommand(usage, {
    options: {
      remote: { type: 'string', default: DEFAULT_URL },
      requests: { type: 'string', default: String(defaultRequests) },
      concurrency: { type: 'string', default: '4' },
      'persist-to': { type: 'string' },
    },
  });
  const requests = Number(values.requests);
  const concurrency = Number(values.concurrency);
  if (!Number.isInteger(requests) || requests < 1) refuse(usage, `--requests must be a whole number above 0, got ${values.requests}`);
  if (!Number.isInteger(concurrency) || concurrency < 1)
    refuse(usage, `--concurrency must be a whole number above 0, got ${values.concurrency}`);
  return { url: loopbackOnly(values.remote), requests, concurrency, persistTo: values['persist-to'] };
}

/** The probes send traffic only to this machine: localhost, 127.0.0.0/8 or [::1]. */
export function loopbackOnly(url: string): string {
  const { hostname, origin } = new URL(url);
  if (hostname !== 'localhost' && hostname !== '[::1]' && !/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)) {
    throw new Error(`--remote must be a loopback address (localhost, 127.x.x.x, [::1]); got ${hostname}`);
  }
  return origin;
}

/** Signs in and returns the session token; throws with the answer when it fails. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ login: email, password }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (res.status !== 200 || !cookie) throw new Error(`sign-in as ${email} failed: ${res.status} ${await res.text()}`);
  return cookie.split(';')[0]!.slice(SESSION_COOKIE.length + 1);
}

/** Headers of a request from a signed-in browser on our own origin. */
export function browserHeaders(base: string, session: string | null, contentType: string | null): Record<string, string> {
  const headers: Record<string, string> = { Origin: base };
  if (session) headers.Cookie = `${SESSION_COOKIE}=${session}`;
  if (contentType) headers['Content-Type'] = contentType;
  return headers;
}

/**
 * Runs SQL statements against the local D1 state and returns each statement's rows.
 * @example const [users] = await localSql(flags, ['SELECT id FROM users'])
 */
export function localSql(flags: LiveFlags, statements: string[]): Promise<Array<Array<Record<string, unknown>>>> {
  const args = ['wrangler', 'd1', 'execute', 'DB', '--local', '--json', '--command', statements.join(';\n')];
  if (flags.persistTo) args.push('--persist-to', flags.persistTo);
  return new Promise((resolve, reject) => {
    execFile('npx', args, { cwd: ROOT, env: WRANGLER_ENV, maxBuffer: SQL_OUTPUT_BYTES }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`wrangler d1 execute failed: ${stderr || error.message}`));
      const parsed = JSON.parse(stdout) as Array<{ results: Array<Record<string, unknown>> }>;
      resolve(parsed.map((p) => p.results));
    });
  });
}

/** The admin token `npm start` keeps in .dev.vars (or ADMIN_TOKEN from the environment). */
export function adminToken(): string | null {
  if (process.env.ADMIN_TOKEN) return process.env.ADMIN_TOKEN;
  try {
    const line = readFileSync(path.join(ROOT, '.dev.vars'), 'utf8')
      .split('\n')
      .find((l) => l.startsWith('ADMIN_TOKEN='));
    return line ? line.slice('ADMIN_TOKEN='.length).trim().replace(/^"|"$/g, '') : null;
  } catch {
    return null;
  }
}

/**
 * Runs `task` for items 0..count-1 with at most `concurrency` at once.
 * @example await pool(1000, 4, async (i) => probe(cases[i]))
 */
export async function pool(count: number, concurrency: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}
