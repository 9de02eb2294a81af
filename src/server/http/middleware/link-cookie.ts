// The cookie that binds a sign-in link to the browser that asked for it.
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { LINK_COOKIE } from '../../auth/sign-in-link';
import { ONE_TIME_TOKEN_TTL_SECONDS } from '../../auth/expiry';
import { isLoopbackHost } from '../security-headers';

/** The link-binding token the browser sent, or null. */
export function readLinkToken(c: Context): string | null {
  return getCookie(c, LINK_COOKIE) ?? null;
}

/**
 * The Set-Cookie value for the binding: only the API reads it, only our own pages send it
 * (Strict: the link page posts it from our origin), scripts never see it, and it lives as long as a link.
 */
export function linkCookie(c: Context, token: string, maxAge = ONE_TIME_TOKEN_TTL_SECONDS.sign_in_link): string {
  const secure = isLoopbackHost(new URL(c.req.url).hostname) ? '' : '; Secure';
  return `${LINK_COOKIE}=${token}; Path=/api; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secure}`;
}

/** Drops the binding once its link is used. */
export function sendClearedLinkCookie(c: Context): void {
  c.header('Set-Cookie', linkCookie(c, '', 0), { append: true });
}
