// Stat calls of the partner dashboard (docs/partner-area.md, "Calls"): parse, scope to the session user, run the stats query, answer.
import { type Context, Hono } from 'hono';
import type { AppEnv, UserEnv } from '../../http/context';
import { forbidden, notFound } from '../../http/errors';
import { requireUser } from '../../http/middleware/require-user';
import { readBody } from '../../http/request-body';
import { getBase } from '../../stats/base';
import { getBreakdown } from '../../stats/breakdown';
import { latestDates } from '../../stats/catalog';
import { getDemographics } from '../../stats/demographics';
import { getAnalyticsExport } from '../analytics/export';
import { xlsxResponse } from '../../export/response';
import { getEngagement } from '../../stats/engagement';
import { getFormats } from '../../stats/formats';
import { getAnalytics } from '../../stats/extended';
import { analyticsSchema } from '../../stats/extended/schema';
import { scopeFor } from '../../stats/filters';
import { getEarningsShare, getForecastAnswer } from '../../statements/dashboard-share';
import { getLocation } from '../../stats/location';
import { getSearchTerms } from '../../stats/search-terms';
import { getTraffic } from '../../stats/traffic';
import { type StatsDb, statsDbFor } from '../../stats/stores';
import { filtersOf, type ResolveOptions, resolveRequest, type StatRequest } from '../../stats/request';
import { breakdownMetricSchema, breakdownSchema, channelTitleSchema, statFiltersSchema } from '../../stats/schema';
import { getSubscribersTotal, getSubscribersTotalByChannel } from '../../stats/subscribers-total';
import { requireSubscribers } from '../../stats/subscribers-access';
import { parseInput } from '../../http/validate';

/**
 * The handler of a call that takes the common filter body and answers one function of the resolved
 * request: parse, scope to the session user, run, answer. Each route names its answer function, so
 * the answer's type reaches AppType (and the contract check in api-contract.ts).
 * @example statRoutes.post('/engagement', filtered(getEngagement))
 */
function filtered<T>(
  answer: (db: StatsDb, request: StatRequest, c: Context<UserEnv>) => Promise<T>,
  options?: ResolveOptions & { subscribers?: boolean },
) {
  return async (c: Context<UserEnv>) => {
    if (options?.subscribers) requireSubscribers(c.var.user);
    const body = parseInput(statFiltersSchema, await readBody(c));
    const request = resolveRequest(c.var.user, body, options);
    const { db, scope } = await statsDbFor(c.env, request.scope);
    return c.json({ data: await answer(db, { ...request, scope }, c) });
  };
}

export const statRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post('/dates', async (c) => {
    const body = parseInput(channelTitleSchema, await readBody(c));
    return c.json({ data: await latestDates(c.env, scopeFor(c.var.user, filtersOf(body))) });
  })
  .post('/base', filtered(getBase))
  .post('/base/subscribers/total', filtered(getSubscribersTotal, { subscribers: true }))
  // Like the subscribers breakdown, without the in-house channel (docs/partner-area.md, "Cards": Subscribers).
  .post('/base/subscribers/total/channels', filtered(getSubscribersTotalByChannel, { excludeInhouse: true, subscribers: true }))
  .post('/engagement', filtered(getEngagement))
  // Shorts, long-form, live and the channel page side by side (the Views and Earnings cards' Formats tab).
  .post('/formats', filtered(getFormats))
  .post('/location', filtered(getLocation))
  .post('/demographics', filtered(getDemographics))
  .post('/traffic', filtered(getTraffic))
  // Top YouTube search terms, kept per channel (docs/stats.md, "Endpoints").
  .post('/search-terms', filtered(getSearchTerms))
  .post('/forecast', async (c) => {
    const body = parseInput(channelTitleSchema, await readBody(c));
    const { db, scope } = await statsDbFor(c.env, scopeFor(c.var.user, filtersOf(body)));
    return c.json({ data: await getForecastAnswer(c.env, db, scope, c.var.user.id) });
  })
  // The Earnings card as the account's share under its terms (docs/partner-area.md, "Your share on the dashboard").
  .post(
    '/share',
    filtered((db, request, c) => getEarningsShare(c.env, db, request, c.var.user.id)),
  )
  // The analytics page (docs/partner-area.md, "Analytics page"); before the breakdowns' catch-all.
  .post('/extended', async (c) => {
    const body = parseInput(analyticsSchema, await readBody(c));
    return c.json({ data: await getAnalytics(c.env, c.var.user, body) });
  })
  // The page's "Download XLS": the page's own query string, every row of its table.
  .get('/extended/xlsx', async (c) => xlsxResponse(await getAnalyticsExport(c.env, c.var.user, new URL(c.req.url).search)))
  .post('/:metric', async (c) => {
    const metric = breakdownMetricSchema.safeParse(c.req.param('metric'));
    if (!metric.success) throw notFound(`No such statistic: ${c.req.param('metric')}.`);
    if (metric.data === 'subscribers') requireSubscribers(c.var.user);
    const body = parseInput(breakdownSchema, await readBody(c));
    if (body.group === 'titles' && !c.var.user.showTitle) throw forbidden('Titles are not enabled for your account.');
    // The in-house channel has no subscribers of its own to compare, so the Subscribers lists leave it out.
    const request = resolveRequest(c.var.user, body, { excludeInhouse: metric.data === 'subscribers' });
    const { db, scope } = await statsDbFor(c.env, request.scope);
    return c.json({ data: await getBreakdown(db, { ...request, scope }, metric.data, body.group) });
  });
