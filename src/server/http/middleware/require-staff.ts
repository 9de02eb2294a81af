// Guards the operator console's calls: staff accounts only (after requireUser).
import { createMiddleware } from 'hono/factory';
import type { UserEnv } from '../context';
import { forbidden } from '../errors';

/**
 * 403 for signed-in users who are not staff; requireUser before it answers 401 when signed out.
 * @example consoleRoutes.use(requireUser, requireStaff)
 */
export const requireStaff = createMiddleware<UserEnv>(async (c, next) => {
  if (!c.var.user.staff) throw forbidden('Only staff accounts can use the operator console.');
  await next();
});
