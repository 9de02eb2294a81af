// /healthz: whether this install reaches its storage and runs on a migrated database, by reads alone
// (a SELECT, a KV get, an R2 head), cheap enough for an uptime check every minute.
import type { Bindings } from '../env';
import { configurationProblem } from '../http/config-guard';
import { first } from '../db/query';
import { raw } from '../db/sql';
import { errorFields, log } from '../log/log';
import { EXPECTED_MIGRATION } from './latest-migration';

export type CheckName = 'config' | 'd1' | 'kv' | 'r2_files' | 'r2_reports';

export interface CheckResult {
  ok: boolean;
  /** How long the check took (wall time between its I/O). */
  ms: number;
  /** Why it failed: the binding's own message, or which migration is missing. */
  error?: string;
  /** d1: the newest migration the database has applied. */
  migration?: string | null;
}

export interface HealthAnswer {
  ok: boolean;
  checks: Record<CheckName, CheckResult>;
  /** The checks that failed, by name. */
  failing: CheckName[];
  /** The build's id (the page cache key's), to tell which deploy answered. */
  version: string;
}

export interface HealthOptions {
  /** The migration the database must have applied last; the build's by default. */
  expectedMigration?: string | null;
  /** A check not done after this fails, so a hung binding cannot hang the uptime check. */
  timeoutMs?: number;
  clock?: () => number;
}

/** A fixed key that is read, never written: present or not, the read proves the binding answers. */
export const HEALTH_PROBE_KEY = 'healthz/probe';
export const HEALTH_CHECK_TIMEOUT_MS = 3_000;
const BUILD_ID = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'dev';

/** The newest applied migration, and a failure when it is not the one this build expects. */
async function checkDatabase(db: D1Database, expected: string | null): Promise<Partial<CheckResult>> {
  const row = await first<{ name: string }>(db, raw('SELECT name FROM d1_migrations ORDER BY id DESC LIMIT 1'));
  const migration = row?.name ?? null;
  if (expected !== null && migration !== expected) {
    return {
      ok: false,
      migration,
      error: `the database's newest migration is ${migration ?? 'none'}, this build expects ${expected}: run npx wrangler d1 migrations apply DB --remote`,
    };
  }
  return { migration };
}

/** Runs one check within the timeout; a throw or a timeout is the check's failure. */
async function timed(work: () => Promise<Partial<CheckResult> | void>, timeoutMs: number, clock: () => number): Promise<CheckResult> {
  const started = clock();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    const result = (await Promise.race([work(), timeout])) ?? {};
    return { ok: true, ...result, ms: clock() - started };
  } catch (error) {
    return { ok: false, ms: clock() - started, error: String(errorFields(error).message) };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Checks the settings, D1 (and its migrations), KV and both R2 buckets, all at once (independent reads:
 * the answer takes as long as the slowest).
 * @example const health = await checkHealth(env)
 */
export async function checkHealth(env: Bindings, options: HealthOptions = {}): Promise<HealthAnswer> {
  const expected = options.expectedMigration === undefined ? EXPECTED_MIGRATION : options.expectedMigration;
  const timeoutMs = options.timeoutMs ?? HEALTH_CHECK_TIMEOUT_MS;
  const clock = options.clock ?? Date.now;
  const problem = configurationProblem(env);
  const [d1, kv, r2Files, r2Reports] = await Promise.all([
    timed(() => checkDatabase(env.DB, expected), timeoutMs, clock),
    timed(() => env.KV.get(HEALTH_PROBE_KEY).then(() => undefined), timeoutMs, clock),
    timed(() => env.FILES.head(HEALTH_PROBE_KEY).then(() => undefined), timeoutMs, clock),
    timed(() => env.REPORTS.head(HEALTH_PROBE_KEY).then(() => undefined), timeoutMs, clock),
  ]);
  const checks: Record<CheckName, CheckResult> = {
    config: problem ? { ok: false, ms: 0, error: problem } : { ok: true, ms: 0 },
    d1,
    kv,
    r2_files: r2Files,
    r2_reports: r2Reports,
  };
  const failing = (Object.keys(checks) as CheckName[]).filter((name) => !checks[name].ok);
  return { ok: failing.length === 0, checks, failing, version: BUILD_ID };
}

/**
 * GET /healthz: 200 with every check, or 503 naming the failing ones (and a log line saying why).
 * Never cached: a stored "ok" would hide an outage.
 * @example if (url.pathname === HEALTH_PATH) return healthResponse(env)
 */
export async function healthResponse(env: Bindings, options: HealthOptions = {}): Promise<Response> {
  const health = await checkHealth(env, options);
  if (!health.ok) {
    const reasons = Object.fromEntries(health.failing.map((name) => [name, health.checks[name].error]));
    log.warn('health.failed', { message: `failing: ${health.failing.join(', ')}`, failing: health.failing, reasons });
  }
  return Response.json(health, { status: health.ok ? 200 : 503, headers: { 'Cache-Control': 'no-store' } });
}

/** Where the worker answers health checks, before Astro (src/worker.ts). */
export const HEALTH_PATH = '/healthz';
