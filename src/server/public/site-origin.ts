// The origin of absolute public links (canonical URLs, sitemaps, embed snippets): the install's PUBLIC_URL.
import { type Bindings, getSettings } from '../env';

/**
 * PUBLIC_URL without its trailing slash; local runs and tests without one use the request's origin.
 * Production never reaches here without it: the configuration guard refuses every request first
 * (src/server/http/config-guard.ts), and a Host header is the client's to choose.
 * @example siteOrigin(env, new URL('http://localhost:8787/channels')) // 'https://viewdeck.example'
 */
export function siteOrigin(env: Bindings, requestUrl: URL): string {
  return (getSettings(env).PUBLIC_URL ?? requestUrl.origin).replace(/\/+$/, '');
}
