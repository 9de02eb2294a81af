// Staff and partner accounts for the console's tests, its calls, and the audit rows they leave.
import { env } from 'cloudflare:test';
import { expect } from 'vitest';
import { createUser, type TestUser, type UserOverrides } from '../factories';
import { call, type CallOptions, signIn } from '../http';

/** A staff account (users.staff = 1) and its session. */
export async function staffSession(overrides: UserOverrides = {}): Promise<{ user: TestUser; session: string }> {
  const user = await createUser({ userName: 'Olga Operator', ...overrides });
  await env.DB.prepare('UPDATE users SET staff = 1 WHERE id = ?').bind(user.id).run();
  return { user, session: await signIn(user.email, user.password!) };
}

/** A console call as `session`: status and the { data } or { error } of its answer. */
export async function consoleCall<T>(
  session: string | undefined,
  path: string,
  options: Omit<CallOptions, 'session'> = {},
): Promise<{ status: number; requestId: string | null; data?: T; error?: string }> {
  const res = await call(`/api/console${path}`, { ...options, session });
  return { status: res.status, requestId: res.headers.get('X-Request-Id'), ...((await res.json()) as { data?: T; error?: string }) };
}

export interface AuditRow {
  actor: string;
  actor_user_id: number | null;
  action: string;
  target: string;
  detail: string;
  request_id: string;
}

/** Every audit row, oldest first. */
export async function auditRows(): Promise<AuditRow[]> {
  const { results } = await env.DB.prepare(
    'SELECT actor, actor_user_id, action, target, detail, request_id FROM audit_log ORDER BY id',
  ).all<AuditRow>();
  return results;
}

/** The one audit row written since `before` rows, checked against what the test expects. */
export async function expectOneAudit(before: number, expected: Partial<AuditRow>): Promise<AuditRow> {
  const rows = await auditRows();
  expect(rows.length - before).toBe(1);
  const row = rows[rows.length - 1]!;
  expect(row).toMatchObject(expected);
  return row;
}

/** A snapshot of the tables a refused call must leave as they were. */
export async function tablesSnapshot(): Promise<string> {
  const tables = ['users', 'sessions', 'networks', 'channel_grants', 'network_grants', 'audit_log'];
  const parts = await Promise.all(tables.map((t) => env.DB.prepare(`SELECT * FROM ${t} ORDER BY 1, 2`).all()));
  return JSON.stringify(parts.map((p) => p.results));
}
