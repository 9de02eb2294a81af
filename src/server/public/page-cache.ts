// Whole public pages in the edge cache (isolate memory, then the Cache API): keyed on the normalised URL, served stale past a
// soft TTL while one fresh render per isolate replaces them in the background, bypassed for signed-in visitors.
import { isPublicStatsPath, normalisePath, SIGNED_OUT_HOME } from '../../lib/account/route-rules';
import { SESSION_COOKIE } from '../auth/session';
import type { Bindings } from '../env';
import { pageCacheKey } from './cache-key';
import { readPublicGeneration } from './generation';
import { answerFrom, cacheEntry, recallPage, rememberPage, type CacheState, type StoredPage } from './memory-cache';
import { MS_PER_SECOND } from '../../lib/dates/time';
import { THEME_COOKIE, themeFromCookieHeader } from '../../lib/theme/theme-choice';

/** After this a cached page is still served, but rendered again in the background. */
export const SOFT_TTL_SECONDS = 60;
/** The cache drops an entry after this (the generation normally retires it first). */
const HARD_TTL_SECONDS = 3_600;
/** A background render still unsettled after this is given up on, so a hung one cannot pin a page stale. */
const REFRESH_GIVE_UP_MS = 30_000;
/** What browsers and CDNs may keep; Vary: Cookie keeps a signed-in page out of a visitor's view. */
export const PUBLIC_PAGE_CACHE_CONTROL = `public, max-age=${SOFT_TTL_SECONDS}, stale-while-revalidate=300`;
const CACHED_AT = 'x-cached-at';
/** Headers a visitor's answer sets itself rather than taking from the stored page. */
const ANSWER_HEADERS = new Set([CACHED_AT, 'cache-control', 'vary', 'x-cache']);
/** Pages rendered by another build are never served (tests run unbuilt: 'dev'). */
const BUILD_ID = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'dev';

type Render = (request: Request) => Promise<Response>;

// Per isolate, on purpose: the keys whose background render is under way (and since when), so a
// page gone stale is rendered once however many visitors ask for it meanwhile.
const refreshing = new Map<string, number>();

function hasSession(request: Request): boolean {
  const cookie = request.headers.get('Cookie') ?? '';
  return cookie.split(';').some((part) => part.trim().startsWith(`${SESSION_COOKIE}=`));
}

/**
 * GET by a visitor without a session of a page every such visitor is shown alike: a public stats page,
 * or the sign-in page (the signed-out home).
 */
export function isCacheablePageRequest(request: Request): boolean {
  if (request.method !== 'GET' || hasSession(request)) return false;
  const { pathname } = new URL(request.url);
  return isPublicStatsPath(pathname) || normalisePath(pathname) === SIGNED_OUT_HOME;
}

/**
 * What a browser may keep of a page answered from here. A public stats page: a minute, and stale a while
 * (Vary: Cookie keeps a signed-in page out of a visitor's view). The sign-in page: nothing, like every page
 * outside the public stats (src/middleware.ts), so a browser that has signed in never shows it again.
 */
function browserCaching(pathname: string): [string, string][] {
  return isPublicStatsPath(pathname)
    ? [
        ['Cache-Control', PUBLIC_PAGE_CACHE_CONTROL],
        ['Vary', 'Cookie'],
      ]
    : [['Cache-Control', 'no-store']];
}

/** A 200 HTML page without cookies may be kept; anything else is not. */
function keepable(response: Response): boolean {
  const type = response.headers.get('Content-Type') ?? '';
  return response.status === 200 && type.includes('text/html') && !response.headers.has('Set-Cookie');
}

/** The stored page with a visitor's headers for each state prebuilt, so an answer builds none. */
function storedPage(pathname: string, body: ArrayBuffer, status: number, headers: [string, string][], cachedAt: number): StoredPage {
  const kept = headers.filter(([name]) => !ANSWER_HEADERS.has(name.toLowerCase()));
  const caching = browserCaching(pathname);
  const answer = (state: CacheState): [string, string][] => [...kept, ...caching, ['X-Cache', state]];
  return { body, status, headers, cachedAt, answers: { HIT: answer('HIT'), STALE: answer('STALE'), MISS: answer('MISS') } };
}

/** Keeps a keepable page in memory now and in the Cache API under waitUntil, stamped with when it was rendered. */
async function keep(
  cache: Cache,
  pathname: string,
  key: string,
  response: Response,
  cachedAt: number,
  ctx: ExecutionContext,
): Promise<StoredPage> {
  const headers = new Headers(response.headers);
  headers.set(CACHED_AT, String(cachedAt));
  headers.set('Cache-Control', `public, s-maxage=${HARD_TTL_SECONDS}`);
  const page = storedPage(pathname, await response.arrayBuffer(), response.status, [...headers], cachedAt);
  rememberPage(key, page);
  ctx.waitUntil(cache.put(key, cacheEntry(page)));
  return page;
}

/** The page from memory, else from the Cache API (then remembered). */
async function recall(cache: Cache, pathname: string, key: string): Promise<StoredPage | undefined> {
  const remembered = recallPage(key);
  if (remembered) return remembered;
  const hit = await cache.match(key);
  if (!hit) return undefined;
  const page = storedPage(pathname, await hit.arrayBuffer(), hit.status, [...hit.headers], Number(hit.headers.get(CACHED_AT) ?? 0));
  rememberPage(key, page);
  return page;
}

/** A page that is not kept (an error, a cookie) goes out as rendered, marked as a miss. */
function uncached(response: Response, pathname: string): Response {
  const copy = new Response(response.body, response);
  copy.headers.set('X-Cache', 'MISS');
  if (response.status === 200) for (const [name, value] of browserCaching(pathname)) copy.headers.set(name, value);
  return copy;
}

/** Starts the background render of a stale page unless one is already under way in this isolate. */
function refreshOnce(key: string, now: number, ctx: ExecutionContext, refresh: () => Promise<unknown>): void {
  const since = refreshing.get(key);
  if (since !== undefined && now - since < REFRESH_GIVE_UP_MS) return;
  refreshing.set(key, now);
  // A failed refresh keeps the stale page; the next visit tries again.
  ctx.waitUntil(
    refresh().then(
      () => refreshing.delete(key),
      () => refreshing.delete(key),
    ),
  );
}

/**
 * Answers a cacheable page from the cache, or renders it and keeps it. A background render happens on a
 * copy of the request with no cookie but the theme, so what is stored is what any visitor with that
 * theme would get (the page carries the theme: src/lib/theme/theme-choice.ts).
 * @example return servePublicPage(request, env, ctx, (r) => handle(manifest, app, r, env, ctx))
 */
export async function servePublicPage(request: Request, env: Bindings, ctx: ExecutionContext, render: Render): Promise<Response> {
  const cache = caches.default;
  const url = new URL(request.url);
  const { pathname } = url;
  const theme = themeFromCookieHeader(request.headers.get('Cookie'));
  const key = pageCacheKey(url, `${BUILD_ID}.${await readPublicGeneration(env.KV)}`, theme);
  const now = Date.now();
  const hit = await recall(cache, pathname, key);
  if (hit) {
    if ((now - hit.cachedAt) / MS_PER_SECOND <= SOFT_TTL_SECONDS) return answerFrom(hit, 'HIT');
    refreshOnce(key, now, ctx, async () => {
      const headers: Record<string, string> = { Accept: 'text/html' };
      if (theme !== 'system') headers.Cookie = `${THEME_COOKIE}=${theme}`;
      const fresh = await render(new Request(request.url, { method: 'GET', headers }));
      if (keepable(fresh)) await keep(cache, pathname, key, fresh, Date.now(), ctx);
    });
    return answerFrom(hit, 'STALE');
  }
  const fresh = await render(request);
  return keepable(fresh) ? answerFrom(await keep(cache, pathname, key, fresh, now, ctx), 'MISS') : uncached(fresh, pathname);
}

/**
 * Every page request: visitors' public stats pages and sign-in page through the cache, the rest
 * (signed-in visitors included) rendered every time.
 * @example return servePage(request, env, ctx, render)
 */
export function servePage(request: Request, env: Bindings, ctx: ExecutionContext, render: Render): Promise<Response> {
  return isCacheablePageRequest(request) ? servePublicPage(request, env, ctx, render) : render(request);
}
