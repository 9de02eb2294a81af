// Root Hono app: common middleware, the error envelope, and one sub-app per domain.
import { Hono } from 'hono';
import { HttpError } from './errors';
import { applySecurityHeaders } from './security-headers';
import { assertSameOrigin } from './origin-check';
import type { AppEnv } from './context';
import { authRoutes } from './routes/auth';
import { profileRoutes } from './routes/profile';
import { inviteRoutes } from './routes/invite';
import { adminRoutes } from './routes/admin';
import { consoleRoutes } from './routes/console';
import { analyticsRoutes } from './routes/analytics';
import { detailsRoutes } from './routes/details';
import { statRoutes } from './routes/stat';
import { illegalRoutes } from './routes/illegal';
import { streamsRoutes } from './routes/streams';
import { supportRoutes, ticketRoutes } from './routes/support';
import { googleRoutes } from './routes/google';

const app = new Hono<AppEnv>().basePath('/api');

app.use(async (c, next) => {
  assertSameOrigin(c.req.raw);
  await next();
  applySecurityHeaders(c.res.headers, new URL(c.req.url));
  // Personal answers are never stored; the public statistics calls set their own policy.
  if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
});

const routes = app
  .route('/auth', authRoutes)
  .route('/profile', profileRoutes)
  .route('/invite', inviteRoutes)
  .route('/admin', adminRoutes)
  .route('/console', consoleRoutes)
  // Before /stat: its catch-all POST /:metric would take /stat/details.
  .route('/stat/details', detailsRoutes)
  .route('/stat', statRoutes)
  .route('/analytics', analyticsRoutes)
  .route('/streams', streamsRoutes)
  .route('/illegal', illegalRoutes)
  .route('/create_ticket', ticketRoutes)
  .route('/support', supportRoutes)
  .route('/google', googleRoutes);

app.notFound((c) => c.json({ error: `No such API path: ${c.req.method} ${c.req.path}` }, 404));

app.onError((err, c) => {
  if (err instanceof HttpError) {
    const res = c.json({ error: err.message }, err.status);
    for (const [name, value] of Object.entries(err.headers)) res.headers.set(name, value);
    applySecurityHeaders(res.headers, new URL(c.req.url));
    return res;
  }
  // Database and runtime messages stay in the logs; the client gets a generic sentence.
  console.error(err);
  const res = c.json({ error: 'Something went wrong on our side. Please try again.' }, 500);
  applySecurityHeaders(res.headers, new URL(c.req.url));
  return res;
});

export type AppType = typeof routes;
// The same app, carrying its routes' types.
export default routes;
