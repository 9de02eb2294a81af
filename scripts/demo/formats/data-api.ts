// Pieces every Data API v3 response shares: the list envelope, opaque etags, thumbnails.

/** Data API list pages hold at most 50 items. */
export const PAGE_SIZE = 50;

const ETAG_LENGTH = 27;
const HASH_DIGITS = 7;

/** A 27-character opaque etag, the same for the same input (the demo's responses are reproducible). */
export function etag(...parts: readonly (string | number)[]): string {
  const text = parts.join('|');
  const hashes = [0x811c9dc5, 0x9e3779b9, 0x85ebca6b, 0xc2b2ae35];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    for (let h = 0; h < hashes.length; h++) hashes[h] = Math.imul((hashes[h] as number) ^ code, 0x01000193 + 2 * h) >>> 0;
  }
  return hashes
    .map((h) => h.toString(36).padStart(HASH_DIGITS, '0'))
    .join('')
    .slice(0, ETAG_LENGTH);
}

/** `{kind, etag, pageInfo, items}` around items (one page; the demo never needs a next page). */
export function listPage<T>(kind: string, items: T[], tag: string, extra: Record<string, unknown> = {}) {
  return {
    kind: `youtube#${kind}`,
    etag: etag(kind, tag),
    ...extra,
    pageInfo: { totalResults: items.length, resultsPerPage: PAGE_SIZE },
    items,
  };
}

/** The three sizes YouTube lists for a channel avatar (the demo has one image for all). */
export function avatarThumbnails(url: string) {
  return {
    default: { url, width: 88, height: 88 },
    medium: { url, width: 240, height: 240 },
    high: { url, width: 800, height: 800 },
  };
}

/** Video thumbnails in YouTube's 4:3 and 16:9 sizes. */
export function videoThumbnails(url: string) {
  return {
    default: { url, width: 120, height: 90 },
    medium: { url, width: 320, height: 180 },
    high: { url, width: 480, height: 360 },
  };
}
