// POST /api/theme: the header's theme switch without scripts (a form of three buttons). Keeps the choice
// in the theme cookie and goes back to the page it was made on, which the server then renders in it.
import { Hono } from 'hono';
import { safeReturnPath } from '../../lib/account/return-path';
import { parseThemeChoice, THEME_CHOICES, themeCookie } from '../../lib/theme/theme-choice';
import type { AppEnv } from '../http/context';
import { badRequest } from '../http/errors';
import { refuseDeclaredLength } from '../http/body-limit';
import { isLoopbackHost } from '../http/security-headers';

/** The form holds two short fields; anything longer is not it. */
const MAX_FORM_BYTES = 2_048;

export const themeRoutes = new Hono<AppEnv>().post('/', async (c) => {
  refuseDeclaredLength(c.req.raw, MAX_FORM_BYTES);
  const form = await c.req.parseBody().catch(() => {
    throw badRequest('Send the theme as a form: theme=system, light or dark.');
  });
  const raw = form.theme;
  const choice = parseThemeChoice(typeof raw === 'string' ? raw : null);
  if (!choice) throw badRequest(`The theme must be one of ${THEME_CHOICES.join(', ')}.`);
  const back = safeReturnPath(typeof form.back === 'string' ? form.back : null) ?? '/';
  c.header('Set-Cookie', themeCookie(choice, !isLoopbackHost(new URL(c.req.url).hostname)));
  return c.redirect(back, 303);
});
