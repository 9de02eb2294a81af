// A partner connects their own channel: Google's channels.list mine=true names it, it joins their one
// network (or is granted to them), never moves out of another network, and only they see it.
import { env } from 'cloudflare:test';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { runSync } from '../../../src/server/ingest/sync/run';
import { createChannel, createNetwork, fakeGoogle, quietInfo, rows } from '../sync/helpers';
import { connect, connectionBindings, request, signedIn } from './support';

const NOW = Date.parse('2026-03-05T12:05:00Z');
const OWN = { id: 'UCownChannel000000000001', title: 'Own channel' };
const TAKEN = { id: 'UCtakenChannel0000000001', title: 'Taken channel' };

beforeEach(quietInfo);
afterEach(() => {
  vi.restoreAllMocks();
});

const grantNetwork = (userId: number, networkId: number) =>
  env.DB.prepare('INSERT INTO network_grants (user_id, network_id, created_at) VALUES (?, ?, 0)').bind(userId, networkId).run();
const channelIds = async (bindings: Parameters<typeof request>[0], session: string) =>
  (
    (await (await request(bindings, '/api/profile/channels', { session })).json()) as {
      data: { channel_id?: string; youtube_id?: string }[];
    }
  ).data.map((c) => c.channel_id ?? c.youtube_id);

it('joins the one network the partner is granted; another partner does not see it; the sync pulls it', async () => {
  const partner = await signedIn();
  const other = await signedIn();
  const google = await fakeGoogle({ account: { subject: 'sub-p', email: 'p@example.com' }, ownedChannels: { 'p@example.com': [OWN] } });
  const bindings = connectionBindings(google);
  const network = await createNetwork('own-net');
  await grantNetwork(partner.id, network);
  await grantNetwork(other.id, await createNetwork('other-net'));

  const { authorizeUrl, landing } = await connect(bindings, partner.session, { path: '/api/google/connect/channel', body: {} });
  expect(new URL(authorizeUrl).searchParams.get('scope')?.split(' ')).not.toContain('https://www.googleapis.com/auth/youtubepartner');
  expect(landing).toMatchObject({ path: '/profile', error: null });
  expect(landing.notice).toContain('Own channel (network own-net)');
  expect(await rows('SELECT network_id FROM channels WHERE youtube_id = ?', OWN.id)).toEqual([{ network_id: network }]);
  expect(await rows('SELECT user_id, network_id FROM google_connection_channels')).toEqual([{ user_id: partner.id, network_id: network }]);

  const seen = await channelIds(bindings, partner.session);
  expect(JSON.stringify(seen)).toContain(OWN.id);
  expect(JSON.stringify(await channelIds(bindings, other.session))).not.toContain(OWN.id);

  expect(await runSync(bindings, { now: NOW })).toMatchObject({ status: 'ran', failed: [] });
  const pulls = (await google.requests()).filter((r) => r.path === '/reporting/v1/jobs');
  expect(pulls.length).toBeGreaterThan(0);
  expect(pulls.every((r) => r.query.onBehalfOfContentOwner === undefined)).toBe(true);
  // The daily Analytics API job reads the channel with the same connection (no settings' token is set).
  const analytics = (await google.requests()).filter((r) => r.path === '/analytics/v2/reports');
  expect(analytics.length).toBeGreaterThan(0);
  expect(analytics.every((r) => r.query.ids === `channel==${OWN.id}`)).toBe(true);
});

it("grants the channel directly to a partner with no (or several) networks, and refuses one in another network's catalog", async () => {
  const partner = await signedIn();
  const google = await fakeGoogle({
    account: { subject: 'sub-q', email: 'q@example.com' },
    ownedChannels: { 'q@example.com': [OWN, TAKEN] },
  });
  const bindings = connectionBindings(google);
  await createChannel(TAKEN.id, { networkId: await createNetwork('someone-else') });

  const { landing } = await connect(bindings, partner.session, { path: '/api/google/connect/channel', body: { label: 'Mine' } });
  expect(landing.notice).toContain('Own channel (granted to you)');
  expect(landing.notice).toContain('Taken channel is already in the catalog of the network someone-else');
  const ownId = (await rows<{ id: number }>('SELECT id FROM channels WHERE youtube_id = ?', OWN.id))[0]!.id;
  expect(await rows('SELECT user_id FROM channel_grants WHERE channel_id = ?', ownId)).toEqual([{ user_id: partner.id }]);
  // Never moved: the taken channel stays where it was, granted to nobody new.
  expect(await rows('SELECT n.slug FROM channels c JOIN networks n ON n.id = c.network_id WHERE c.youtube_id = ?', TAKEN.id)).toEqual([
    { slug: 'someone-else' },
  ]);
  expect(await rows('SELECT count(*) AS n FROM google_connection_channels')).toEqual([{ n: 1 }]);
});

it('refuses, with the reason and nothing stored, when every channel the account owns is in another network', async () => {
  const partner = await signedIn();
  const google = await fakeGoogle({ account: { subject: 'sub-r', email: 'r@example.com' }, ownedChannels: { 'r@example.com': [TAKEN] } });
  const bindings = connectionBindings(google);
  await createChannel(TAKEN.id, { networkId: await createNetwork('theirs') });
  const { landing } = await connect(bindings, partner.session, { path: '/api/google/connect/channel', body: {} });
  expect(landing.error).toContain('already in the catalog of the network theirs');
  expect(await rows('SELECT count(*) AS n FROM google_connections')).toEqual([{ n: 0 }]);
  // The unused grant was given back to Google.
  expect((await google.requests()).filter((r) => r.path === '/revoke')).toHaveLength(1);
});
