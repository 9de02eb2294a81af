// Security headers shared by Hono responses and Astro pages, so both carry the same policy.

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  // Astro's island loader is an inline script; everything else is served from our origin.
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https://i.ytimg.com https://yt3.ggpht.com https://yt3.googleusercontent.com",
  "frame-src https://www.youtube-nocookie.com https://www.youtube.com",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const HSTS_MAX_AGE_SECONDS = 63_072_000;

/** True for loopback hosts, where cookies cannot be Secure-only and HSTS would be wrong. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || hostname.startsWith('127.');
}

/**
 * Sets the policy headers on a response's headers (mutates them).
 * @example applySecurityHeaders(response.headers, new URL(request.url))
 */
export function applySecurityHeaders(headers: Headers, url: URL): void {
  headers.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('X-Frame-Options', 'DENY');
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
  if (!isLoopbackHost(url.hostname)) {
    headers.set('Strict-Transport-Security', `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`);
  }
}
