// The network's money in the operator console (/api/console/money): contracts, a month's payables, bulk
// approval, payouts and the bank file. Staff accounts only; every change in the audit log.
import { Hono } from 'hono';
import * as z from 'zod';
import { monthOf, todayUtc } from '../../lib/dates/time';
import { nowSeconds } from '../auth/expiry';
import type { UserEnv } from '../http/context';
import { requireStaff } from '../http/middleware/require-staff';
import { requireUser } from '../http/middleware/require-user';
import { readBody } from '../http/request-body';
import { parseInput } from '../http/validate';
import { linkOrigin } from '../mail/link';
import { mailerFor } from '../mail/send';
import { networkPayables, partnerStatement } from '../statements/answers';
import { approveStatements } from '../statements/approve';
import { addContract, deleteContract, listContracts } from '../statements/contracts';
import { booksTarget } from '../statements/finance';
import { statementDownload } from '../statements/download';
import { recordPayout } from '../statements/payouts';
import {
  approveBodySchema,
  contractBodySchema,
  downloadQuerySchema,
  monthQuerySchema,
  monthSchema,
  payoutBodySchema,
} from '../statements/schemas';
import { csvResponse } from '../export/response';
import { staffActor } from './actor';
import { getConsoleNetwork } from './networks';

const id = z.coerce.number('id: a number.').int('id: a whole number.').positive().max(Number.MAX_SAFE_INTEGER);
const networkParam = z.object({ network: id });
const statementParam = z.object({ network: id, user: id, month: monthSchema });

const statementLink = (env: UserEnv['Bindings'], url: string) => (month: string) => `${linkOrigin(env, url)}/statements/${month}`;

/** A month to show: asked for, else the last one that is over. */
const askedMonth = (query: Record<string, string>) => (query.month === undefined ? null : parseInput(monthQuerySchema, query).month);

export const statementConsoleRoutes = new Hono<UserEnv>()
  .use(requireUser, requireStaff)
  .get('/networks/:network/contracts', async (c) => {
    const { network } = parseInput(networkParam, c.req.param());
    await getConsoleNetwork(c.env.DB, network);
    return c.json({ data: await listContracts(c.env.DB, network) });
  })
  .post('/networks/:network/contracts', async (c) => {
    const { network } = parseInput(networkParam, c.req.param());
    const body = parseInput(contractBodySchema, await readBody(c));
    await getConsoleNetwork(c.env.DB, network);
    return c.json({ data: await addContract(c.env.DB, staffActor(c.var.user), network, body, todayUtc(), nowSeconds()) }, 201);
  })
  .post('/networks/:network/contracts/:contract/delete', async (c) => {
    const { network, contract } = parseInput(networkParam.extend({ contract: id }), c.req.param());
    return c.json({ data: await deleteContract(c.env.DB, staffActor(c.var.user), network, contract, nowSeconds()) });
  })
  .get('/networks/:network/payables', async (c) => {
    const { network } = parseInput(networkParam, c.req.param());
    const today = todayUtc();
    const month = askedMonth(c.req.query()) ?? monthOf(today);
    return c.json({ data: await networkPayables(booksTarget(c.env), network, month, today) });
  })
  .get('/networks/:network/statements/:user/:month', async (c) => {
    const { network, user, month } = parseInput(statementParam, c.req.param());
    return c.json({ data: await partnerStatement(booksTarget(c.env), network, user, month, todayUtc()) });
  })
  .get('/networks/:network/statements/:user/:month/download', async (c) => {
    const { network, user, month } = parseInput(statementParam, c.req.param());
    const { format } = parseInput(downloadQuerySchema, c.req.query());
    return statementDownload(await partnerStatement(booksTarget(c.env), network, user, month, todayUtc()), format, nowSeconds());
  })
  .post('/networks/:network/approve', async (c) => {
    const { network } = parseInput(networkParam, c.req.param());
    const body = parseInput(approveBodySchema, await readBody(c));
    const input = {
      networkId: network,
      month: body.month,
      userIds: body.user_ids,
      actor: staffActor(c.var.user),
      today: todayUtc(),
      now: nowSeconds(),
    };
    return c.json({ data: await approveStatements(booksTarget(c.env), mailerFor(c.env), input, statementLink(c.env, c.req.url)) });
  })
  .post('/statements/:statement/payouts', async (c) => {
    const { statement } = parseInput(z.object({ statement: id }), c.req.param());
    const body = parseInput(payoutBodySchema, await readBody(c));
    const input = { statementId: statement, body, actor: staffActor(c.var.user), today: todayUtc(), now: nowSeconds() };
    return c.json({ data: await recordPayout(c.env.DB, mailerFor(c.env), input, statementLink(c.env, c.req.url)) }, 201);
  })
  .get('/networks/:network/payouts.csv', async (c) => {
    const { network } = parseInput(networkParam, c.req.param());
    const today = todayUtc();
    const month = askedMonth(c.req.query()) ?? monthOf(today);
    const payables = await networkPayables(booksTarget(c.env), network, month, today);
    const { payoutsTable } = await import('../statements/downloads/payouts-table');
    return csvResponse(payoutsTable(payables.network, month, payables.statements, today));
  });
