// The console's account calls: staff only; search and paging within bounds; invite, flags, deactivate and
// reactivate, end sessions, delete; each change leaves exactly one audit row, each refusal changes nothing.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { CONSOLE_PAGE_MAX, CONSOLE_PAGE_SIZE, CONSOLE_SEARCH_MAX } from '../../../src/lib/api/console';
import type { ConsoleDeleteAnswer, ConsolePage, ConsoleUser, ConsoleUserAnswer } from '../../../src/lib/api/console';
import { deleteUser } from '../../../src/server/console/users';
import { createUser } from '../factories';
import { call, outbox, signIn } from '../http';
import { auditRows, consoleCall, expectOneAudit, staffSession, tablesSnapshot } from './console-helpers';

const FLAGS_OFF = { show_title: false, only_inhouse_channels: false, show_analytics: false, support: false, staff: false };
const sessionCount = async (userId: number) =>
  (await env.DB.prepare('SELECT count(*) AS n FROM sessions WHERE user_id = ?').bind(userId).first<{ n: number }>())?.n;

describe('who may call the console', () => {
  it('answers 401 signed out, 403 to a partner and 200 to staff', async () => {
    const partner = await createUser();
    const partnerSession = await signIn(partner.email, partner.password!);
    const { session } = await staffSession();
    for (const path of ['/users', '/networks', '/grants', '/audit', '/sync']) {
      expect((await consoleCall(undefined, path)).status, path).toBe(401);
      expect((await consoleCall(partnerSession, path)).status, path).toBe(403);
      expect((await consoleCall(session, path)).status, path).toBe(200);
    }
    const before = await tablesSnapshot();
    expect((await consoleCall(partnerSession, `/users/${partner.id}/flags`, { body: { ...FLAGS_OFF, staff: true } })).status).toBe(403);
    expect(await tablesSnapshot()).toBe(before);
  });
});

describe('the account list', () => {
  it('finds by e-mail or name, pages by 50 and says whether more follow', async () => {
    const { session } = await staffSession();
    const made = [];
    for (let i = 0; i < CONSOLE_PAGE_SIZE + 5; i += 1) made.push(await createUser({ userName: `Quill Pager ${i}`, password: null }));
    const first = await consoleCall<ConsolePage<ConsoleUser>>(session, '/users?q=quill%20pager');
    expect(first.data?.rows.map((u) => u.id)).toEqual(made.slice(0, CONSOLE_PAGE_SIZE).map((u) => u.id));
    expect(first.data?.more).toBe(true);
    const second = await consoleCall<ConsolePage<ConsoleUser>>(session, '/users?q=quill%20pager&page=2');
    expect(second.data).toEqual({ rows: expect.any(Array), page: 2, more: false });
    expect(second.data?.rows.map((u) => u.id)).toEqual(made.slice(CONSOLE_PAGE_SIZE).map((u) => u.id));
    const byEmail = await consoleCall<ConsolePage<ConsoleUser>>(session, `/users?q=${encodeURIComponent(made[3]!.email)}`);
    expect(byEmail.data?.rows).toMatchObject([{ id: made[3]!.id, user_name: 'Quill Pager 3', is_active: true, has_password: false }]);
    // A LIKE wildcard in the search is a character to find, not "anything".
    expect((await consoleCall<ConsolePage<ConsoleUser>>(session, '/users?q=%25')).data?.rows).toEqual([]);
  });

  it('refuses searches and pages out of bounds with a 400 naming them', async () => {
    const { session } = await staffSession();
    const tooLong = 'a'.repeat(CONSOLE_SEARCH_MAX + 1);
    expect(await consoleCall(session, `/users?q=${tooLong}`)).toMatchObject({ status: 400, error: expect.stringContaining('at most') });
    for (const page of ['0', String(CONSOLE_PAGE_MAX + 1), 'x', '1.5']) {
      expect(await consoleCall(session, `/users?page=${page}`)).toMatchObject({ status: 400, error: expect.stringMatching(/^page: /) });
    }
    expect((await consoleCall(session, `/users?page=${CONSOLE_PAGE_MAX}`)).status).toBe(200);
  });
});

describe('account actions', () => {
  it('invites as the admin API does, mails the link and records it', async () => {
    const { user: staff, session } = await staffSession();
    const before = (await auditRows()).length;
    const res = await consoleCall<{ user_id: number; created: boolean }>(session, '/users/invite', {
      body: { email: 'new.partner@example.com', user_name: 'New Partner', show_analytics: true },
    });
    expect(res).toMatchObject({ status: 201, data: { created: true } });
    const row = await env.DB.prepare('SELECT user_name, show_analytics, password_hash FROM users WHERE id = ?')
      .bind(res.data!.user_id)
      .first();
    expect(row).toEqual({ user_name: 'New Partner', show_analytics: 1, password_hash: null });
    expect((await outbox()).filter((m) => m.toAddress === 'new.partner@example.com')).toHaveLength(1);
    await expectOneAudit(before, { actor: staff.email, actor_user_id: staff.id, action: 'user.invite', target: 'new.partner@example.com' });
  });

  it('sets the five flags in one go and records them', async () => {
    const { user: staff, session } = await staffSession();
    const pat = await createUser();
    const before = (await auditRows()).length;
    const flags = { show_title: true, only_inhouse_channels: false, show_analytics: true, support: true, staff: true };
    const res = await consoleCall<ConsoleUserAnswer>(session, `/users/${pat.id}/flags`, { body: flags });
    expect(res.data?.user).toMatchObject({ id: pat.id, ...flags });
    const row = await env.DB.prepare('SELECT show_title, only_inhouse_channels, show_analytics, support, staff FROM users WHERE id = ?')
      .bind(pat.id)
      .first();
    expect(row).toEqual({ show_title: 1, only_inhouse_channels: 0, show_analytics: 1, support: 1, staff: 1 });
    const audit = await expectOneAudit(before, { actor: staff.email, action: 'user.flags', target: pat.email });
    expect(JSON.parse(audit.detail)).toEqual(flags);
  });

  it('deactivates: sessions end at once and sign-in is refused; reactivating lets the person in again', async () => {
    const { user: staff, session } = await staffSession();
    const pat = await createUser();
    const patSession = await signIn(pat.email, pat.password!);
    await signIn(pat.email, pat.password!);
    let before = (await auditRows()).length;
    const res = await consoleCall<ConsoleUserAnswer>(session, `/users/${pat.id}/deactivate`, { body: {} });
    expect(res.data).toMatchObject({ user: { id: pat.id, is_active: false, sessions: 0 }, sessions_ended: 2 });
    // The row names the request that made the change, as its answer and its log lines do.
    expect(res.requestId).toMatch(/^[0-9a-f-]{36}$/);
    await expectOneAudit(before, { actor: staff.email, action: 'user.deactivate', target: pat.email, request_id: res.requestId! });
    expect(await sessionCount(pat.id)).toBe(0);
    expect((await call('/api/profile/get', { session: patSession })).status).toBe(401);
    expect((await call('/api/auth/login', { body: { login: pat.email, password: pat.password } })).status).toBe(401);

    before = (await auditRows()).length;
    expect((await consoleCall<ConsoleUserAnswer>(session, `/users/${pat.id}/reactivate`, { body: {} })).data?.user.is_active).toBe(true);
    await expectOneAudit(before, { action: 'user.reactivate', target: pat.email });
    await signIn(pat.email, pat.password!);
  });

  it('ends every session of an account without deactivating it', async () => {
    const { session } = await staffSession();
    const pat = await createUser();
    const patSession = await signIn(pat.email, pat.password!);
    const before = (await auditRows()).length;
    const res = await consoleCall<ConsoleUserAnswer>(session, `/users/${pat.id}/end-sessions`, { body: {} });
    expect(res.data).toMatchObject({ user: { is_active: true, sessions: 0 }, sessions_ended: 1 });
    expect((await call('/api/profile/get', { session: patSession })).status).toBe(401);
    await expectOneAudit(before, { action: 'user.end_sessions', target: pat.email });
  });

  it('refuses to deactivate, un-staff or delete yourself, and changes nothing', async () => {
    const { user: staff, session } = await staffSession();
    const before = await tablesSnapshot();
    expect(await consoleCall(session, `/users/${staff.id}/deactivate`, { body: {} })).toMatchObject({
      status: 409,
      error: expect.stringContaining('own account'),
    });
    expect((await consoleCall(session, `/users/${staff.id}/flags`, { body: { ...FLAGS_OFF, staff: false } })).status).toBe(409);
    expect((await consoleCall(session, `/users/${staff.id}/delete`, { body: {} })).status).toBe(409);
    expect(await tablesSnapshot()).toBe(before);
    expect((await call('/api/profile/get', { session })).status).toBe(200);
  });

  it('refuses bad input with a 400 and unknown accounts with a 404, changing nothing', async () => {
    const { session } = await staffSession();
    const pat = await createUser();
    const before = await tablesSnapshot();
    expect(await consoleCall(session, `/users/${pat.id}/flags`, { body: { show_title: true } })).toMatchObject({
      status: 400,
      error: expect.stringMatching(/^only_inhouse_channels: /),
    });
    expect(await consoleCall(session, `/users/${pat.id}/flags`, { body: { ...FLAGS_OFF, staff: 'yes' } })).toMatchObject({
      status: 400,
      error: expect.stringMatching(/^staff: /),
    });
    expect((await consoleCall(session, '/users/abc/deactivate', { body: {} })).status).toBe(400);
    expect((await consoleCall(session, '/users/999999/deactivate', { body: {} })).status).toBe(404);
    expect(await consoleCall(session, '/users/invite', { body: { email: 'not-an-address', user_name: 'X' } })).toMatchObject({
      status: 400,
      error: expect.stringMatching(/^email: /),
    });
    expect(await tablesSnapshot()).toBe(before);
  });

  it('deletes an account with its sessions and grants, and says what went', async () => {
    const { user: staff, session } = await staffSession();
    const pat = await createUser();
    await signIn(pat.email, pat.password!);
    const now = Math.floor(Date.now() / 1000);
    const network = await env.DB.prepare(
      "INSERT INTO networks (slug, name, owner_user_id, created_at) VALUES ('pat-net', 'Pat Net', ?, ?) RETURNING id",
    )
      .bind(pat.id, now)
      .first<{ id: number }>();
    await env.DB.prepare('INSERT INTO network_grants (user_id, network_id, created_at) VALUES (?, ?, ?)')
      .bind(pat.id, network!.id, now)
      .run();
    const before = (await auditRows()).length;
    const res = await consoleCall<ConsoleDeleteAnswer>(session, `/users/${pat.id}/delete`, { body: {} });
    expect(res.data).toEqual({ email: pat.email, sessions: 1, grants: 1, networks_unowned: 1 });
    expect(await env.DB.prepare('SELECT count(*) AS n FROM users WHERE id = ?').bind(pat.id).first()).toEqual({ n: 0 });
    expect(await env.DB.prepare('SELECT count(*) AS n FROM network_grants WHERE user_id = ?').bind(pat.id).first()).toEqual({ n: 0 });
    expect(await sessionCount(pat.id)).toBe(0);
    expect(await env.DB.prepare('SELECT owner_user_id FROM networks WHERE id = ?').bind(network!.id).first()).toEqual({
      owner_user_id: null,
    });
    await expectOneAudit(before, { actor: staff.email, action: 'user.delete', target: pat.email });
  });

  it('never deletes the last active staff account', async () => {
    const { user: staff } = await staffSession();
    const before = await tablesSnapshot();
    await expect(deleteUser(env.DB, { kind: 'token' }, staff.id, 1)).rejects.toThrow('last active staff account');
    expect(await tablesSnapshot()).toBe(before);
  });
});
