// GET /api/video/{id}: the video page's figures (docs/partner-area.md, "Video page"), scoped to the session user.
import { Hono } from 'hono';
import { todayUtc } from '../../../lib/dates/time';
import type { AppEnv } from '../../http/context';
import { requireUser } from '../../http/middleware/require-user';
import { parseInput } from '../../http/validate';
import { getVideoPage } from './video-page';
import { videoIdSchema, videoQuerySchema } from './video-schema';

export const videoRoutes = new Hono<AppEnv>().use(requireUser).get('/:id', async (c) => {
  const id = parseInput(videoIdSchema, c.req.param('id'));
  const query = parseInput(videoQuerySchema, c.req.query());
  return c.json({ data: await getVideoPage(c.env, c.var.user, id, query, todayUtc()) });
});
