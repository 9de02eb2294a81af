// Stat calls of the partner dashboard (spec §7): parse, scope to the session user, run the stats query, answer.
import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { forbidden, notFound } from '../errors';
import { requireUser } from '../middleware/require-user';
import { readBody } from '../request-body';
import { getBase } from '../stats/base';
import { getBreakdown } from '../stats/breakdown';
import { getDates } from '../stats/catalog';
import { getDemographics } from '../stats/demographics';
import { getEngagement } from '../stats/engagement';
import { scopeFor } from '../stats/filters';
import { getForecast } from '../stats/forecast';
import { getLocation } from '../stats/location';
import { filtersOf, resolveRequest } from '../stats/request';
import { breakdownMetricSchema, breakdownSchema, channelTitleSchema, statFiltersSchema } from '../stats/schema';
import { getSubscribersTotal, getSubscribersTotalByChannel } from '../stats/subscribers-total';
import { parseInput } from '../validate';

export const statRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post('/dates', async (c) => {
    const body = parseInput(channelTitleSchema, await readBody(c));
    return c.json({ data: await getDates(c.env.DB, scopeFor(c.var.user, filtersOf(body))) });
  })
  .post('/base', async (c) => {
    const request = await resolveRequest(c.env.DB, c.var.user, parseInput(statFiltersSchema, await readBody(c)));
    return c.json({ data: await getBase(c.env.DB, request) });
  })
  .post('/base/subscribers/total', async (c) => {
    const request = await resolveRequest(c.env.DB, c.var.user, parseInput(statFiltersSchema, await readBody(c)));
    return c.json({ data: await getSubscribersTotal(c.env.DB, request) });
  })
  .post('/base/subscribers/total/channels', async (c) => {
    // Like the subscribers breakdown, without the in-house channel (spec §4).
    const body = parseInput(statFiltersSchema, await readBody(c));
    const request = await resolveRequest(c.env.DB, c.var.user, body, { excludeInhouse: true });
    return c.json({ data: await getSubscribersTotalByChannel(c.env.DB, request) });
  })
  .post('/engagement', async (c) => {
    const request = await resolveRequest(c.env.DB, c.var.user, parseInput(statFiltersSchema, await readBody(c)));
    return c.json({ data: await getEngagement(c.env.DB, request) });
  })
  .post('/location', async (c) => {
    const request = await resolveRequest(c.env.DB, c.var.user, parseInput(statFiltersSchema, await readBody(c)));
    return c.json({ data: await getLocation(c.env.DB, request) });
  })
  .post('/demographics', async (c) => {
    const request = await resolveRequest(c.env.DB, c.var.user, parseInput(statFiltersSchema, await readBody(c)));
    return c.json({ data: await getDemographics(c.env.DB, request) });
  })
  .post('/forecast', async (c) => {
    const body = parseInput(channelTitleSchema, await readBody(c));
    return c.json({ data: await getForecast(c.env.DB, scopeFor(c.var.user, filtersOf(body))) });
  })
  .post('/:metric', async (c) => {
    const metric = breakdownMetricSchema.safeParse(c.req.param('metric'));
    if (!metric.success) throw notFound(`No such statistic: ${c.req.param('metric')}.`);
    const body = parseInput(breakdownSchema, await readBody(c));
    if (body.group === 'titles' && !c.var.user.showTitle) throw forbidden('Titles are not enabled for your account.');
    // The in-house channel has no subscribers of its own to compare (spec §4).
    const request = await resolveRequest(c.env.DB, c.var.user, body, { excludeInhouse: metric.data === 'subscribers' });
    return c.json({ data: await getBreakdown(c.env.DB, request, metric.data, body.group) });
  });
