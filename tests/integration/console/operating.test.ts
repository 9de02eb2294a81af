// The console's networks, grants, retention and audit log, and the admin API's audit rows (actor 'token').
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type {
  ConsoleAuditEntry,
  ConsoleGrant,
  ConsoleGrantAnswer,
  ConsoleNetwork,
  ConsolePage,
  ConsoleRetentionAnswer,
} from '../../../src/lib/api/console';
import { GENERATION_KEY } from '../../../src/server/public/generation';
import { createUser } from '../factories';
import { call } from '../http';
import { auditRows, consoleCall, expectOneAudit, staffSession, tablesSnapshot } from './console-helpers';

const CHANNEL = 'UCconsoleTestChannel0001';
const ADMIN = { Authorization: `Bearer ${env.ADMIN_TOKEN ?? ''}` };

async function world() {
  const now = Math.floor(Date.now() / 1000);
  const network = await env.DB.prepare(
    "INSERT INTO networks (slug, name, is_partner, created_at) VALUES ('acme', 'Acme Network', 1, ?) RETURNING id",
  )
    .bind(now)
    .first<{ id: number }>();
  for (const [i, youtubeId] of [CHANNEL, 'UCconsoleTestChannel0002'].entries()) {
    await env.DB.prepare('INSERT INTO channels (youtube_id, title, network_id, created_at) VALUES (?, ?, ?, ?)')
      .bind(youtubeId, `Acme channel ${i + 1}`, network!.id, now)
      .run();
  }
  return { networkId: network!.id };
}

describe('networks', () => {
  it('lists each network with its channels and partners, and flips its public-figures choice with an audit row', async () => {
    const { user: staff, session } = await staffSession();
    const { networkId } = await world();
    const pat = await createUser();
    await env.DB.prepare('INSERT INTO network_grants (user_id, network_id, created_at) VALUES (?, ?, 1)').bind(pat.id, networkId).run();
    const list = await consoleCall<ConsolePage<ConsoleNetwork>>(session, '/networks?q=acme');
    expect(list.data?.rows).toEqual([
      {
        id: networkId,
        slug: 'acme',
        name: 'Acme Network',
        content_owner_id: null,
        owner_email: null,
        channels: 2,
        partners: 1,
        public_figures: false,
        partner_earnings: 'gross',
      },
    ]);
    const before = (await auditRows()).length;
    const generation = await env.KV.get(GENERATION_KEY);
    const on = await consoleCall<ConsoleNetwork>(session, `/networks/${networkId}/public-figures`, { body: { public_figures: true } });
    // The answer is the listed row with the choice in force, as a list read after it would show it.
    expect(on.data).toEqual({ ...list.data?.rows[0], public_figures: true });
    expect((await consoleCall<ConsolePage<ConsoleNetwork>>(session, '/networks?q=acme')).data?.rows).toEqual([on.data]);
    expect(await env.DB.prepare('SELECT public_figures FROM networks WHERE id = ?').bind(networkId).first()).toEqual({ public_figures: 1 });
    const audit = await expectOneAudit(before, { actor: staff.email, action: 'network.public_figures', target: 'acme' });
    expect(JSON.parse(audit.detail)).toEqual({ public_figures: true });
    const bumped = await env.KV.get(GENERATION_KEY);
    expect(bumped).not.toBe(generation);

    // The value it has already: the same answer, no audit row, no new public generation.
    const again = await consoleCall<ConsoleNetwork>(session, `/networks/${networkId}/public-figures`, { body: { public_figures: true } });
    expect(again.data).toEqual(on.data);
    expect((await auditRows()).length).toBe(before + 1);
    expect(await env.KV.get(GENERATION_KEY)).toBe(bumped);

    const snapshot = await tablesSnapshot();
    expect(await consoleCall(session, `/networks/${networkId}/public-figures`, { body: { public_figures: 1 } })).toMatchObject({
      status: 400,
      error: expect.stringMatching(/^public_figures: /),
    });
    expect((await consoleCall(session, '/networks/987654/public-figures', { body: { public_figures: false } })).status).toBe(404);
    expect(await tablesSnapshot()).toBe(snapshot);
  });

  it('creates and updates a network by slug, its owner granted, and records it', async () => {
    const { session } = await staffSession();
    const owner = await createUser();
    const before = (await auditRows()).length;
    const made = await consoleCall<ConsoleNetwork>(session, '/networks', {
      body: { slug: 'new-net', name: 'New Net', content_owner_id: 'CMS123', owner_email: owner.email },
    });
    expect(made.data).toMatchObject({
      slug: 'new-net',
      name: 'New Net',
      content_owner_id: 'CMS123',
      owner_email: owner.email,
      partners: 1,
    });
    await expectOneAudit(before, { action: 'network.save', target: 'new-net' });
    const renamed = await consoleCall<ConsoleNetwork>(session, '/networks', { body: { slug: 'new-net', name: 'Renamed' } });
    expect(renamed.data).toMatchObject({ id: made.data?.id, name: 'Renamed', content_owner_id: 'CMS123' });
    const snapshot = await tablesSnapshot();
    expect(await consoleCall(session, '/networks', { body: { slug: 'Bad Slug!', name: 'X' } })).toMatchObject({
      status: 400,
      error: expect.stringMatching(/^slug: /),
    });
    expect(await tablesSnapshot()).toBe(snapshot);
  });
});

describe('grants', () => {
  it('grants and revokes a channel or a network, lists who has what, one audit row each', async () => {
    const { user: staff, session } = await staffSession();
    await world();
    const pat = await createUser();
    let before = (await auditRows()).length;
    const added = await consoleCall<ConsoleGrantAnswer>(session, '/grants', { body: { email: pat.email, target: CHANNEL } });
    expect(added.data).toEqual({ target: `channel Acme channel 1 (${CHANNEL})`, changed: true });
    await expectOneAudit(before, { actor: staff.email, action: 'grant.add', target: pat.email });
    await consoleCall(session, '/grants', { body: { email: pat.email, target: 'acme' } });
    const list = await consoleCall<ConsolePage<ConsoleGrant>>(session, `/grants?q=${encodeURIComponent(pat.email)}`);
    expect(list.data?.rows.map((g) => [g.kind, g.target, g.name]).sort()).toEqual([
      ['channel', CHANNEL, 'Acme channel 1'],
      ['network', 'acme', 'Acme Network'],
    ]);

    before = (await auditRows()).length;
    const revoked = await consoleCall<ConsoleGrantAnswer>(session, '/grants/revoke', { body: { email: pat.email, target: CHANNEL } });
    expect(revoked.data?.changed).toBe(true);
    await expectOneAudit(before, { action: 'grant.revoke', target: pat.email });
    expect(await env.DB.prepare('SELECT count(*) AS n FROM channel_grants WHERE user_id = ?').bind(pat.id).first()).toEqual({ n: 0 });

    const snapshot = await tablesSnapshot();
    expect((await consoleCall(session, '/grants', { body: { email: pat.email, target: 'no-such-network' } })).status).toBe(404);
    expect((await consoleCall(session, '/grants', { body: { email: 'nobody@example.com', target: 'acme' } })).status).toBe(404);
    expect((await consoleCall(session, '/grants', { body: { email: pat.email } })).status).toBe(400);
    expect(await tablesSnapshot()).toBe(snapshot);
  });
});

describe('retention and the audit log', () => {
  it('runs a prune pass within the window setting and records it', async () => {
    const { session } = await staffSession();
    const before = (await auditRows()).length;
    const res = await consoleCall<ConsoleRetentionAnswer>(session, '/retention', { body: { statements: 2 } });
    // An empty database: no snapshot is rolled up, so the window has no start and nothing goes.
    expect(res.data).toEqual({ window_days: 400, window_start: null, deleted: 0, statements: 0, pass_done: true });
    await expectOneAudit(before, { action: 'retention.prune', target: 'channel_snapshots' });
    expect((await consoleCall(session, '/retention', { body: { statements: 0 } })).status).toBe(400);
  });

  it('lists the log newest first, filtered by action or actor, paged', async () => {
    const { user: staff, session } = await staffSession();
    const pat = await createUser();
    await consoleCall(session, `/users/${pat.id}/end-sessions`, { body: {} });
    await consoleCall(session, `/users/${pat.id}/deactivate`, { body: {} });
    await call('/api/admin/users/support', { body: { email: pat.email }, headers: ADMIN });
    const all = await consoleCall<ConsolePage<ConsoleAuditEntry>>(session, '/audit');
    expect(all.data?.rows.map((r) => [r.actor, r.action])).toEqual([
      ['token', 'user.support'],
      [staff.email, 'user.deactivate'],
      [staff.email, 'user.end_sessions'],
    ]);
    const users = await consoleCall<ConsolePage<ConsoleAuditEntry>>(
      session,
      '/audit?action=user&actor=' + encodeURIComponent(staff.email.toUpperCase()),
    );
    expect(users.data?.rows.map((r) => r.action)).toEqual(['user.deactivate', 'user.end_sessions']);
    expect((await consoleCall<ConsolePage<ConsoleAuditEntry>>(session, '/audit?action=user.deactivate')).data?.rows).toHaveLength(1);
    // 'use' is no action nor an action's first part.
    expect((await consoleCall<ConsolePage<ConsoleAuditEntry>>(session, '/audit?action=use')).data?.rows).toEqual([]);
    expect((await consoleCall(session, '/audit?page=0')).status).toBe(400);
  });
});

describe('the admin API records its actions as the token', () => {
  it('writes one audit row per grant, revoke, network, support flag and retention call', async () => {
    await world();
    const pat = await createUser();
    const cases: Array<[string, unknown, string, string]> = [
      ['/api/admin/grants', { email: pat.email, target: 'acme' }, 'grant.add', pat.email],
      ['/api/admin/grants/revoke', { email: pat.email, target: 'acme' }, 'grant.revoke', pat.email],
      ['/api/admin/networks', { slug: 'token-net', name: 'Token Net' }, 'network.save', 'token-net'],
      ['/api/admin/users/support', { email: pat.email, support: true }, 'user.support', pat.email],
      ['/api/admin/retention', {}, 'retention.prune', 'channel_snapshots'],
      ['/api/admin/rollups', {}, 'rollups', 'refresh'],
    ];
    for (const [path, body, action, target] of cases) {
      const before = (await auditRows()).length;
      expect((await call(path, { body, headers: ADMIN })).status, path).toBe(200);
      await expectOneAudit(before, { actor: 'token', actor_user_id: null, action, target });
    }
    const before = (await auditRows()).length;
    expect((await call('/api/admin/grants', { body: { email: pat.email, target: 'nope-net' }, headers: ADMIN })).status).toBe(404);
    expect((await auditRows()).length).toBe(before);
  });
});
