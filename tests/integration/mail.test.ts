import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { misconfiguredResponse } from '../../src/server/http/config-guard';
import { HttpError } from '../../src/server/http/errors';
import { MAIL_NOT_CONFIGURED_MESSAGE, MailError, sendMail } from '../../src/server/mail/send';
import { createUser } from './factories';
import { call, keyFromMail, outbox, signIn } from './http';
import { logLines, logTexts } from './log-lines';
import { errorAnswer } from './error-answer';

const MESSAGE = { to: 'pat@example.com', subject: 'Hello', text: 'Body line' };
const PROVIDER = { APP_ENV: 'production', MAIL_API_URL: 'https://mail.example/emails', MAIL_API_KEY: 'k-123' };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('mail transports', () => {
  it('writes to the outbox on local runs', async () => {
    await sendMail(env, MESSAGE);
    const [mail] = await outbox();
    expect(mail).toMatchObject({ toAddress: 'pat@example.com', subject: 'Hello', bodyText: 'Body line' });
  });

  it('posts JSON with a bearer key to the provider in production', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{"id":"1"}', { status: 200 }));
    await sendMail({ ...env, ...PROVIDER }, MESSAGE);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('https://mail.example/emails');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer k-123');
    expect(JSON.parse(String(init?.body))).toEqual({ from: 'Viewdeck <no-reply@viewdeck.example>', ...MESSAGE });
    expect(await outbox()).toEqual([]);
  });

  it('fails when the provider refuses', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('no', { status: 422 }));
    await expect(sendMail({ ...env, ...PROVIDER }, MESSAGE)).rejects.toThrow(new MailError('mail provider answered 422'));
  });

  it('fails with a 503 naming the settings in production without them', async () => {
    const failure = sendMail({ ...env, APP_ENV: 'production' }, MESSAGE);
    await expect(failure).rejects.toThrow(new HttpError(503, MAIL_NOT_CONFIGURED_MESSAGE));
    expect(MAIL_NOT_CONFIGURED_MESSAGE).toMatch(/MAIL_API_URL.*MAIL_API_KEY/);
  });
});

describe('flows when mail fails', () => {
  it('answers a reset request the same and logs the failure', async () => {
    const pat = await createUser();
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await call('/api/profile/reset_password', {
      body: { email: pat.email },
      settings: { APP_ENV: 'production', PUBLIC_URL: 'https://app.viewdeck.example' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { message: 'Link sent to your email' } });
    expect(logLines(log)).toContainEqual(
      expect.objectContaining({
        event: 'background.failed',
        task: 'password reset mail',
        error: expect.objectContaining({ message: expect.stringContaining('Mail is not configured') }),
      }),
    );
  });

  it('tells the person an e-mail change could not be sent because mail is not configured', async () => {
    const pat = await createUser();
    const session = await signIn(pat.email, pat.password!);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await call('/api/profile/change_email', {
      session,
      body: { email: 'pat.new@example.com', current_password: pat.password },
      settings: { APP_ENV: 'production', PUBLIC_URL: 'https://app.viewdeck.example' },
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual(errorAnswer(MAIL_NOT_CONFIGURED_MESSAGE));
    // Nothing was stored: no pending address without a mail to confirm it.
    expect(await (await call('/api/auth/status', { session })).json()).toEqual({ data: { isauth: true, new_email: null } });
    const tokens = await env.DB.prepare('SELECT count(*) AS n FROM one_time_tokens').first<{ n: number }>();
    expect(tokens?.n).toBe(0);
  });
});

describe('links', () => {
  it('start with PUBLIC_URL when it is set', async () => {
    const pat = await createUser();
    await call('/api/profile/reset_password', {
      body: { email: pat.email },
      settings: { PUBLIC_URL: 'https://app.viewdeck.example/' },
    });
    const [mail] = await outbox();
    const key = keyFromMail(mail!, '/reset-password/confirm');
    expect(mail!.bodyText).toContain(`https://app.viewdeck.example/reset-password/confirm?key=${key}`);
  });

  it('never take the Host header outside local runs: production without PUBLIC_URL sends nothing', async () => {
    const pat = await createUser();
    const session = await signIn(pat.email, pat.password!);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{"id":"1"}', { status: 200 }));
    const res = await call('/api/profile/change_email', {
      base: 'https://attacker.example',
      headers: { Origin: 'https://attacker.example' },
      session,
      body: { email: 'pat.new@example.com', current_password: pat.password },
      settings: { ...PROVIDER },
    });
    expect(res.status).toBe(500);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('use PUBLIC_URL in production whatever host the request named', async () => {
    const pat = await createUser();
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{"id":"1"}', { status: 200 }));
    await call('/api/profile/reset_password', {
      base: 'https://attacker.example',
      headers: { Origin: 'https://attacker.example' },
      body: { email: pat.email },
      settings: { ...PROVIDER, PUBLIC_URL: 'https://app.viewdeck.example' },
    });
    const sent = JSON.parse(String(fetchSpy.mock.calls[0]![1]?.body)) as { text: string };
    expect(sent.text).toContain('https://app.viewdeck.example/reset-password/confirm?key=');
    expect(sent.text).not.toContain('attacker');
  });
});

describe('configuration check', () => {
  it('refuses every request of a production deploy without PUBLIC_URL, with a clear 500 and a log line', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const refused = misconfiguredResponse({ ...env, APP_ENV: 'production' });
    expect(refused?.status).toBe(500);
    expect(await refused!.text()).toContain('PUBLIC_URL is not set');
    expect(logTexts(log).join(' ')).toContain('PUBLIC_URL is not set');
  });

  it('lets production with PUBLIC_URL, local runs and tests through', () => {
    expect(misconfiguredResponse({ ...env, APP_ENV: 'production', PUBLIC_URL: 'https://app.viewdeck.example' })).toBeNull();
    expect(misconfiguredResponse({ ...env, APP_ENV: 'local' })).toBeNull();
    expect(misconfiguredResponse(env)).toBeNull();
  });
});
