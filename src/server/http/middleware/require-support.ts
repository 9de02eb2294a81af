// Guards the support inbox's calls: staff with the support flag only (after requireUser).
import { createMiddleware } from 'hono/factory';
import type { UserEnv } from '../context';
import { forbidden } from '../errors';

/**
 * 403 for signed-in users without the support flag; requireUser before it answers 401 when signed out.
 * @example supportRoutes.use(requireUser, requireSupport)
 */
export const requireSupport = createMiddleware<UserEnv>(async (c, next) => {
  if (!c.var.user.support) throw forbidden('Only support staff can open the support inbox.');
  await next();
});
