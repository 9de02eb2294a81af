// Whole public pages in the edge cache (isolate memory, then the Cache API): keyed on the normalised URL, served stale past a
// soft TTL while a fresh render replaces them in the background, bypassed for signed-in visitors.
import { isPublicStatsPath } from '../../lib/route-rules';
import { SESSION_COOKIE } from '../auth/session';
import type { Bindings } from '../env';
import { pageCacheKey } from './cache-key';
import { readPublicGeneration } from './generation';
import { pageResponse, recallPage, rememberPage, type StoredPage } from './memory-cache';
import { MS_PER_SECOND } from '../../lib/time';

/** After this a cached page is still served, but rendered again in the background. */
export const SOFT_TTL_SECONDS = 60;
/** The cache drops an entry after this (the generation normally retires it first). */
const HARD_TTL_SECONDS = 3_600;
/** What browsers and CDNs may keep; Vary: Cookie keeps a signed-in page out of a visitor's view. */
export const PUBLIC_PAGE_CACHE_CONTROL = `public, max-age=${SOFT_TTL_SECONDS}, stale-while-revalidate=300`;
const CACHED_AT = 'X-Cached-At';
/** Pages rendered by another build are never served (tests run unbuilt: 'dev'). */
const BUILD_ID = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'dev';

type Render = (request: Request) => Promise<Response>;

function hasSession(request: Request): boolean {
  const cookie = request.headers.get('Cookie') ?? '';
  return cookie.split(';').some((part) => part.trim().startsWith(`${SESSION_COOKIE}=`));
}

/** GET of a public stats page by a visitor without a session. */
export function isCacheablePageRequest(request: Request): boolean {
  if (request.method !== 'GET' || hasSession(request)) return false;
  return isPublicStatsPath(new URL(request.url).pathname);
}

/** A 200 HTML page without cookies may be kept; anything else is not. */
function keepable(response: Response): boolean {
  const type = response.headers.get('Content-Type') ?? '';
  return response.status === 200 && type.includes('text/html') && !response.headers.has('Set-Cookie');
}

/** Keeps a page in memory and in the Cache API, stamped with when it was rendered. */
async function store(cache: Cache, key: string, response: Response, cachedAt: number): Promise<void> {
  if (!keepable(response)) return;
  const headers = new Headers(response.headers);
  headers.set(CACHED_AT, String(cachedAt));
  headers.set('Cache-Control', `public, s-maxage=${HARD_TTL_SECONDS}`);
  const page: StoredPage = { body: await response.arrayBuffer(), status: response.status, headers: [...headers], cachedAt };
  rememberPage(key, page);
  await cache.put(key, pageResponse(page));
}

/** The page from memory, else from the Cache API (then remembered). */
async function recall(cache: Cache, key: string): Promise<StoredPage | undefined> {
  const remembered = recallPage(key);
  if (remembered) return remembered;
  const hit = await cache.match(key);
  if (!hit) return undefined;
  const page: StoredPage = {
    body: await hit.arrayBuffer(),
    status: hit.status,
    headers: [...hit.headers],
    cachedAt: Number(hit.headers.get(CACHED_AT) ?? 0),
  };
  rememberPage(key, page);
  return page;
}

function served(response: Response, state: 'HIT' | 'STALE' | 'MISS'): Response {
  const copy = new Response(response.body, response);
  copy.headers.delete(CACHED_AT);
  copy.headers.set('X-Cache', state);
  if (response.status === 200) {
    copy.headers.set('Cache-Control', PUBLIC_PAGE_CACHE_CONTROL);
    copy.headers.set('Vary', 'Cookie');
  }
  return copy;
}

/**
 * Answers a cacheable page from the cache, or renders it and keeps it. Rendering happens on a copy
 * of the request without cookies, so what is stored is what any visitor would get.
 * @example return servePublicPage(request, env, ctx, (r) => handle(manifest, app, r, env, ctx))
 */
export async function servePublicPage(request: Request, env: Bindings, ctx: ExecutionContext, render: Render): Promise<Response> {
  const cache = caches.default;
  const key = pageCacheKey(new URL(request.url), `${BUILD_ID}.${await readPublicGeneration(env.KV)}`);
  const now = Date.now();
  const hit = await recall(cache, key);
  const refresh = async () => {
    const fresh = await render(new Request(request.url, { method: 'GET', headers: { Accept: 'text/html' } }));
    await store(cache, key, fresh, Date.now());
  };
  if (hit) {
    if ((now - hit.cachedAt) / MS_PER_SECOND <= SOFT_TTL_SECONDS) return served(pageResponse(hit), 'HIT');
    // A failed refresh keeps the stale page; the next visit tries again.
    ctx.waitUntil(
      refresh().then(
        () => undefined,
        () => undefined,
      ),
    );
    return served(pageResponse(hit), 'STALE');
  }
  const fresh = await render(request);
  if (keepable(fresh)) ctx.waitUntil(store(cache, key, fresh.clone(), now));
  return served(fresh, 'MISS');
}
