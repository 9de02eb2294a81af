// Security headers shared by Hono responses, Astro pages and (through the _headers file written at
// build, src/server/http/static-headers.ts) the static files, so all carry the same policy.
import { isEmbedPath } from '../../lib/account/route-rules';
import { ASTRO_SCRIPT_SOURCES } from './script-hashes';

const POLICY_WITHOUT_FRAMING = [
  "default-src 'self'",
  // No 'unsafe-inline': the only inline scripts are Astro's island loaders, allowed by hash.
  `script-src 'self' ${ASTRO_SCRIPT_SOURCES.join(' ')}`,
  // Styles keep 'unsafe-inline': Astro inlines its island style and small component stylesheets,
  // and Chart.js and React set style attributes. Inline style cannot run code.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https://i.ytimg.com https://yt3.ggpht.com https://yt3.googleusercontent.com",
  'frame-src https://www.youtube-nocookie.com https://www.youtube.com',
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
];

/** Every page and file: no site may frame it (clickjacking). */
export const CONTENT_SECURITY_POLICY = [...POLICY_WITHOUT_FRAMING, "frame-ancestors 'none'"].join('; ');

/** The embeddable widgets (/embed/…): any site may frame them; they hold no form and no session action. */
export const EMBED_CONTENT_SECURITY_POLICY = [...POLICY_WITHOUT_FRAMING, 'frame-ancestors *'].join('; ');

const HSTS_MAX_AGE_SECONDS = 63_072_000;

/** Headers every answer carries, whatever host it is served on. */
export const SECURITY_HEADERS: ReadonlyArray<readonly [name: string, value: string]> = [
  ['Content-Security-Policy', CONTENT_SECURITY_POLICY],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Permissions-Policy', 'camera=(), microphone=(), geolocation=()'],
];

/**
 * The headers with these sources added to the policy's script-src. Outside the worker's build (the _headers
 * file written by astro.config.mjs, the browser tests) our client directives' hashes are not defined in
 * script-hashes.ts: the caller computes them (src/build/client-directives.ts) and adds them here.
 * @example withScriptSources(SECURITY_HEADERS, await directiveScriptSources(root))
 */
export function withScriptSources(headers: typeof SECURITY_HEADERS, sources: readonly string[]): typeof SECURITY_HEADERS {
  const missing = sources.filter((source) => !CONTENT_SECURITY_POLICY.includes(source));
  if (missing.length === 0) return headers;
  return headers.map(([name, value]) =>
    name === 'Content-Security-Policy'
      ? [name, value.replace(/script-src [^;]*/, (list) => `${list} ${missing.join(' ')}`)]
      : [name, value],
  );
}

/** Added on real hosts only; browsers ignore it over plain http anyway. */
export const HSTS_HEADER = ['Strict-Transport-Security', `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`] as const;

/** True for loopback hosts, where cookies cannot be Secure-only and HSTS would be wrong. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || hostname.startsWith('127.');
}

/**
 * Sets the policy headers on a response's headers (mutates them). An embed's answer may be framed by
 * anyone: its policy says frame-ancestors * and it carries no X-Frame-Options (which would override it
 * in older browsers); every other answer refuses frames.
 * @example applySecurityHeaders(response.headers, new URL(request.url))
 */
export function applySecurityHeaders(headers: Headers, url: URL): void {
  for (const [name, value] of SECURITY_HEADERS) headers.set(name, value);
  if (isEmbedPath(url.pathname)) {
    headers.set('Content-Security-Policy', EMBED_CONTENT_SECURITY_POLICY);
    headers.delete('X-Frame-Options');
  }
  if (!isLoopbackHost(url.hostname)) headers.set(...HSTS_HEADER);
}
