// The first users without mail: an invitation's link handed back to the admin token (create-admin,
// invite --print-link), the staff role, the audit row, and a clear refusal when mail is missing.
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, outbox, sessionTokenFrom } from './http';

const TOKEN = env.ADMIN_TOKEN!;
const PUBLIC_URL = 'https://app.viewdeck.example';
/** A deploy without a mail provider: production with its PUBLIC_URL, no MAIL_API_URL nor key. */
const NO_MAIL = { APP_ENV: 'production', PUBLIC_URL };
const PROVIDER = { ...NO_MAIL, MAIL_API_URL: 'https://mail.example/emails', MAIL_API_KEY: 'k-123' };

type Settings = Record<string, string>;
const invite = (body: Record<string, unknown>, settings: Settings = {}) =>
  call('/api/admin/users/invite', { body, headers: { Authorization: `Bearer ${TOKEN}` }, settings });

const count = async (table: string) => (await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())?.n;

const accept = (key: string) => call('/api/invite/confirm', { body: { key, password1: 'first-pass9', password2: 'first-pass9' } });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('invite with print_link', () => {
  it('answers a single-use link under PUBLIC_URL, mails nothing, makes the account staff and records it', async () => {
    const res = await invite({ email: 'ops@example.com', user_name: 'Olga Ops', staff: true, print_link: true }, NO_MAIL);
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as { data: { user_id: number; created: boolean; staff: boolean; mailed: boolean; link: string } };
    expect(data).toMatchObject({ created: true, staff: true, mailed: false });
    const link = new URL(data.link);
    expect(link.origin).toBe(PUBLIC_URL);
    expect(link.pathname).toBe('/invite/confirm');
    expect(await outbox()).toEqual([]);

    const user = await env.DB.prepare('SELECT id, user_name, staff, password_hash FROM users WHERE email = ?')
      .bind('ops@example.com')
      .first();
    expect(user).toEqual({ id: data.user_id, user_name: 'Olga Ops', staff: 1, password_hash: null });
    const audit = await env.DB.prepare('SELECT actor, actor_user_id, action, target, detail FROM audit_log').all();
    expect(audit.results).toEqual([
      {
        actor: 'token',
        actor_user_id: null,
        action: 'user.create_admin',
        target: 'ops@example.com',
        detail: JSON.stringify({ created: true, delivery: 'link', show_title: false, only_inhouse_channels: false, show_analytics: false }),
      },
    ]);

    const key = link.searchParams.get('key')!;
    const first = await accept(key);
    expect(first.status).toBe(200);
    expect(sessionTokenFrom(first)).not.toBeNull();
    expect((await accept(key)).status).toBe(400);
  });

  it('never demotes: inviting a staff account again without staff keeps the role, and the newer link retires the older', async () => {
    const made = (await (await invite({ email: 'ops@example.com', user_name: 'Olga', staff: true, print_link: true })).json()) as {
      data: { link: string };
    };
    const again = await invite({ email: 'ops@example.com', user_name: 'Olga', print_link: true });
    expect(again.status).toBe(201);
    expect(((await again.json()) as { data: { created: boolean; staff: boolean } }).data).toMatchObject({ created: false, staff: false });
    expect(await env.DB.prepare('SELECT staff FROM users WHERE email = ?').bind('ops@example.com').first('staff')).toBe(1);
    expect((await accept(new URL(made.data.link).searchParams.get('key')!)).status).toBe(400);
    const actions = await env.DB.prepare('SELECT action FROM audit_log ORDER BY id').all<{ action: string }>();
    expect(actions.results.map((r) => r.action)).toEqual(['user.create_admin', 'user.invite']);
  });
});

describe('invite without mail on the install', () => {
  it('refuses with a 503 naming the settings and --print-link, and writes nothing', async () => {
    const res = await invite({ email: 'partner@example.com', user_name: 'Pat Partner' }, NO_MAIL);
    expect(res.status).toBe(503);
    const { error } = (await res.json()) as { error: string };
    expect(error).toContain('MAIL_API_URL');
    expect(error).toContain('MAIL_API_KEY');
    expect(error).toContain('--print-link');
    for (const table of ['users', 'one_time_tokens', 'audit_log']) expect(await count(table)).toBe(0);
  });

  it('says the account is ready when the provider refuses the mail, and a second run works', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response('no', { status: 500 }));
    const res = await invite({ email: 'partner@example.com', user_name: 'Pat Partner' }, PROVIDER);
    expect(res.status).toBe(503);
    const { error } = (await res.json()) as { error: string };
    expect(error).toMatch(
      /^The account partner@example\.com is ready \(user \d+\) but the invitation was not sent: mail provider answered 500\./,
    );

    const send = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{"id":"1"}', { status: 200 }));
    const again = await invite({ email: 'partner@example.com', user_name: 'Pat Partner' }, PROVIDER);
    expect(again.status).toBe(201);
    expect(((await again.json()) as { data: unknown }).data).toMatchObject({ created: false, mailed: true });
    expect(JSON.parse(String(send.mock.calls[0]![1]?.body)).text).toContain(`${PUBLIC_URL}/invite/confirm?key=`);
  });
});
