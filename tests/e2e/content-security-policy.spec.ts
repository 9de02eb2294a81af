// The pages' Content-Security-Policy allows no inline script but Astro's island loaders (by hash), and
// under it every main page still hydrates its islands without a single refused script.
import { createHash } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { demoUser, signIn, wakeIslands } from './helpers';

const PUBLIC_PAGES = ['/', '/global', '/channels', '/networks', '/trends', '/streams', '/find', '/support'];
const SIGNED_IN_PAGES = ['/dashboard', '/analytics', '/profile'];

function scriptSrc(csp: string | undefined): string {
  const directive = (csp ?? '')
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('script-src '));
  if (!directive) throw new Error(`no script-src in ${csp}`);
  return directive;
}

/** The inline scripts of a page (those without src), as CSP hash sources. */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1]!)
    .filter((text) => text.trim() !== '')
    .map((text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
}

/** Detail pages reached from the lists, so the test follows whatever the demo data holds. */
async function linkedPage(request: APIRequestContext, list: string, prefix: string): Promise<string> {
  const html = await (await request.get(list)).text();
  const href = new RegExp(`href="(${prefix}[^"?#]+)"`).exec(html)?.[1];
  if (!href) throw new Error(`${list} links to no ${prefix} page`);
  return href;
}

/** Opens a page and waits until every island on it has hydrated (Astro drops `ssr` then). */
async function visitHydrated(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await wakeIslands(page);
  const islands = page.locator('astro-island');
  for (let i = 0; i < (await islands.count()); i += 1) {
    const island = islands.nth(i);
    // client:visible islands hydrate once seen.
    await island.scrollIntoViewIfNeeded();
    await expect(island, `island ${i} on ${path}`).not.toHaveAttribute('ssr', /.*/);
  }
}

test('script-src has no unsafe-inline, and every inline script on the main pages is allowed by hash', async ({ request }) => {
  const pages = [...PUBLIC_PAGES, await linkedPage(request, '/channels', '/channel/'), await linkedPage(request, '/networks', '/network/')];
  for (const path of pages) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const allowed = scriptSrc(response.headers()['content-security-policy']);
    expect(allowed, path).not.toContain("'unsafe-inline'");
    for (const hash of inlineScriptHashes(await response.text())) expect(allowed, `inline script on ${path}`).toContain(hash);
  }
});

test('islands hydrate on the main pages and no script is refused', async ({ page, request }) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (execute|load)/i.test(message.text())) refused.push(`${page.url()}: ${message.text()}`);
  });
  const details = [await linkedPage(request, '/channels', '/channel/'), await linkedPage(request, '/networks', '/network/')];
  for (const path of [...PUBLIC_PAGES, ...details]) await visitHydrated(page, path);
  const partner = demoUser('analytics');
  await signIn(page, partner.email, partner.password);
  for (const path of SIGNED_IN_PAGES) await visitHydrated(page, path);
  expect(refused).toEqual([]);
});
