// The edge cache's key for a public page: the normalised URL, never the cookies.

/** Query keys that only track where a visitor came from: they never change a page. */
const IGNORED_PARAMS = /^(utm_.+|fbclid|gclid|ref)$/;

/**
 * Trailing slash off, empty and tracking parameters dropped, the rest sorted, plus the generation
 * (build id and data generation): a new build or new rollups make every old entry unreachable.
 * @example pageCacheKey(new URL('https://x/channels/?period=now&lang=&b=1'), '7') // 'https://x/channels?b=1&period=now&_g=7'
 */
export function pageCacheKey(url: URL, generation: string): string {
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  const params = [...url.searchParams]
    .filter(([key, value]) => value !== '' && !IGNORED_PARAMS.test(key))
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1));
  params.push(['_g', generation]);
  return `${url.origin}${path}?${new URLSearchParams(params).toString()}`;
}
