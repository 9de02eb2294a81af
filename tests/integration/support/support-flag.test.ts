// POST /api/admin/users/support (npm run admin -- support): gives and takes away the support inbox.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createUser } from '../factories';
import { call, signIn } from '../http';

const admin = (body: unknown) => call('/api/admin/users/support', { body, headers: { Authorization: `Bearer ${env.ADMIN_TOKEN!}` } });

describe('the support flag', () => {
  it('opens the inbox calls for the account, and --off closes them again', async () => {
    const sam = await createUser();
    const session = await signIn(sam.email, sam.password!);
    expect((await call('/api/support/tickets', { session })).status).toBe(403);
    expect(await (await admin({ email: sam.email })).json()).toEqual({ data: { email: sam.email, support: true } });
    expect((await call('/api/support/tickets', { session })).status).toBe(200);
    expect((await admin({ email: sam.email, support: false })).status).toBe(200);
    expect((await call('/api/support/tickets', { session })).status).toBe(403);
  });

  it('answers 404 for an address without an account and 401 without the token', async () => {
    expect((await admin({ email: 'nobody@example.com' })).status).toBe(404);
    expect((await call('/api/admin/users/support', { body: { email: 'nobody@example.com' } })).status).toBe(401);
  });
});
