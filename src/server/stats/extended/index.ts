// The analytics call (POST /api/stat/extended): the table or, with graph, the chart, for a parsed body and the session user.
import type { AnalyticsAnswer, AnalyticsTableAnswer } from '../../../lib/api/analytics';
import { onStores } from '../stores';
import type { PartnerStoreEnv } from '../../partner-store';
import type { SessionUser } from '../../auth/session-user';
import { forbidden } from '../../http/errors';
import { resolveRequest, type StatRequest } from '../request';
import type { AnalyticsInput } from './schema';
import { getAnalyticsGraph } from './graph';
import { getAnalyticsTable } from './table';

/**
 * Only the analytics-dashboard user may ask (403 otherwise; the page is theirs alone, route-rules.ts);
 * grouping by title needs show_title (403 otherwise, as the breakdowns refuse it). Then the body is
 * scoped to the session user.
 */
function permitted(user: SessionUser, body: AnalyticsInput, today?: string): StatRequest {
  if (user.dashboard !== 'analytics') throw forbidden('The analytics page is not enabled for your account.');
  if (body.group === 'titles' && !user.showTitle) throw forbidden('Titles are not enabled for your account.');
  return resolveRequest(user, body, { today });
}

/**
 * The table (one page) or, with graph, the chart.
 * @example await getAnalytics(env, c.var.user, parseInput(analyticsSchema, body))
 */
export async function getAnalytics(
  env: PartnerStoreEnv,
  user: SessionUser,
  body: AnalyticsInput,
  today?: string,
): Promise<AnalyticsAnswer> {
  const [db, request] = await onStores(env, permitted(user, body, today));
  // Awaited here: a rejection handed on unawaited is reported as unhandled by workerd before the route awaits it.
  if (body.graph === true || body.graph === 1) return await getAnalyticsGraph(db, request);
  return await getAnalyticsTable(db, request, { group: body.group, sort: body.sort, order: body.order, page: body.page });
}

/**
 * Every row of the table, sorted, on one page: what the spreadsheet holds.
 * @example const table = await getAnalyticsRows(env, user, body)
 */
export async function getAnalyticsRows(
  env: PartnerStoreEnv,
  user: SessionUser,
  body: AnalyticsInput,
  today?: string,
): Promise<AnalyticsTableAnswer> {
  const [db, request] = await onStores(env, permitted(user, body, today));
  return await getAnalyticsTable(db, request, { group: body.group, sort: body.sort, order: body.order, page: 'all' });
}
