// What the build publishes as static files: never the server code, and always the security headers
// the pages carry (Cloudflare serves dist/ without running the worker).
import { expect, test, type APIRequestContext } from '@playwright/test';
import { HSTS_HEADER, SECURITY_HEADERS, withScriptSources } from '../../src/server/http/security-headers';
import { directiveScriptSources } from '../../src/build/client-directives';

/** The first bundled script a page links to, as a path under /_astro/. */
async function astroScriptPath(request: APIRequestContext): Promise<string> {
  const html = await (await request.get('/global')).text();
  const src = /<script[^>]+src="(\/_astro\/[^"]+\.js)"/.exec(html)?.[1];
  if (!src) throw new Error('/global links no /_astro/*.js script');
  return src;
}

test('the server code is not served', async ({ request }) => {
  for (const path of ['/_worker.js/index.js', '/_worker.js/renderers.mjs']) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).not.toContain('createExports');
  }
});

test('the routing and publishing files are not served (the route rules answer instead)', async ({ request }) => {
  for (const path of ['/_routes.json', '/.assetsignore', '/_headers']) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).not.toBe(200);
    expect(await response.text(), path).not.toMatch(/"include"|_worker\.js|Content-Security-Policy:/);
  }
});

test('static files carry the same security headers as pages', async ({ request }) => {
  // The policy the build gives both: the worker's, with our client directives' inline scripts allowed.
  const expected = withScriptSources(SECURITY_HEADERS, await directiveScriptSources(new URL('../../', import.meta.url)));
  for (const path of [await astroScriptPath(request), '/favicon.svg']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const headers = response.headers();
    for (const [name, value] of [...expected, HSTS_HEADER]) expect(headers[name.toLowerCase()], `${name} on ${path}`).toBe(value);
  }
  const page = await request.get('/global');
  for (const [name, value] of expected) expect(page.headers()[name.toLowerCase()], `${name} on /global`).toBe(value);
});
