// The edge cache's key for a public page: the normalised URL and the visitor's theme, never the cookies.
import type { ThemeChoice } from '../../lib/theme/theme-choice';

/** Query keys that only track where a visitor came from: they never change a page. */
const IGNORED_PARAMS = /^(utm_.+|fbclid|gclid|ref)$/;

/**
 * Trailing slash off, empty and tracking parameters dropped, the rest sorted, plus the generation
 * (build id and data generation): a new build or new rollups make every old entry unreachable. A chosen
 * theme is written into the page (<html data-theme>), so each choice has its own entry.
 * @example pageCacheKey(new URL('https://x/channels/?period=now&lang=&b=1'), '7') // 'https://x/channels?b=1&period=now&_g=7'
 * @example pageCacheKey(new URL('https://x/channels'), '7', 'dark') // 'https://x/channels?_g=7&_t=dark'
 */
export function pageCacheKey(url: URL, generation: string, theme: ThemeChoice = 'system'): string {
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  const params = [...url.searchParams]
    .filter(([key, value]) => value !== '' && !IGNORED_PARAMS.test(key))
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1));
  params.push(['_g', generation]);
  if (theme !== 'system') params.push(['_t', theme]);
  return `${url.origin}${path}?${new URLSearchParams(params).toString()}`;
}
