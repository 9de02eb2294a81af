// /api/streams: the Broadcasts page's live broadcasts (docs/partner-area.md, "Broadcasts"): parse, scope, query, answer.
import { Hono } from 'hono';
import { nowSeconds } from '../../auth/expiry';
import type { AppEnv } from '../../http/context';
import { requireUser } from '../../http/middleware/require-user';
import { scopeFor } from '../../stats/filters';
import { getLiveBroadcasts } from './live';
import { streamsQueryOf, streamsQuerySchema } from './schema';
import { parseInput } from '../../http/validate';

export const streamsRoutes = new Hono<AppEnv>().get('/', requireUser, async (c) => {
  const query = parseInput(streamsQuerySchema, streamsQueryOf(new URL(c.req.url).searchParams));
  const scope = scopeFor(c.var.user, { channels: query.channels });
  return c.json({ data: await getLiveBroadcasts(c.env.DB, scope, nowSeconds()) });
});
