// Reading and sending the known-device cookie from Hono handlers.
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { DEVICE_COOKIE, DEVICE_TTL_SECONDS } from '../../auth/device';
import { isLoopbackHost } from '../security-headers';

/** The device token the browser sent, or null. */
export function readDeviceToken(c: Context): string | null {
  return getCookie(c, DEVICE_COOKIE) ?? null;
}

/**
 * Sends the device cookie: only the API reads it, only our own pages send it (Strict), and
 * scripts never see it. Secure everywhere except on loopback hosts.
 */
export function sendDeviceCookie(c: Context, token: string): void {
  const secure = isLoopbackHost(new URL(c.req.url).hostname) ? '' : '; Secure';
  const cookie = `${DEVICE_COOKIE}=${token}; Path=/api; HttpOnly; SameSite=Strict; Max-Age=${DEVICE_TTL_SECONDS}${secure}`;
  c.header('Set-Cookie', cookie, { append: true });
}
