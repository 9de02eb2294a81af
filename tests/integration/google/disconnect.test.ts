// A partner disconnects the channel connection they made: Google is told, the connection is marked
// revoked with its history and the channel's place kept, the sync stops using it, the audit log names the
// partner; anyone else's connection is absent to them, and a second disconnect says so.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { runSync } from '../../../src/server/ingest/sync/run';
import { fakeGoogle, quietInfo, rows, type FakeGoogle } from '../sync/helpers';
import { connect, connectionBindings, landing, request, signedIn } from './support';

const NOW = Date.parse('2026-03-05T12:05:00Z');
const ACCOUNT_A = { subject: 'sub-a', email: 'a@example.com' };
const ACCOUNT_B = { subject: 'sub-b', email: 'b@example.com' };
const CHANNEL_A = { id: 'UCdisconnectA00000000001', title: 'Channel A' };
const CHANNEL_B = { id: 'UCdisconnectB00000000001', title: 'Channel B' };

beforeEach(quietInfo);
afterEach(() => {
  vi.restoreAllMocks();
});

interface StoredConnection {
  id: number;
  connected_by_user_id: number;
  refresh_token: string;
  revoked_at: number | null;
  needs_reconnect_at: number | null;
  last_error: string | null;
  last_used_at: number | null;
}

const connectionOf = async (userId: number) =>
  (await rows<StoredConnection>('SELECT * FROM google_connections WHERE connected_by_user_id = ?', userId))[0]!;
const revokeCalls = async (google: FakeGoogle) => (await google.requests()).filter((r) => r.path === '/revoke').length;
const disconnectPath = (id: number) => `/api/google/own-connections/${id}/revoke`;

/** A partner connects the channel the fake's current account owns. */
async function partnerWithChannel(google: FakeGoogle, bindings: ReturnType<typeof connectionBindings>, account: typeof ACCOUNT_A) {
  const channel = account === ACCOUNT_A ? CHANNEL_A : CHANNEL_B;
  // Both channels readable in the Analytics API: what the sync leaves out is its own choice, not a 403.
  await google.setup({ account, ownedChannels: { [account.email]: [channel] }, analyticsChannels: [CHANNEL_A.id, CHANNEL_B.id] });
  const partner = await signedIn();
  const { landing: done } = await connect(bindings, partner.session, { path: '/api/google/connect/channel', body: {} });
  expect(done.error).toBeNull();
  return { ...partner, connection: await connectionOf(partner.id) };
}

it('disconnects their own connection: Google told, revoked with history and grant kept, audit names the partner, the sync no longer uses it', async () => {
  const google = await fakeGoogle();
  const bindings = connectionBindings(google);
  const a = await partnerWithChannel(google, bindings, ACCOUNT_A);
  const b = await partnerWithChannel(google, bindings, ACCOUNT_B);
  const revokesBefore = await revokeCalls(google);

  const done = landing(await request(bindings, disconnectPath(a.connection.id), { session: a.session, form: {} }));
  expect(done).toMatchObject({ path: '/profile', error: null });
  expect(done.notice).toContain('Disconnected "My YouTube channel"');
  expect(await revokeCalls(google)).toBe(revokesBefore + 1);

  const after = await connectionOf(a.id);
  expect(after.revoked_at).not.toBeNull();
  expect(after.refresh_token).toBe('');
  // History and scope kept: what it reached, and the channel still granted to the partner.
  const channelId = (await rows<{ id: number }>('SELECT id FROM channels WHERE youtube_id = ?', CHANNEL_A.id))[0]!.id;
  expect(await rows('SELECT connection_id FROM google_connection_channels WHERE channel_id = ?', channelId)).toEqual([
    { connection_id: a.connection.id },
  ]);
  expect(await rows('SELECT user_id FROM channel_grants WHERE channel_id = ?', channelId)).toEqual([{ user_id: a.id }]);

  const audit = await rows<{ actor: string; actor_user_id: number; target: string; detail: string }>(
    "SELECT actor, actor_user_id, target, detail FROM audit_log WHERE action = 'connection.revoke'",
  );
  expect(audit).toHaveLength(1);
  expect(audit[0]).toMatchObject({ actor: a.email, actor_user_id: a.id, target: 'My YouTube channel' });
  expect(JSON.parse(audit[0]!.detail)).toEqual({ connectionId: a.connection.id, googleTold: true, own: true });

  // The hourly sync reads B's channel and never asks Google for A's revoked grant (which would mark it).
  expect(await runSync(bindings, { now: NOW })).toMatchObject({ status: 'ran', failed: [] });
  const analyticsIds = (await google.requests()).filter((r) => r.path === '/analytics/v2/reports').map((r) => r.query.ids);
  expect(analyticsIds).toContain(`channel==${CHANNEL_B.id}`);
  expect(analyticsIds).not.toContain(`channel==${CHANNEL_A.id}`);
  expect(await connectionOf(a.id)).toMatchObject({ needs_reconnect_at: null, last_error: null, last_used_at: null });
  expect((await connectionOf(b.id)).last_used_at).toBe(Math.floor(NOW / 1000));
});

it("answers 404 for another partner's connection, a content owner's and an unknown id; 401 signed out; 409 the second time", async () => {
  const google = await fakeGoogle();
  const bindings = connectionBindings(google);
  const a = await partnerWithChannel(google, bindings, ACCOUNT_A);
  const other = await signedIn();
  const staff = await signedIn({ staff: true });
  await connect(bindings, staff.session, {
    path: '/api/google/connect/content-owner',
    body: { label: 'CMS', content_owner_ids: ['CO-1'] },
  });
  const cms = await connectionOf(staff.id);
  const revokesBefore = await revokeCalls(google);

  for (const [session, id] of [
    [other.session, a.connection.id],
    [a.session, cms.id],
    // Staff too: the profile's route is for channel connections one made oneself, not the console's.
    [staff.session, cms.id],
    [a.session, a.connection.id + cms.id + 1000],
  ] as const) {
    const res = await request(bindings, disconnectPath(id), { session, json: {} });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: string }).error).toContain(`You have no YouTube channel connection ${id}`);
  }
  // A form gets the same answer on its page.
  expect(landing(await request(bindings, disconnectPath(a.connection.id), { session: other.session, form: {} }))).toMatchObject({
    path: '/profile',
    notice: null,
    error: expect.stringContaining('You have no YouTube channel connection') as unknown,
  });
  expect((await request(bindings, disconnectPath(a.connection.id), { json: {} })).status).toBe(401);
  expect((await request(bindings, '/api/google/own-connections/abc/revoke', { session: a.session, json: {} })).status).toBe(400);
  expect(await rows('SELECT revoked_at FROM google_connections ORDER BY id')).toEqual([{ revoked_at: null }, { revoked_at: null }]);
  expect(await revokeCalls(google)).toBe(revokesBefore);

  const first = await request(bindings, disconnectPath(a.connection.id), { session: a.session, json: {} });
  expect(first.status).toBe(200);
  const second = await request(bindings, disconnectPath(a.connection.id), { session: a.session, json: {} });
  expect(second.status).toBe(409);
  expect(((await second.json()) as { error: string }).error).toBe(
    '"My YouTube channel" is already disconnected. Connect your channel again to resume its sync.',
  );
  expect(await revokeCalls(google)).toBe(revokesBefore + 1);
  expect(await rows("SELECT count(*) AS n FROM audit_log WHERE action = 'connection.revoke'")).toEqual([{ n: 1 }]);
});
