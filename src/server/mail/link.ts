// Links in e-mails point at PUBLIC_URL when it is set (production), else at the request's origin.
import { type Bindings, getSettings } from '../env';

/**
 * The origin e-mailed links start with, without a trailing slash.
 * @example linkOrigin(c.env, c.req.url) // "https://viewdeck.example"
 */
export function linkOrigin(env: Bindings, requestUrl: string): string {
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
