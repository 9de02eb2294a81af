// The page to come back to after signing in: carried in the sign-in page's URL, same-origin paths only.

/** The query parameter of the sign-in page (/) that holds where to go after signing in. */
export const RETURN_PARAM = 'next';
/** Where a sign-in without (or with a refused) return path leads. */
export const DEFAULT_RETURN = '/dashboard';
/** A base no real address has: a path that resolves to another origin against it is not ours. */
const PROBE_ORIGIN = 'https://return.invalid';

/**
 * The path to return to, or null unless it is a path on this site: it starts with one '/', and read
 * as a URL it stays on the same origin (so '//evil.example', '/\\evil.example' and 'https://…' are
 * refused), and it is not the API.
 * @example safeReturnPath('/dashboard?period=27') // '/dashboard?period=27'
 * @example safeReturnPath('//evil.example/') // null
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  // Control characters and backslashes are never in our own paths; browsers read some as '/'.
  if ([...raw].some(isUnsafeChar)) return null;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN || url.pathname.startsWith('/api/')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The sign-in page's address that brings the person back to `path` afterwards.
 * @example signInPath('/dashboard?period=27') // '/?next=%2Fdashboard%3Fperiod%3D27'
 */
export function signInPath(path: string): string {
  const back = safeReturnPath(path);
  return back ? `/?${new URLSearchParams({ [RETURN_PARAM]: back }).toString()}` : '/';
}

/** Where to go after signing in, read from the sign-in page's query string. */
export function returnPathFrom(search: string): string {
  return safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM)) ?? DEFAULT_RETURN;
}

/** C0 controls (U+0000–U+001F), DEL and the backslash. */
function isUnsafeChar(ch: string): boolean {
  const code = ch.charCodeAt(0);
  return code <= 0x1f || code === 0x7f || ch === '\\';
}
