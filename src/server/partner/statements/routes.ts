// A partner's statements (docs/partner-area.md, "Statements and payouts"): the list, a month's statement
// and its downloads, and their own terms. The account is the session's, never the request's.
import { Hono } from 'hono';
import * as z from 'zod';
import { todayUtc } from '../../../lib/dates/time';
import { nowSeconds } from '../../auth/expiry';
import type { AppEnv } from '../../http/context';
import { badRequest } from '../../http/errors';
import { requireUser } from '../../http/middleware/require-user';
import { parseInput } from '../../http/validate';
import { contractsOfUser } from '../../statements/contracts';
import { statementDownload } from '../../statements/download';
import { booksTarget } from '../../statements/finance';
import { partnerStatementList, partnerStatements } from '../../statements/partner-statements';
import { downloadQuerySchema, monthSchema, networkQuerySchema } from '../../statements/schemas';

const monthParam = z.object({ month: monthSchema });

export const statementRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get('/', async (c) => c.json({ data: await partnerStatementList(booksTarget(c.env), c.var.user.id, todayUtc()) }))
  .get('/terms', async (c) => c.json({ data: await contractsOfUser(c.env.DB, c.var.user.id) }))
  .get('/:month', async (c) => {
    const { month } = parseInput(monthParam, c.req.param());
    const { network } = parseInput(networkQuerySchema, c.req.query());
    return c.json({ data: await partnerStatements(booksTarget(c.env), c.var.user.id, month, network, todayUtc()) });
  })
  .get('/:month/download', async (c) => {
    const { month } = parseInput(monthParam, c.req.param());
    const { network, format } = parseInput(downloadQuerySchema, c.req.query());
    const statements = await partnerStatements(booksTarget(c.env), c.var.user.id, month, network, todayUtc());
    const [only] = statements;
    if (!only || statements.length > 1)
      throw badRequest(`network: you have statements in ${statements.length} networks for ${month}; name one.`);
    return statementDownload(only, format, nowSeconds());
  });
