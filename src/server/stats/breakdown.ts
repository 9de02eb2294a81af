// POST /api/stat/{metric}: the top channels or titles by a metric, each with its chart series.
import { raw } from '../db/sql';
import { catalogue, type CatalogueRead } from './statements';
import type { StatsDb } from './stores';
import type { BreakdownAnswer, BreakdownGroup, BreakdownMetric, BreakdownRow } from '../../lib/api/stats';
import { metricAnswer } from './metrics';
import { compileStatQuery, compileTopRows } from './query';
import type { StatRequest } from './request';
import { runSettled } from './bounds';
import { bucketsOf, seriesOf } from './runner';

/** Rows in a breakdown: a card's Channels or Titles tab lists the top 10 (docs/partner-area.md, "Cards"). */
export const BREAKDOWN_ROWS = 10;

/**
 * Names, icons (and a channel's joined_on) of the top ids (bound as one JSON list; ids come from the
 * scoped query): catalogue rows, read in the shared D1 when several stores answer.
 */
export function labelQuery(group: BreakdownGroup, ids: number[]): CatalogueRead {
  const sql =
    group === 'channels'
      ? "SELECT id, coalesce(youtube_id, 'ugc') AS key, title AS name, thumbnail_url AS icon, joined_on FROM channels WHERE id IN (SELECT value FROM json_each(?))"
      : 'SELECT id, id AS key, title AS name, icon_url AS icon, NULL AS joined_on FROM titles WHERE id IN (SELECT value FROM json_each(?))';
  return catalogue(raw(sql, JSON.stringify(ids)));
}

/**
 * Two round trips: the top rows (sums: whole months from the rollups), then in one batch their
 * series and their names. Earnings rows follow the same rule as the headline (earnings.ts). The in-house exclusion for subscribers is part of the request's scope.
 * @example await getBreakdown(env.DB, request, 'views', 'channels')
 */
export async function getBreakdown(
  db: StatsDb,
  req: StatRequest,
  metric: BreakdownMetric,
  group: BreakdownGroup,
): Promise<BreakdownAnswer> {
  const { scope } = req;
  const dimension = group === 'channels' ? 'channel' : 'title';
  const top = compileTopRows(
    { scope, metrics: [metric], dimensions: [dimension], range: req.sumRange, earningsRange: req.sumRange },
    { metric, limit: BREAKDOWN_ROWS },
  );
  // The top rows do not depend on the chart period: a lifetime settles its bounds alongside them.
  const first = await runSettled(db, req, [top]);
  const { range, period } = first.req;
  const [topRows = []] = first.results;
  const idColumn = group === 'channels' ? 'channel_id' : 'title_id';
  const ids = topRows.map((r) => Number(r[idColumn]));
  if (ids.length === 0) return { rows: [] };
  const seriesRange = period === 'month' ? first.req.sumRange : range;
  const series = compileStatQuery({
    scope,
    metrics: [metric],
    dimensions: [dimension, 'time'],
    range: seriesRange,
    period,
    only: { dimension, ids },
    earningsRange: first.req.sumRange,
  });
  const [seriesRows = [], labels = []] = await db.read([series, labelQuery(group, ids)]);
  const label = new Map(labels.map((r) => [Number(r.id), r]));
  const buckets = bucketsOf(range, period);
  const rows = topRows.map((r): BreakdownRow => {
    const id = Number(r[idColumn]);
    const points = seriesOf(
      seriesRows.filter((s) => Number(s[idColumn]) === id),
      buckets,
      metric,
    );
    const info = label.get(id);
    const value = metricAnswer(metric, r[metric]);
    return group === 'channels'
      ? { id: String(info?.key ?? ''), channel_title: String(info?.name ?? ''), channel_ico: String(info?.icon ?? ''), value, points }
      : { id, title: String(info?.name ?? ''), title_ico: String(info?.icon ?? ''), value, points };
  });
  return { rows };
}
