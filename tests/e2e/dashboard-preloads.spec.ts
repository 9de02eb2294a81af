// The dashboard's head lists every file its island and its charts load (<link rel="modulepreload">), so
// a browser fetches them while the page arrives instead of one level of imports after another. The
// files are followed here from what the server serves, independently of the build's own table.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { signInByApi } from './helpers';

/** The files a served module imports: statically, and lazily (`import("./x.js")`). */
async function importsOf(request: APIRequestContext, href: string): Promise<{ static: string[]; lazy: string[] }> {
  const response = await request.get(href);
  expect(response.ok(), `${href}: ${response.status()}`).toBe(true);
  expect(response.headers()['content-type']).toMatch(/javascript/);
  const code = await response.text();
  const resolve = (file: string) => new URL(file, `http://x${href}`).pathname;
  const lazy = [...code.matchAll(/import\(\s*["'](\.\/[^"']+\.js)["']\s*\)/g)].map((m) => resolve(m[1]!));
  const all = [...code.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.\/[^"']+\.js)["']/g)].map((m) => resolve(m[1]!));
  return { static: all, lazy };
}

/** A module and everything it imports statically, as served. */
async function closureOf(request: APIRequestContext, href: string): Promise<{ files: Set<string>; lazy: Set<string> }> {
  const files = new Set<string>();
  const lazy = new Set<string>();
  const pending = [href];
  while (pending.length > 0) {
    const current = pending.pop()!;
    if (files.has(current)) continue;
    files.add(current);
    const imports = await importsOf(request, current);
    imports.lazy.forEach((file) => lazy.add(file));
    pending.push(...imports.static);
  }
  return { files, lazy };
}

test('the dashboard preloads its island, the renderer and the charts, and everything they import', async ({ page }) => {
  await signInByApi(page.request, 'network');
  const html = await (await page.request.get('/dashboard')).text();
  const head = html.slice(0, html.indexOf('</head>'));
  const preloads = new Set([...head.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]!));
  expect(preloads.size).toBeGreaterThan(0);

  // Astro names each island in its opts attribute ({"name":"Dashboard",…}, HTML-escaped).
  const island = [...html.matchAll(/<astro-island\b[^>]*>/g)]
    .map((m) => m[0])
    .find((tag) => /opts="[^"]*&quot;name&quot;:&quot;Dashboard&quot;/.test(tag));
  expect(island, 'the dashboard island').toBeDefined();
  const attribute = (name: string) => new RegExp(`\\b${name}="([^"]+)"`).exec(island!)?.[1];
  const componentUrl = attribute('component-url');
  const rendererUrl = attribute('renderer-url');
  const dashboard = await closureOf(page.request, componentUrl!);
  const renderer = await closureOf(page.request, rendererUrl!);
  const chartFile = [...dashboard.lazy].find((file) => /\/TrendChart\.[\w-]+\.js$/.test(file));
  expect(chartFile, 'the charts are imported lazily by the island').toBeDefined();
  const charts = await closureOf(page.request, chartFile!);

  const needed = [...dashboard.files, ...renderer.files, ...charts.files];
  expect(needed.filter((file) => !preloads.has(file))).toEqual([]);
  // Nothing else: the geography map and the audience chart are fetched when they are shown.
  expect([...preloads].filter((file) => !needed.includes(file))).toEqual([]);
});
