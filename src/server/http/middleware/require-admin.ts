// Guards /api/admin/*: operators' tools send "Authorization: Bearer ADMIN_TOKEN" (a secret).
import { createMiddleware } from 'hono/factory';
import { timingSafeEqual } from '../../auth/bytes';
import { hashToken } from '../../auth/token';
import { type Bindings, getSettings } from '../../env';
import { forbidden, unauthorized } from '../errors';

/**
 * 401 without a bearer token, 403 when it is wrong or no ADMIN_TOKEN is configured.
 * @example adminRoutes.use(requireAdmin)
 */
export const requireAdmin = createMiddleware<{ Bindings: Bindings }>(async (c, next) => {
  const header = c.req.header('Authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/.exec(header);
  if (!match) throw unauthorized('Send the admin token as "Authorization: Bearer <ADMIN_TOKEN>".');
  const expected = getSettings(c.env).ADMIN_TOKEN;
  if (!expected) throw forbidden('The admin API is off: set the ADMIN_TOKEN secret to turn it on.');
  // Comparing digests keeps the comparison constant-time whatever the lengths.
  const [given, wanted] = await Promise.all([hashToken(match[1]!), hashToken(expected)]);
  if (!timingSafeEqual(new TextEncoder().encode(given), new TextEncoder().encode(wanted))) {
    throw forbidden('The admin token is not valid.');
  }
  await next();
});
