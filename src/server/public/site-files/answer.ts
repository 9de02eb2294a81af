// The answers of /robots.txt, /sitemap.xml and /sitemap/{part}.xml: the same for every visitor, signed in
// or not, cacheable by browsers and CDNs; a bad part name is a 404 whose text says what exists.
import type { Bindings } from '../../env';
import { HttpError } from '../../http/errors';
import { publicContext } from '../context';
import { siteOrigin } from '../site-origin';
import { robotsTxt } from './robots';
import { parsePartName, sitemapIndexXml, sitemapPartXml } from './sitemap';

/** Crawlers read these often; the data behind them changes with each day's snapshot. */
export const SITE_FILE_CACHE_CONTROL = 'public, max-age=3600, stale-while-revalidate=86400';
const XML = 'application/xml; charset=utf-8';
const TEXT = 'text/plain; charset=utf-8';

function answer(body: string, type: string, status = 200): Response {
  const headers: Record<string, string> = { 'Content-Type': type };
  if (status === 200) headers['Cache-Control'] = SITE_FILE_CACHE_CONTROL;
  return new Response(body, { status, headers });
}

/** Turns a typed 404 into its message as text; anything else is a real failure and is thrown on. */
async function orNotFound(render: () => Promise<string>): Promise<Response> {
  try {
    return answer(await render(), XML);
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return answer(`${error.message}\n`, TEXT, 404);
    throw error;
  }
}

/**
 * /robots.txt.
 * @example return robotsAnswer(env, new URL(request.url))
 */
export function robotsAnswer(env: Bindings, url: URL): Response {
  return answer(robotsTxt(siteOrigin(env, url)), TEXT);
}

/**
 * /sitemap.xml, the index of parts.
 * @example return await sitemapIndexAnswer(env, new URL(request.url))
 */
export function sitemapIndexAnswer(env: Bindings, url: URL): Promise<Response> {
  return orNotFound(() => sitemapIndexXml(publicContext(env), siteOrigin(env, url)));
}

/**
 * /sitemap/{name}: 'pages.xml', 'networks-N.xml' or 'channels-N.xml'; anything else is a 404 naming the forms.
 * @example return await sitemapPartAnswer(env, new URL(request.url), 'channels-1.xml')
 */
export function sitemapPartAnswer(env: Bindings, url: URL, name: string): Promise<Response> {
  const part = parsePartName(name);
  if (!part) {
    const shown = name.length > 80 ? `${name.slice(0, 80)}…` : name;
    const message = `No sitemap part “${shown}”: parts are named pages.xml, networks-N.xml or channels-N.xml (N from 1). The list is at /sitemap.xml.\n`;
    return Promise.resolve(answer(message, TEXT, 404));
  }
  return orNotFound(() => sitemapPartXml(publicContext(env), siteOrigin(env, url), part));
}
