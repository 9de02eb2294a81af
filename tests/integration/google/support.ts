// Connection tests' helpers: the app with bindings pointing at the fake Google, a staff or partner session,
// and one consent walked through the fake's authorize endpoint like a browser would.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { expect } from 'vitest';
import app from '../../../src/server/app';
import { SESSION_COOKIE } from '../../../src/server/auth/session';
import type { Bindings } from '../../../src/server/env';
import { createUser } from '../factories';
import { signIn } from '../http';
import { FAKE_CREDENTIALS } from '../sync/fake/credentials';
import type { FakeGoogle } from '../sync/helpers';

/** A fixed test key (32 bytes, base64); a second one stands for the key before a rotation. */
export const TEST_KEY = btoa(String.fromCharCode(...Array.from({ length: 32 }, (_, i) => i + 1)));
export const OLD_KEY = btoa(String.fromCharCode(...Array.from({ length: 32 }, (_, i) => 200 - i)));

/** The test bindings pointed at a fake namespace, with the OAuth client and CONNECTIONS_KEY (no legacy refresh token). */
export function connectionBindings(google: FakeGoogle, extra: Partial<Bindings> = {}): Bindings {
  const base = (google.urls.GOOGLE_OAUTH_TOKEN_URL ?? '').replace(/\/token$/, '');
  return {
    ...env,
    ...google.urls,
    GOOGLE_CLIENT_ID: FAKE_CREDENTIALS.GOOGLE_CLIENT_ID,
    GOOGLE_CLIENT_SECRET: FAKE_CREDENTIALS.GOOGLE_CLIENT_SECRET,
    GOOGLE_OAUTH_AUTHORIZE_URL: `${base}/oauth/authorize`,
    GOOGLE_OAUTH_REVOKE_URL: `${base}/revoke`,
    GOOGLE_USERINFO_URL: `${base}/userinfo`,
    CONNECTIONS_KEY: TEST_KEY,
    TRENDS_PAGES: '0',
    ...extra,
  };
}

/** One request through the app with these bindings (a form when `form` is given, else JSON). */
export async function request(
  bindings: Bindings,
  path: string,
  options: { session?: string; json?: unknown; form?: Record<string, string>; method?: string } = {},
): Promise<Response> {
  const headers = new Headers();
  if (options.session) headers.set('Cookie', `${SESSION_COOKIE}=${options.session}`);
  let body: string | undefined;
  if (options.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers.set('Content-Type', 'application/x-www-form-urlencoded');
    body = new URLSearchParams(options.form).toString();
  }
  const method = options.method ?? (body === undefined ? 'GET' : 'POST');
  const ctx = createExecutionContext();
  const res = await app.request(`http://localhost${path}`, { method, headers, body, redirect: 'manual' }, bindings, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** A signed-in user; staff when asked. */
export async function signedIn(options: { staff?: boolean } = {}) {
  const user = await createUser();
  if (options.staff) await env.DB.prepare('UPDATE users SET staff = 1 WHERE id = ?').bind(user.id).run();
  return { ...user, session: await signIn(user.email, user.password!) };
}

/** Follows the authorize URL at the fake (it approves at once) and returns the callback path it sends back to. */
export async function consentAt(authorizeUrl: string): Promise<string> {
  const res = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('Location') ?? '');
  expect(back.pathname).toBe('/api/google/callback');
  return `${back.pathname}${back.search}`;
}

/** The redirect a form post or the callback answered with: its path and its notice or error. */
export function landing(res: Response): { path: string; notice: string | null; error: string | null } {
  expect(res.status).toBe(303);
  const url = new URL(res.headers.get('Location') ?? '', 'http://localhost');
  return { path: url.pathname, notice: url.searchParams.get('notice'), error: url.searchParams.get('error') };
}

/** Starts a consent through the JSON API and walks it through the fake: the callback's landing. */
export async function connect(bindings: Bindings, session: string, start: { path: string; body: unknown }) {
  const res = await request(bindings, start.path, { session, json: start.body });
  expect(res.status).toBe(200);
  const { data } = (await res.json()) as { data: { redirect: string } };
  const callback = await consentAt(data.redirect);
  return { authorizeUrl: data.redirect, callback, landing: landing(await request(bindings, callback, { session })) };
}
