// Every page request: find the signed-in user, apply the route rules before rendering, add headers.
import { defineMiddleware } from 'astro:middleware';
import { decideRoute, normalisePath, SIGNED_IN_HOME } from './lib/account/route-rules';
import { signInPath } from './lib/account/return-path';
import { SESSION_COOKIE, clearSessionCookie, sessionCookie, validateSessionToken } from './server/auth/session';
import { applySecurityHeaders } from './server/http/security-headers';
import { inLocale } from './server/http/locale-context';
import { isCacheablePageRequest } from './server/public/page-cache';
import { DEFAULT_LOCALE, localeFromHeader } from './lib/formats/locale';

/**
 * Build output: nothing to decide, and no session lookup to pay for. Deliberately not "anything
 * with a dot": page ids may contain one, and every page must pass the route rules.
 */
function isStaticAsset(pathname: string): boolean {
  return pathname.startsWith('/_astro/') || pathname.startsWith('/_image');
}

export const onRequest = defineMiddleware(async (context, next) => {
  const { url } = context;
  // Hono answers /api itself, headers and all.
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return next();

  context.locals.user = null;
  context.locals.area = 'public';
  context.locals.locale = DEFAULT_LOCALE;
  if (isStaticAsset(url.pathname)) return withPageHeaders(await next(), url, []);

  const cookies: string[] = [];
  const token = context.cookies.get(SESSION_COOKIE)?.value;
  if (token) {
    const session = await validateSessionToken(context.locals.runtime.env.DB, token);
    if (session) {
      context.locals.user = session.user;
      if (session.renewed) cookies.push(sessionCookie(token, session.expiresAt, url));
    } else {
      // A stale cookie would be sent, and looked up, on every request until it is removed.
      cookies.push(clearSessionCookie(url));
    }
  }

  const decision = decideRoute(url.pathname, context.locals.user);
  if (decision.action === 'redirect') {
    // A dashboard view opened signed out (a shared link, or a reload after the session ended) is where
    // signing in leads back to; the bare dashboard is where it leads anyway, so its login URL stays '/'.
    const signedOutDashboard = !context.locals.user && normalisePath(url.pathname) === SIGNED_IN_HOME && url.search !== '';
    const to = signedOutDashboard ? signInPath(`${url.pathname}${url.search}`) : decision.to;
    const response = new Response(null, { status: 302, headers: { Location: to } });
    return withPageHeaders(response, url, cookies);
  }
  context.locals.area = decision.area;
  // A page the edge cache keeps is one HTML for every signed-out visitor (public stats, the sign-in
  // page): it stays in the default locale. Every other page is written in the reader's.
  const locale = isCacheablePageRequest(context.request)
    ? DEFAULT_LOCALE
    : localeFromHeader(context.request.headers.get('Accept-Language'));
  context.locals.locale = locale;
  return inLocale(locale, async () => withPageHeaders(await next(), url, cookies));
});

/**
 * Copies the response so its headers can be changed, then adds the session cookie changes and the
 * security headers. Pages depend on who is signed in: no shared or back-button cache may keep them,
 * so a signed-out visitor never sees a signed-in page again.
 */
function withPageHeaders(response: Response, url: URL, cookies: string[]): Response {
  const copy = new Response(response.body, response);
  for (const cookie of cookies) copy.headers.append('Set-Cookie', cookie);
  applySecurityHeaders(copy.headers, url);
  if (!copy.headers.has('Cache-Control')) copy.headers.set('Cache-Control', 'no-store');
  return copy;
}
