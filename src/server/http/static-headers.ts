// The _headers file the build writes next to the static files: Cloudflare serves /_astro/* and the
// rest of dist/ without running the worker, so the policy has to travel with the files.
import { HSTS_HEADER, SECURITY_HEADERS, withScriptSources } from './security-headers';

/** Cloudflare reads at most this many characters on one _headers line. */
export const HEADERS_LINE_LIMIT = 2_000;

/**
 * The text of dist/_headers: every security header (and HSTS) on every static path, the policy allowing
 * our client directives' inline scripts as the pages' does (their sources, computed by the build).
 * @example writeFileSync(new URL('_headers', dir), staticHeadersFile(await directiveScriptSources(root)))
 */
export function staticHeadersFile(directiveSources: readonly string[] = []): string {
  const lines = [...withScriptSources(SECURITY_HEADERS, directiveSources), HSTS_HEADER].map(([name, value]) => `  ${name}: ${value}`);
  const tooLong = lines.find((line) => line.length > HEADERS_LINE_LIMIT);
  if (tooLong) throw new Error(`_headers line over ${HEADERS_LINE_LIMIT} characters: ${tooLong.slice(0, 60)}...`);
  return ['# Written by the build from src/server/http/security-headers.ts; do not edit.', '/*', ...lines, ''].join('\n');
}
