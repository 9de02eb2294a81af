// Measures the JavaScript a page makes the browser load at once: module scripts, island components
// and renderers, and every chunk they import statically (dynamic import() chunks are excluded).
import { gzipSync } from 'node:zlib';

const ISLAND_URLS = /(?:component-url|renderer-url|src)="(\/_astro\/[^"]+\.js)"/g;
const STATIC_IMPORT = /(?:import|from)\s*["'](\.\/[^"']+\.js|\/_astro\/[^"']+\.js)["']/g;

/** Gzip bytes of every script loaded eagerly by the page at `url` (a signed-in cookie may be needed). */
export async function eagerJsGzipBytes(url: string, cookie: string): Promise<{ bytes: number; files: string[] }> {
  const html = await (await fetch(url, { headers: { Cookie: cookie } })).text();
  const queue = [...html.matchAll(ISLAND_URLS)].map((m) => new URL(m[1]!, url).href);
  const seen = new Set<string>();
  let bytes = 0;
  while (queue.length > 0) {
    const next = queue.shift()!;
    if (seen.has(next)) continue;
    seen.add(next);
    const source = await (await fetch(next)).text();
    bytes += gzipSync(source).byteLength;
    for (const m of source.matchAll(STATIC_IMPORT)) queue.push(new URL(m[1]!, next).href);
  }
  return { bytes, files: [...seen] };
}
