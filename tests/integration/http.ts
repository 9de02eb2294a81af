// Drives the real app the way a browser does, and reads what the mail outbox received.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import app from '../../src/server/app';
import { SESSION_COOKIE } from '../../src/server/auth/session';
import { listOutbox, type OutboxMail } from '../../src/server/mail/outbox';

export const LOCAL = 'http://localhost';

export interface CallOptions {
  method?: string;
  /** Sent as JSON unless it is already a string, a multipart FormData or bytes. */
  body?: unknown;
  /** The session token to send as the vd_session cookie. */
  session?: string;
  headers?: Record<string, string>;
  /** Scheme and host the request is made to. */
  base?: string;
  /** Settings that differ from the test bindings (APP_ENV, MAIL_*, PUBLIC_URL). */
  settings?: Partial<
    Record<
      'APP_ENV' | 'PUBLIC_URL' | 'MAIL_API_URL' | 'MAIL_API_KEY' | 'MAIL_FROM' | 'SUPPORT_EMAIL' | 'PUBLIC_SNAPSHOT_DAYS' | 'PARTNER_STORE',
      string
    >
  >;
}

/**
 * One request through the app, waiting for the work it left running after the answer.
 * @example const res = await call('/api/auth/login', { body: { login, password } })
 */
export async function call(path: string, options: CallOptions = {}): Promise<Response> {
  const headers = new Headers(options.headers);
  // Multipart forms and raw bytes (an upload's parts) go as they are; anything else as JSON.
  const isForm = options.body instanceof FormData || options.body instanceof Uint8Array;
  if (options.body !== undefined && !isForm && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  if (options.session !== undefined) headers.append('Cookie', `${SESSION_COOKIE}=${options.session}`);
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const body =
    options.body === undefined || isForm || typeof options.body === 'string'
      ? (options.body as BodyInit | undefined)
      : JSON.stringify(options.body);
  const ctx = createExecutionContext();
  const bindings = { ...env, ...options.settings };
  const res = await app.request(`${options.base ?? LOCAL}${path}`, { method, headers, body }, bindings, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** The Set-Cookie header for the session cookie, or null. */
export function sessionSetCookie(res: Response): string | null {
  return res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`)) ?? null;
}

/** The session token a response sets, or null (also null when it clears the cookie). */
export function sessionTokenFrom(res: Response): string | null {
  const value = sessionSetCookie(res)
    ?.split(';')[0]
    ?.slice(SESSION_COOKIE.length + 1);
  return value ? value : null;
}

/** Signs in and returns the session token; fails the test when sign-in does not succeed. */
export async function signIn(email: string, password: string): Promise<string> {
  const res = await call('/api/auth/login', { body: { login: email, password } });
  const token = sessionTokenFrom(res);
  if (res.status !== 200 || !token) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return token;
}

/** Everything the outbox holds, oldest first. */
export async function outbox(): Promise<OutboxMail[]> {
  return (await listOutbox(env.DB, 1000)).reverse();
}

/** The key of the only link in a mail, checking the page the link opens. */
export function keyFromMail(mail: OutboxMail, path: string): string {
  const links = mail.bodyText.match(/https?:\/\/\S+/g) ?? [];
  if (links.length !== 1) throw new Error(`expected one link, found ${links.length}`);
  const url = new URL(links[0]!);
  if (url.pathname !== path) throw new Error(`link opens ${url.pathname}, expected ${path}`);
  const key = url.searchParams.get('key');
  if (!key) throw new Error('link has no key');
  return key;
}

/** The JSON body of a response. */
export async function json(res: Response): Promise<unknown> {
  return res.json();
}
