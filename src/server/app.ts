// Root Hono app: common middleware, the error envelope, and one sub-app per domain.
import { Hono } from 'hono';
import { HttpError } from './http/errors';
import type { ErrorAnswer } from '../lib/api/errors';
import { currentRequestId, inLogContext, REQUEST_ID_HEADER, requestIdOf } from './log/context';
import { log } from './log/log';
import { applySecurityHeaders } from './http/security-headers';
import { assertSameOrigin } from './http/origin-check';
import type { AppEnv } from './http/context';
import { authRoutes } from './auth/routes';
import { profileRoutes } from './partner/profile/routes';
import { inviteRoutes } from './auth/invite-routes';
import { adminRoutes } from './admin/routes';
import { consoleRoutes } from './console/routes';
import { statementConsoleRoutes } from './console/statement-routes';
import { statementRoutes } from './partner/statements/routes';
import { analyticsRoutes } from './public/compat-routes';
import { detailsRoutes } from './partner/details/routes';
import { statRoutes } from './partner/dashboard/routes';
import { videoRoutes } from './partner/video/routes';
import { illegalRoutes } from './partner/illegal/routes';
import { streamsRoutes } from './partner/streams/routes';
import { supportRoutes, ticketRoutes } from './partner/support/routes';
import { googleRoutes } from './google/routes';
import { themeRoutes } from './theme/routes';

const app = new Hono<AppEnv>().basePath('/api');

/**
 * The request's id: the worker's entry has set it for the whole request (src/worker.ts); the app called
 * on its own (tests, scripts) makes one, the same way, for the rest of the request.
 */
const ids = new WeakMap<Request, string>();
const requestId = (request: Request) => ids.get(request) ?? currentRequestId() ?? 'none';

app.use(async (c, next) => {
  const known = currentRequestId();
  const id = known ?? requestIdOf(c.req.raw);
  ids.set(c.req.raw, id);
  const answer = async () => {
    assertSameOrigin(c.req.raw);
    await next();
    applySecurityHeaders(c.res.headers, new URL(c.req.url));
    // Personal answers are never stored; the public statistics calls set their own policy.
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
    c.header(REQUEST_ID_HEADER, id);
  };
  await (known ? answer() : inLogContext({ request_id: id }, answer));
});

const routes = app
  .route('/auth', authRoutes)
  .route('/profile', profileRoutes)
  .route('/invite', inviteRoutes)
  .route('/admin', adminRoutes)
  .route('/console/money', statementConsoleRoutes)
  .route('/console', consoleRoutes)
  .route('/statements', statementRoutes)
  // Before /stat: its catch-all POST /:metric would take /stat/details.
  .route('/stat/details', detailsRoutes)
  .route('/stat', statRoutes)
  .route('/analytics', analyticsRoutes)
  .route('/streams', streamsRoutes)
  .route('/illegal', illegalRoutes)
  .route('/video', videoRoutes)
  .route('/create_ticket', ticketRoutes)
  .route('/support', supportRoutes)
  .route('/google', googleRoutes)
  .route('/theme', themeRoutes);

app.notFound((c) =>
  c.json<ErrorAnswer>({ error: `No such API path: ${c.req.method} ${c.req.path}`, request_id: requestId(c.req.raw) }, 404),
);

app.onError((err, c) => {
  const id = requestId(c.req.raw);
  if (err instanceof HttpError) {
    const res = c.json<ErrorAnswer>({ error: err.message, request_id: id }, err.status);
    for (const [name, value] of Object.entries(err.headers)) res.headers.set(name, value);
    applySecurityHeaders(res.headers, new URL(c.req.url));
    res.headers.set(REQUEST_ID_HEADER, id);
    return res;
  }
  // Database and runtime messages stay in the logs; the client gets a generic sentence and the id to quote.
  log.error('api.error', err, { request_id: id, method: c.req.method, path: c.req.path });
  const res = c.json<ErrorAnswer>({ error: 'Something went wrong on our side. Please try again.', request_id: id }, 500);
  applySecurityHeaders(res.headers, new URL(c.req.url));
  res.headers.set(REQUEST_ID_HEADER, id);
  return res;
});

export type AppType = typeof routes;
// The same app, carrying its routes' types.
export default routes;
