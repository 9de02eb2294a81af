// The analytics call (POST /api/stat/extended): the table or, with graph, the chart, for a parsed body and the session user.
import type { AnalyticsAnswer } from '../../../lib/api/analytics';
import type { SessionUser } from '../../auth/session-user';
import { forbidden } from '../../errors';
import { resolveRequest } from '../request';
import type { AnalyticsInput } from './schema';
import { getAnalyticsGraph } from './graph';
import { getAnalyticsTable } from './table';

/**
 * Scopes the body to the session user and answers the table or the chart. Only the analytics-dashboard
 * user may ask (403 otherwise); grouping by title needs show_title (403 otherwise, as the breakdowns refuse it).
 * @example await getAnalytics(env.DB, c.var.user, parseInput(analyticsSchema, body))
 */
export async function getAnalytics(db: D1Database, user: SessionUser, body: AnalyticsInput, today?: string): Promise<AnalyticsAnswer> {
  // The page is the analytics-dashboard user's alone (route-rules.ts); its call is refused to others alike.
  if (user.dashboard !== 'analytics') throw forbidden('The analytics page is not enabled for your account.');
  if (body.group === 'titles' && !user.showTitle) throw forbidden('Titles are not enabled for your account.');
  const request = await resolveRequest(db, user, body, { today });
  // Awaited here: a rejection handed on unawaited is reported as unhandled by workerd before the route awaits it.
  if (body.graph === true || body.graph === 1) return await getAnalyticsGraph(db, request);
  return await getAnalyticsTable(db, request, { group: body.group, sort: body.sort, order: body.order, page: body.page });
}
