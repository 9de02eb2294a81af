// The hottest public pages kept in the isolate's memory in front of the Cache API: a cached page
// then costs a map lookup instead of a cache read (3 ms against 1 ms for a static file locally).

/** Pages kept per isolate; at ~150 KB for the largest page this stays under 10 MB. */
const MEMORY_PAGES = 64;

export interface StoredPage {
  body: ArrayBuffer;
  status: number;
  headers: [string, string][];
  /** When it was rendered (ms since the epoch). */
  cachedAt: number;
}

// Per isolate, on purpose: it only ever holds what every visitor may see, under keys that carry
// the data generation, so no entry can outlive its data.
const pages = new Map<string, StoredPage>();

/** The page under key, marked as the most recently used. */
export function recallPage(key: string): StoredPage | undefined {
  const page = pages.get(key);
  if (page) {
    pages.delete(key);
    pages.set(key, page);
  }
  return page;
}

/** Keeps a page, dropping the least recently used beyond the limit. */
export function rememberPage(key: string, page: StoredPage): void {
  pages.delete(key);
  pages.set(key, page);
  while (pages.size > MEMORY_PAGES) {
    const oldest = pages.keys().next().value;
    if (oldest === undefined) break;
    pages.delete(oldest);
  }
}

/** A fresh Response of a stored page (bodies are read once, so each answer gets its own). */
export function pageResponse(page: StoredPage): Response {
  return new Response(page.body.slice(0), { status: page.status, headers: page.headers });
}
