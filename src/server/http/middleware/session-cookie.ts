// Reading and sending the session cookie from Hono handlers.
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { SESSION_COOKIE, clearSessionCookie, sessionCookie } from '../../auth/session';

/** The session token the browser sent, or null. */
export function readSessionToken(c: Context): string | null {
  return getCookie(c, SESSION_COOKIE) ?? null;
}

/** Sends (or re-sends, after renewal) the session cookie with the answer. */
export function sendSessionCookie(c: Context, token: string, expiresAt: number): void {
  c.header('Set-Cookie', sessionCookie(token, expiresAt, new URL(c.req.url)), { append: true });
}

/** Tells the browser to drop the session cookie. */
export function sendClearedSessionCookie(c: Context): void {
  c.header('Set-Cookie', clearSessionCookie(new URL(c.req.url)), { append: true });
}
