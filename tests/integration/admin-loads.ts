// Loads started through the admin API answer 202 with an id; these follow one to its end, as the command line does.
import { env } from 'cloudflare:test';
import { expect } from 'vitest';
import type { LoadStarted, LoadState } from '../../src/server/admin/loads';
import { call } from './http';

const AUTH = { Authorization: `Bearer ${env.ADMIN_TOKEN ?? 'test-admin-token-0123456789abcdef0123456789'}` };

/** GET /api/admin/loads/:id with the admin token. */
export async function getLoad(id: string): Promise<{ status: number; data?: LoadState; error?: string }> {
  const res = await call(`/api/admin/loads/${id}`, { headers: AUTH });
  return { status: res.status, ...((await res.json()) as { data?: LoadState; error?: string }) };
}

/**
 * The result of the load a start answered (202): without the Workflow binding the app loads inline, so the
 * load has ended when its start answers and one GET reads its result.
 */
export async function loadResult<T>(started: Response): Promise<T> {
  expect(started.status).toBe(202);
  const { data } = (await started.json()) as { data: LoadStarted };
  expect(data.follow).toBe(`GET /api/admin/loads/${data.load}`);
  const followed = await getLoad(data.load);
  expect(followed.status).toBe(200);
  expect(followed.data).toMatchObject({ load: data.load, state: 'complete', error: null });
  return followed.data?.result as T;
}
