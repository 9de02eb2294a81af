// Links in e-mails point at PUBLIC_URL; only local runs and tests may fall back to the request's origin.
import { type Bindings, getSettings } from '../env';
import { configurationProblem } from '../http/config-guard';

/**
 * The origin e-mailed links start with, without a trailing slash. Outside local runs it is always
 * PUBLIC_URL: the Host header is the client's to choose, and a link built from it could carry a
 * reset key to someone else's server. Throws when production has no PUBLIC_URL.
 * @example linkOrigin(c.env, c.req.url) // "https://viewdeck.example"
 */
export function linkOrigin(env: Bindings, requestUrl: string): string {
  const problem = configurationProblem(env);
  if (problem) throw new Error(problem);
  const publicUrl = getSettings(env).PUBLIC_URL;
  return (publicUrl ?? new URL(requestUrl).origin).replace(/\/+$/, '');
}

/**
 * A page link carrying a one-time key.
 * @example keyLink('https://viewdeck.example', '/invite/confirm', token)
 */
export function keyLink(origin: string, path: string, key: string): string {
  return `${origin}${path}?key=${encodeURIComponent(key)}`;
}
