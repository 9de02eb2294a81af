// /healthz against the real local bindings: 200 on a migrated database, 503 naming each check that fails
// (a migration not applied, a binding that throws or hangs, a setting missing), never cached.
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkHealth, healthResponse, type HealthAnswer } from '../../../src/server/health/health';
import { EXPECTED_MIGRATION } from '../../../src/server/health/latest-migration';
import { inLogContext } from '../../../src/server/log/context';
import { logLines } from '../log-lines';

const NEWEST = env.TEST_MIGRATIONS.at(-1)!.name;

afterEach(() => {
  vi.restoreAllMocks();
});

/** A binding whose every call fails, as one does when its service is down. */
function failing<T>(message: string): T {
  const fail = () => Promise.reject(new Error(message));
  const refuse = () => {
    throw new Error(message);
  };
  return { get: fail, head: fail, list: fail, prepare: refuse, batch: fail } as unknown as T;
}

describe('/healthz', () => {
  it('answers 200 with every check on the migrated database, never to be cached', async () => {
    expect(EXPECTED_MIGRATION).toBe(NEWEST);
    const res = await healthResponse(env);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const body = (await res.json()) as HealthAnswer;
    expect(body).toMatchObject({ ok: true, failing: [], version: 'dev' });
    expect(Object.keys(body.checks).sort()).toEqual(['config', 'd1', 'kv', 'r2_files', 'r2_reports']);
    for (const check of Object.values(body.checks)) expect(check).toMatchObject({ ok: true, ms: expect.any(Number) });
    expect(body.checks.d1.migration).toBe(NEWEST);
  });

  it('fails d1 while the newest migration is not applied, and says what to run', async () => {
    await env.DB.prepare('DELETE FROM d1_migrations WHERE name = ?').bind(NEWEST).run();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const res = await inLogContext({ request_id: 'probe-1' }, () => healthResponse(env));
    expect(res.status).toBe(503);
    const body = (await res.json()) as HealthAnswer;
    expect(body.failing).toEqual(['d1']);
    const previous = env.TEST_MIGRATIONS.at(-2)!.name;
    expect(body.checks.d1).toMatchObject({ ok: false, migration: previous });
    expect(body.checks.d1.error).toContain(`newest migration is ${previous}, this build expects ${NEWEST}`);
    expect(body.checks.d1.error).toContain('wrangler d1 migrations apply');
    expect(logLines(warn)).toEqual([
      expect.objectContaining({ event: 'health.failed', request_id: 'probe-1', failing: ['d1'], reasons: { d1: body.checks.d1.error } }),
    ]);
  });

  it.each([
    ['kv', { KV: failing<KVNamespace>('KV is unavailable') }, 'KV is unavailable'],
    ['r2_files', { FILES: failing<R2Bucket>('R2 FILES is unavailable') }, 'R2 FILES is unavailable'],
    ['r2_reports', { REPORTS: failing<R2Bucket>('R2 REPORTS is unavailable') }, 'R2 REPORTS is unavailable'],
    ['d1', { DB: failing<D1Database>('D1 is unavailable') }, 'D1 is unavailable'],
  ] as const)('answers 503 naming %s when its binding fails', async (name, broken, message) => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const res = await healthResponse({ ...env, ...broken });
    expect(res.status).toBe(503);
    const body = (await res.json()) as HealthAnswer;
    expect(body.ok).toBe(false);
    expect(body.failing).toEqual([name]);
    expect(body.checks[name]).toMatchObject({ ok: false, error: message });
  });

  it('fails a check whose binding does not answer in time, without waiting for it', async () => {
    const hung = { get: () => new Promise(() => undefined) } as unknown as KVNamespace;
    const health = await checkHealth({ ...env, KV: hung }, { timeoutMs: 20 });
    expect(health.failing).toEqual(['kv']);
    expect(health.checks.kv.error).toBe('no answer within 20 ms');
  });

  it('fails config on a production deploy without PUBLIC_URL, and names the setting', async () => {
    const health = await checkHealth({ ...env, APP_ENV: 'production' });
    expect(health.failing).toEqual(['config']);
    expect(health.checks.config.error).toContain('PUBLIC_URL is not set');
  });

  it('writes nothing: the stores hold what they held before', async () => {
    const before = [(await env.KV.list()).keys.length, (await env.FILES.list()).objects.length, (await env.REPORTS.list()).objects.length];
    await healthResponse(env);
    expect([(await env.KV.list()).keys.length, (await env.FILES.list()).objects.length, (await env.REPORTS.list()).objects.length]).toEqual(
      before,
    );
  });
});
