// Details calls (docs/partner-area.md, "Details"): parse, scope to the session user, run the stats query, answer.
import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { requireUser } from '../middleware/require-user';
import { readBody } from '../request-body';
import { detailsTableSchema, getDetailsTable, resolveDetails } from '../stats/details';
import { parseInput } from '../validate';

export const detailsRoutes = new Hono<AppEnv>().use(requireUser).post('/', async (c) => {
  const body = parseInput(detailsTableSchema, await readBody(c));
  const request = await resolveDetails(c.env.DB, c.var.user, body);
  return c.json({ data: await getDetailsTable(c.env.DB, request, body) });
});
