// Illegal copies calls (docs/partner-area.md, "Illegal copies"): parse, scope to the session user, query, answer.
import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import { copiesFilter, copiesOnStores } from './copies';
import { getIllegalChart } from './chart';
import { illegalChartSchema, illegalTableSchema } from './schema';
import { getIllegalTable } from './table';
import { requireUser } from '../../http/middleware/require-user';
import { readBody } from '../../http/request-body';
import { parseInput } from '../../http/validate';
import { todayUtc } from '../../../lib/dates/time';

export const illegalRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post('/table', async (c) => {
    const body = parseInput(illegalTableSchema, await readBody(c));
    const [db, filter] = await copiesOnStores(c.env, copiesFilter(c.var.user, body));
    return c.json({ data: await getIllegalTable(db, filter, body) });
  })
  .post('/chart', async (c) => {
    const body = parseInput(illegalChartSchema, await readBody(c));
    const today = todayUtc();
    const [db, filter] = await copiesOnStores(c.env, copiesFilter(c.var.user, body, today));
    return c.json({ data: await getIllegalChart(db, filter, body, today) });
  });
