// Static twins of pages for bench:public: each page's own HTML written as a static asset of the build,
// so the worker's cached answer is timed against the same bytes served without the worker.
//
// Why the same bytes, and HTML: under `wrangler dev`, every text/html response (a static file's as much
// as the worker's) passes through wrangler's local proxy, which runs it through HTMLRewriter to offer
// live reload (wrangler/templates/startDevWorker/ProxyWorker.ts). A deployed worker has no such step.
// A script or image of the page's size skips it, so against one the ratio also measured the proxy's HTML
// parsing, not the worker.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Under the build's output, so `wrangler dev` serves it as an asset (it watches the folder). */
const TWINS_DIR = 'static-twins';
const SERVED_TIMEOUT_MS = 30_000;
const POLL_MS = 200;

export interface Twin {
  /** The URL path the asset answers at (without .html: the assets' default HTML handling). */
  path: string;
  bytes: number;
}

/**
 * Writes `html` as `dist/static-twins/{name}.html` and waits until the server answers it with those bytes.
 * @example const twin = await writeStaticTwin(root, base, 'channels', html)
 */
export async function writeStaticTwin(root: string, base: string, name: string, html: ArrayBuffer): Promise<Twin> {
  const dir = path.join(root, 'dist', TWINS_DIR);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${name}.html`), new Uint8Array(html));
  const twin = { path: `/${TWINS_DIR}/${name}`, bytes: html.byteLength };
  const deadline = Date.now() + SERVED_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const res = await fetch(`${base}${twin.path}`);
    const body = await res.arrayBuffer();
    if (res.ok && body.byteLength === twin.bytes && (res.headers.get('Content-Type') ?? '').includes('text/html')) return twin;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`the server did not serve ${twin.path} within ${SERVED_TIMEOUT_MS / 1000} s`);
}

/** Removes every twin, so the next run of the site serves none of them. */
export function removeStaticTwins(root: string): void {
  rmSync(path.join(root, 'dist', TWINS_DIR), { recursive: true, force: true });
}
