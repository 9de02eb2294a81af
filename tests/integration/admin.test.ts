import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, keyFromMail, outbox, sessionTokenFrom } from './http';
import { errorAnswer } from './error-answer';

const TOKEN = env.ADMIN_TOKEN!;
const invite = (body: unknown, token: string | null = TOKEN) =>
  call('/api/admin/users/invite', { body, headers: token ? { Authorization: `Bearer ${token}` } : {} });

describe('admin invite', () => {
  it('creates the user with the chosen flags and mails a link that signs them in', async () => {
    const res = await invite({ email: 'new.partner@example.com', user_name: 'New Partner', show_title: true });
    expect(res.status).toBe(201);
    const row = await env.DB.prepare(
      'SELECT user_name, password_hash, show_title, show_analytics, only_inhouse_channels FROM users WHERE email = ?',
    )
      .bind('new.partner@example.com')
      .first();
    expect(row).toEqual({ user_name: 'New Partner', password_hash: null, show_title: 1, show_analytics: 0, only_inhouse_channels: 0 });

    const mails = await outbox();
    expect(mails.map((m) => m.toAddress)).toEqual(['new.partner@example.com']);
    const key = keyFromMail(mails[0]!, '/invite/confirm');
    const confirm = await call('/api/invite/confirm', { body: { key, password1: 'first-pass9', password2: 'first-pass9' } });
    expect(confirm.status).toBe(200);
    expect(sessionTokenFrom(confirm)).not.toBeNull();
  });

  it('refuses a missing or wrong token and changes nothing', async () => {
    const body = { email: 'intruder@example.com', user_name: 'X' };
    expect((await invite(body, null)).status).toBe(401);
    const wrong = await invite(body, 'not-the-token-but-long-enough-0123456789');
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual(errorAnswer('The admin token is not valid.'));
    const count = await env.DB.prepare('SELECT count(*) AS n FROM users').first<{ n: number }>();
    expect(count?.n).toBe(0);
    expect(await outbox()).toEqual([]);
  });

  it('names the bad field', async () => {
    const res = await invite({ email: 'not-an-address', user_name: 'X' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(errorAnswer('email: Enter a valid e-mail address.'));
  });
});
