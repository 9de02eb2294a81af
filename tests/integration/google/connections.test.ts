// Staff connect content owners through Google's consent (the fake): stored sealed, used by the sync,
// marked when Google refuses the refresh token, revoked with history kept; states are single use.
import { env } from 'cloudflare:test';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { runSync } from '../../../src/server/ingest/sync/run';
import { connectionsKeyring, decryptSecret } from '../../../src/server/google/connections/secret';
import { fakeGoogle, quietInfo, rows } from '../sync/helpers';
import { connect, connectionBindings, consentAt, landing, request, signedIn } from './support';

const NOW = Date.parse('2026-03-05T12:05:00Z');

beforeEach(quietInfo);
afterEach(() => {
  vi.restoreAllMocks();
});

interface StoredConnection {
  id: number;
  refresh_token: string;
  account_email: string;
  revoked_at: number | null;
  needs_reconnect_at: number | null;
  last_error: string | null;
  last_used_at: number | null;
}

const connections = () => rows<StoredConnection>('SELECT * FROM google_connections ORDER BY id');
const ownersOf = (id: number) =>
  rows<{ content_owner_id: string }>('SELECT content_owner_id FROM google_connection_owners WHERE connection_id = ? ORDER BY 1', id);
const reportingCalls = (requests: { path: string; query: Record<string, string> }[], owner: string) =>
  requests.filter((r) => r.path.startsWith('/reporting/v1/') && r.query.onBehalfOfContentOwner === owner);

it('connects a content owner: PKCE consent, the refused owner named, the token sealed, used by the sync', async () => {
  const google = await fakeGoogle({ refusedContentOwners: ['CO-refused'] });
  const bindings = connectionBindings(google);
  const staff = await signedIn({ staff: true });

  const { authorizeUrl, landing: done } = await connect(bindings, staff.session, {
    path: '/api/google/connect/content-owner',
    body: { label: 'Main CMS', content_owner_ids: 'CO-ok, CO-refused' },
  });
  const asked = new URL(authorizeUrl).searchParams;
  expect(
    Object.fromEntries(
      ['response_type', 'code_challenge_method', 'access_type', 'prompt', 'include_granted_scopes'].map((k) => [k, asked.get(k)]),
    ),
  ).toEqual({
    response_type: 'code',
    code_challenge_method: 'S256',
    access_type: 'offline',
    prompt: 'consent',
    include_granted_scopes: 'true',
  });
  expect(asked.get('scope')?.split(' ')).toContain('https://www.googleapis.com/auth/youtubepartner');
  expect(asked.get('redirect_uri')).toBe('http://localhost/api/google/callback');
  expect(done.path).toBe('/admin/connections');
  expect(done.error).toBeNull();
  expect(done.notice).toContain('content owner CO-ok');
  expect(done.notice).toContain('Google refused content owner CO-refused');

  const [stored] = await connections();
  expect(stored).toMatchObject({ account_email: 'operator@example.com', revoked_at: null });
  const token = await decryptSecret(await connectionsKeyring(bindings), stored!.refresh_token);
  expect(token).toMatch(/^fake-refresh-/);
  expect(stored!.refresh_token).not.toContain(token);
  expect(await ownersOf(stored!.id)).toEqual([{ content_owner_id: 'CO-ok' }]);
  const audit = await rows<{ actor: string; action: string; target: string }>('SELECT actor, action, target FROM audit_log');
  expect(audit).toEqual([{ actor: staff.email, action: 'connection.create', target: 'Main CMS' }]);

  // The list never carries the token.
  const listed = await request(bindings, '/api/google/connections', { session: staff.session });
  const text = await listed.text();
  expect(text).not.toContain(token);
  expect(text).not.toContain(stored!.refresh_token);
  expect(JSON.parse(text)).toMatchObject({
    data: [{ label: 'Main CMS', contentOwnerIds: ['CO-ok'], accountEmail: 'operator@example.com' }],
  });

  // The sync pulls CO-ok with the connection's tokens (no GOOGLE_REFRESH_TOKEN is set).
  expect(await runSync(bindings, { now: NOW })).toMatchObject({ status: 'ran', failed: [] });
  const pulls = reportingCalls(await google.requests(), 'CO-ok');
  expect(pulls.map((r) => r.path)).toContain('/reporting/v1/jobs');
  expect((await connections())[0]!.last_used_at).toBe(Math.floor(NOW / 1000));
});

it("refuses a replayed state, another user's state and a consent past ten minutes; nothing is stored", async () => {
  const google = await fakeGoogle();
  const bindings = connectionBindings(google);
  const staff = await signedIn({ staff: true });
  const other = await signedIn({ staff: true });
  const start = async () => {
    const res = await request(bindings, '/api/google/connect/content-owner', {
      session: staff.session,
      json: { label: 'X', content_owner_ids: ['CO-1'] },
    });
    return consentAt(((await res.json()) as { data: { redirect: string } }).data.redirect);
  };

  const first = await start();
  expect(landing(await request(bindings, first, { session: other.session })).error).toContain('unknown or already used');
  // The other user's attempt used nothing up: the owner finishes it, once.
  expect(landing(await request(bindings, first, { session: staff.session })).error).toBeNull();
  expect(landing(await request(bindings, first, { session: staff.session })).error).toContain('unknown or already used');

  const late = await start();
  await env.DB.prepare('UPDATE google_consents SET expires_at = 0').run();
  expect(landing(await request(bindings, late, { session: staff.session })).error).toContain('longer than 10 minutes');
  expect(await connections()).toHaveLength(1);
});

it('a refresh token Google refuses marks its connection and the sync goes on with the others; revoke keeps history', async () => {
  const google = await fakeGoogle();
  const bindings = connectionBindings(google);
  const staff = await signedIn({ staff: true });
  for (const [label, owner] of [
    ['A', 'CO-a'],
    ['B', 'CO-b'],
  ]) {
    await connect(bindings, staff.session, { path: '/api/google/connect/content-owner', body: { label, content_owner_ids: [owner] } });
  }
  const [a, b] = await connections();
  // The account holder removes A's access at Google.
  const keys = await connectionsKeyring(bindings);
  await fetch(bindings.GOOGLE_OAUTH_REVOKE_URL!, {
    method: 'POST',
    body: new URLSearchParams({ token: await decryptSecret(keys, a!.refresh_token) }),
  });

  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const sentBefore = (await google.requests()).length;
  await runSync(bindings, { now: NOW });
  const sent = (await google.requests()).slice(sentBefore);
  const after = await connections();
  expect(after[0]!.needs_reconnect_at).toBe(Math.floor(NOW / 1000));
  expect(after[0]!.last_error).toContain('invalid_grant');
  expect(after[1]!.needs_reconnect_at).toBeNull();
  expect(reportingCalls(sent, 'CO-b').length).toBeGreaterThan(0);
  expect(reportingCalls(sent, 'CO-a')).toEqual([]);
  const listed = (await (await request(bindings, '/api/google/connections', { session: staff.session })).json()) as {
    data: { id: number; needsReconnectAt: number | null }[];
  };
  expect(listed.data.find((c) => c.id === a!.id)?.needsReconnectAt).toBe(Math.floor(NOW / 1000));

  // Revoking B tells Google, keeps the row and what it reached, and the sync no longer uses it.
  const revoked = landing(await request(bindings, `/api/google/connections/${b!.id}/revoke`, { session: staff.session, form: {} }));
  expect(revoked.notice).toBe(`Connection ${b!.id} revoked.`);
  const revokes = (await google.requests()).filter((r) => r.path === '/revoke');
  expect(revokes).toHaveLength(2);
  const gone = (await connections())[1]!;
  expect(gone.revoked_at).not.toBeNull();
  expect(gone.refresh_token).toBe('');
  expect(await ownersOf(b!.id)).toEqual([{ content_owner_id: 'CO-b' }]);
  const before = (await google.requests()).length;
  await runSync(bindings, { now: NOW + 3_600_000 });
  expect((await google.requests()).slice(before).filter((r) => r.path.startsWith('/reporting/'))).toEqual([]);
  const actions = await rows<{ action: string }>('SELECT action FROM audit_log ORDER BY id');
  expect(actions.map((r) => r.action)).toEqual(['connection.create', 'connection.create', 'connection.revoke']);
});

it('refuses partners, a missing CONNECTIONS_KEY (503 naming it) and bad input, changing nothing', async () => {
  const google = await fakeGoogle();
  const partner = await signedIn();
  const staff = await signedIn({ staff: true });
  const bindings = connectionBindings(google);
  const body = { label: 'X', content_owner_ids: ['CO-1'] };
  expect((await request(bindings, '/api/google/connect/content-owner', { session: partner.session, json: body })).status).toBe(403);
  expect((await request(bindings, '/api/google/connections', { session: partner.session })).status).toBe(403);
  const noKey = await request(connectionBindings(google, { CONNECTIONS_KEY: '' }), '/api/google/connect/content-owner', {
    session: staff.session,
    json: body,
  });
  expect(noKey.status).toBe(503);
  expect(((await noKey.json()) as { error: string }).error).toContain('wrangler secret put CONNECTIONS_KEY');
  const bad = await request(bindings, '/api/google/connect/content-owner', {
    session: staff.session,
    json: { label: 'X', content_owner_ids: 'no spaces; allowed' },
  });
  expect(bad.status).toBe(400);
  expect(await rows('SELECT * FROM google_consents')).toEqual([]);
});

it("the console's forms: start sends the page a link to Google's consent; rename is recorded", async () => {
  const google = await fakeGoogle();
  const bindings = connectionBindings(google);
  const staff = await signedIn({ staff: true });
  const started = await request(bindings, '/api/google/connect/content-owner', {
    session: staff.session,
    form: { label: 'Form', content_owner_ids: 'CO-f' },
  });
  expect(started.status).toBe(303);
  const page = new URL(started.headers.get('Location') ?? '', 'http://localhost');
  expect(page.pathname).toBe('/admin/connections');
  const authorize = page.searchParams.get('continue') ?? '';
  expect(authorize.startsWith(bindings.GOOGLE_OAUTH_AUTHORIZE_URL!)).toBe(true);
  expect(landing(await request(bindings, await consentAt(authorize), { session: staff.session })).error).toBeNull();

  const [stored] = await connections();
  const renamed = landing(
    await request(bindings, `/api/google/connections/${stored!.id}/rename`, { session: staff.session, form: { label: 'Renamed' } }),
  );
  expect(renamed).toMatchObject({ path: '/admin/connections', notice: 'Connection renamed to "Renamed".' });
  const refused = landing(
    await request(bindings, `/api/google/connections/${stored!.id}/rename`, { session: staff.session, form: { label: '' } }),
  );
  expect(refused.error).toContain('label');
  expect(await rows('SELECT label FROM google_connections')).toEqual([{ label: 'Renamed' }]);
  expect(await rows('SELECT action, target FROM audit_log ORDER BY id')).toEqual([
    { action: 'connection.create', target: 'Form' },
    { action: 'connection.rename', target: 'Renamed' },
  ]);
});
