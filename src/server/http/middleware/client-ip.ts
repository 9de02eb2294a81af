// The address a sign-in attempt is throttled by.
import type { Context } from 'hono';

/** Cloudflare's CF-Connecting-IP; 'unknown' when absent (local runs), which shares one counter. */
export function clientIp(c: Context): string {
  return c.req.header('CF-Connecting-IP')?.trim() || 'unknown';
}
