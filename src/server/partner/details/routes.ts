// Details calls (docs/partner-area.md, "Details"): parse, scope to the session user, run the stats query, answer.
import { type Context, Hono } from 'hono';
import type { AppEnv, UserEnv } from '../../http/context';
import { badRequest } from '../../http/errors';
import { requireUser } from '../../http/middleware/require-user';
import { readBody } from '../../http/request-body';
import {
  detailsGraphSchema,
  detailsMapSchema,
  detailsRows,
  detailsSchema,
  detailsTableSchema,
  getDetailsAudience,
  getDetailsGraph,
  getDetailsMap,
  getDetailsSummary,
  getDetailsTable,
  getFinanceMonths,
  resolveDetails,
} from '../../stats/details';
import type { StatRequest } from '../../stats/request';
import { onStores, type StatsDb } from '../../stats/stores';
import { parseInput } from '../../http/validate';
import { csvResponse, xlsxResponse } from '../../export/response';
import { detailsExportTable } from '../../stats/details/export';
import { exportInput } from '../../stats/details/export-query';
import { trafficExportTable } from '../../stats/details/traffic-export';
import { getTraffic } from '../../stats/traffic';
import { getSearchTerms } from '../../stats/search-terms';
import { searchTermsExportTable } from '../../stats/details/search-terms-export';

/** The Views page's traffic sources as a download: the same query string as the table's downloads. */
async function trafficExported(c: Context<UserEnv>) {
  const input = exportInput(new URL(c.req.url).searchParams);
  const [db, request] = await onStores(c.env, resolveDetails(c.var.user, input));
  return trafficExportTable(input, request, await getTraffic(db, request));
}

/** The Views page's top search terms as a download: the same query string as the table's downloads. */
async function searchTermsExported(c: Context<UserEnv>) {
  const input = exportInput(new URL(c.req.url).searchParams);
  const [db, request] = await onStores(c.env, resolveDetails(c.var.user, input));
  return searchTermsExportTable(input, request, await getSearchTerms(db, request));
}

/** A download of the whole table (every row, the asked order), scoped like the table call. */
async function exported(c: Context<UserEnv>) {
  const input = exportInput(new URL(c.req.url).searchParams);
  const [db, request] = await onStores(c.env, resolveDetails(c.var.user, input));
  return detailsExportTable(input, request, await detailsRows(db, request, input));
}

function detailed<T>(answer: (db: StatsDb, request: StatRequest) => Promise<T>) {
  return async (c: Context<UserEnv>) => {
    const body = parseInput(detailsSchema, await readBody(c));
    const [db, request] = await onStores(c.env, resolveDetails(c.var.user, body));
    return c.json({ data: await answer(db, request) });
  };
}

export const detailsRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post('/', async (c) => {
    const body = parseInput(detailsTableSchema, await readBody(c));
    const [db, request] = await onStores(c.env, resolveDetails(c.var.user, body));
    return c.json({ data: await getDetailsTable(db, request, body) });
  })
  // The CSV export: the spec's GET on the table's own path.
  .get('/', async (c) => {
    if (c.req.query('to_csv') !== 'true') throw badRequest('to_csv: GET /api/stat/details answers the CSV download only; add to_csv=true.');
    return csvResponse(await exported(c));
  })
  .get('/xlsx', async (c) => xlsxResponse(await exported(c)))
  .post('/total', detailed(getDetailsSummary))
  .post('/finance', detailed(getFinanceMonths))
  .post('/graph', async (c) => {
    const body = parseInput(detailsGraphSchema, await readBody(c));
    // group_date is the chart period of this call: resolveRequest checks and settles it as chart_period.
    const resolved = resolveDetails(c.var.user, { ...body, chart_period: body.group_date ?? body.chart_period });
    const [db, request] = await onStores(c.env, resolved);
    return c.json({ data: await getDetailsGraph(db, request, body) });
  })
  .post('/audience', async (c) => {
    const body = parseInput(detailsSchema, await readBody(c));
    if (body.group !== 'channels') throw badRequest('group: the audience is grouped by channel only.');
    const [db, request] = await onStores(c.env, resolveDetails(c.var.user, body));
    return c.json({ data: await getDetailsAudience(db, request) });
  })
  // The Views page's traffic sources (docs/partner-area.md, "Details"): the dashboard card's answer for the page's filters.
  .post('/traffic', detailed(getTraffic))
  .get('/traffic/csv', async (c) => csvResponse(await trafficExported(c)))
  .get('/traffic/xlsx', async (c) => xlsxResponse(await trafficExported(c)))
  // Beneath it, the top YouTube search terms of the same filters.
  .post('/search-terms', detailed(getSearchTerms))
  .get('/search-terms/csv', async (c) => csvResponse(await searchTermsExported(c)))
  .get('/search-terms/xlsx', async (c) => xlsxResponse(await searchTermsExported(c)))
  .post('/map', async (c) => {
    const body = parseInput(detailsMapSchema, await readBody(c));
    const resolved = resolveDetails(c.var.user, body, { subscribers: body.graph === 'subscribers' });
    const [db, request] = await onStores(c.env, resolved);
    return c.json({ data: await getDetailsMap(db, request, body.graph) });
  });
