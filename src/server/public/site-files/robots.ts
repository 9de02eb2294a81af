// /robots.txt: crawlers may read the public stats; the signed-in areas and the private API are off limits.

/** Path prefixes of the signed-in areas and account links (src/lib/account/route-rules.ts). */
export const ROBOTS_DISALLOWED = [
  '/dashboard',
  '/profile',
  '/details',
  '/analytics',
  '/illegal',
  '/streams',
  '/support',
  '/statements',
  '/admin',
  '/password',
  '/reset-password',
  '/invite',
  '/sign-in-link',
  '/email',
  '/dev',
  '/api/',
] as const;

/** The public compatibility API (docs/public-stats.md): open to anyone, so crawlers may read it too. */
export const ROBOTS_ALLOWED = ['/api/analytics'] as const;

/**
 * The robots.txt of an install whose public URL is `origin`.
 * @example robotsTxt('https://v.example') // 'User-agent: *\nAllow: /api/analytics\nDisallow: /dashboard\n…Sitemap: https://v.example/sitemap.xml\n'
 */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    ...ROBOTS_ALLOWED.map((p) => `Allow: ${p}`),
    ...ROBOTS_DISALLOWED.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/**
 * Whether robots.txt lets a crawler fetch a path: the longest matching rule wins and Allow wins a tie,
 * as Google and RFC 9309 read it. Tests use it to check the file against the route rules.
 * @example robotsAllows('/dashboard') // false
 */
export function robotsAllows(pathname: string): boolean {
  const allow = Math.max(-1, ...ROBOTS_ALLOWED.filter((p) => pathname.startsWith(p)).map((p) => p.length));
  const disallow = Math.max(-1, ...ROBOTS_DISALLOWED.filter((p) => pathname.startsWith(p)).map((p) => p.length));
  return allow >= disallow;
}
