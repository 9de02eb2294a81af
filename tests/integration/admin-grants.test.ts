import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createUser } from './factories';
import { call } from './http';
import { errorAnswer } from './error-answer';

const admin = (path: string, body: unknown) =>
  call(`/api/admin/${path}`, { body, headers: { Authorization: `Bearer ${env.ADMIN_TOKEN!}` } });

async function insertChannel(youtubeId: string, networkId: number | null): Promise<number> {
  const row = await env.DB.prepare('INSERT INTO channels (youtube_id, title, network_id, created_at) VALUES (?, ?, ?, 0) RETURNING id')
    .bind(youtubeId, `Channel ${youtubeId.slice(-4)}`, networkId)
    .first<{ id: number }>();
  return row!.id;
}

async function visibleChannels(userId: number): Promise<number[]> {
  const { results } = await env.DB.prepare('SELECT channel_id FROM user_channels WHERE user_id = ? ORDER BY channel_id')
    .bind(userId)
    .all<{ channel_id: number }>();
  return results.map((r) => r.channel_id);
}

const CHANNEL_A = 'UCaaaaaaaaaaaaaaaaaaaaaa';
const CHANNEL_B = 'UCbbbbbbbbbbbbbbbbbbbbbb';

describe('admin networks and grants', () => {
  it('creates a network for a content owner whose owner sees channels added later at once', async () => {
    const owner = await createUser();
    const res = await admin('networks', { slug: 'Acme-Net', name: 'Acme', content_owner_id: 'cms123', owner_email: owner.email });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { network_id: number } };
    const row = await env.DB.prepare('SELECT slug, content_owner_id, owner_user_id FROM networks WHERE id = ?')
      .bind(data.network_id)
      .first();
    expect(row).toEqual({ slug: 'acme-net', content_owner_id: 'cms123', owner_user_id: owner.id });
    expect(await visibleChannels(owner.id)).toEqual([]);
    const later = await insertChannel(CHANNEL_A, data.network_id);
    expect(await visibleChannels(owner.id)).toEqual([later]);
  });

  it('refuses a content owner that already belongs to another network', async () => {
    await admin('networks', { slug: 'one', name: 'One', content_owner_id: 'cms9' });
    const res = await admin('networks', { slug: 'two', name: 'Two', content_owner_id: 'cms9' });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual(errorAnswer('Content owner cms9 already belongs to network one.'));
  });

  it('grants and revokes a channel and a whole network', async () => {
    const user = await createUser();
    const net = (await (await admin('networks', { slug: 'grant-net', name: 'G' })).json()) as { data: { network_id: number } };
    const a = await insertChannel(CHANNEL_A, null);
    const b = await insertChannel(CHANNEL_B, net.data.network_id);

    expect((await admin('grants', { email: user.email, target: CHANNEL_A })).status).toBe(200);
    expect(await visibleChannels(user.id)).toEqual([a]);
    expect((await admin('grants', { email: user.email, target: 'grant-net' })).status).toBe(200);
    expect(await visibleChannels(user.id)).toEqual([a, b]);

    const again = await admin('grants', { email: user.email, target: CHANNEL_A });
    expect(((await again.json()) as { data: { changed: boolean } }).data.changed).toBe(false);

    expect((await admin('grants/revoke', { email: user.email, target: String(net.data.network_id) })).status).toBe(200);
    expect(await visibleChannels(user.id)).toEqual([a]);
  });

  it('answers 404 naming an unknown user or target, and changes nothing', async () => {
    const user = await createUser();
    const noUser = await admin('grants', { email: 'nobody@example.com', target: 'x' });
    expect(noUser.status).toBe(404);
    expect(await noUser.json()).toEqual(errorAnswer('No user with the e-mail nobody@example.com: invite them first.'));
    const noChannel = await admin('grants', { email: user.email, target: CHANNEL_B });
    expect(noChannel.status).toBe(404);
    expect(await visibleChannels(user.id)).toEqual([]);
  });

  it('names the bad field', async () => {
    const res = await admin('networks', { slug: 'bad slug!', name: 'X' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(errorAnswer('slug: Use 2-63 letters, digits and dashes.'));
  });
});
