// The Detailed chart grouped by format: a line per format beside the Total line (docs/stats.md, "Details").
import type { DetailsGraphAnswer, DetailSeries, DetailsTopField } from '../../../lib/api/details';
import { FORMAT_NAMES, type FormatName } from '../../../lib/api/formats';
import { type Fragment, join, raw, sql } from '../../db/sql';
import { runSettled } from '../bounds';
import type { Bucket } from '../buckets';
import { dimensionSql } from '../dimensions';
import { scopeCte } from '../filters';
import { formatsStatement } from '../formats';
import { compileStatQuery, type DayRange } from '../query';
import type { StatRequest } from '../request';
import { bucketsOf, seriesOf, type StatRow } from '../runner';
import { splitRange } from '../source';
import type { StatsDb } from '../stores';
import { groupEntries, groupStatements } from './groups';

const SCOPED = raw('channel_id IN (SELECT channel_id FROM scope)');

/** A count per format row: the same sums as the metrics registry's. */
const COUNT_SQL: Record<Exclude<DetailsTopField, 'partner_revenue'>, string> = {
  views: 'sum(views)',
  subscribers: 'sum(subscribers_gained) - sum(subscribers_lost)',
};

/**
 * Counts by format and bucket in one statement: days and weeks from the format days, months from the
 * format months and the edge days. The formats of a channel day add up to its channel row, so the lines
 * add up to the Total line bucket by bucket.
 */
function countsStatement(req: StatRequest, range: DayRange, top: Exclude<DetailsTopField, 'partner_revenue'>): Fragment {
  const value = raw(`${COUNT_SQL[top]} AS ${top}`);
  const { months, days } = req.period === 'month' ? splitRange(range.from, range.to) : { months: null, days: [range] };
  const branches: Fragment[] = days.map(
    (part) => sql`SELECT video_type, ${raw(dimensionSql('time', 'daily', req.period))}, ${value}
      FROM channel_format_daily WHERE ${SCOPED} AND day BETWEEN ${part.from} AND ${part.to} GROUP BY video_type, bucket`,
  );
  if (months) {
    branches.push(sql`SELECT video_type, month AS bucket, ${value}
      FROM channel_format_monthly WHERE ${SCOPED} AND month BETWEEN ${months.from} AND ${months.to} GROUP BY video_type, bucket`);
  }
  return sql`${scopeCte(req.scope)} ${join(branches, ' UNION ALL ')}`;
}

/**
 * Earnings by format and month: the formats call's statement per month bucket, so a statement month is
 * split as the table splits it and the lines add up to the Total line's months. Days and weeks have no
 * lines: a statement is split by format per month only.
 */
function earningsStatements(req: StatRequest, buckets: Bucket[]): Fragment[] {
  return buckets.map((b) => formatsStatement(req.scope, { from: b.from, to: b.to }));
}

function earningsRows(buckets: Bucket[], results: StatRow[][]): StatRow[] {
  return buckets.flatMap((b, i) => (results[i] ?? []).map((row) => ({ ...row, bucket: b.key })));
}

/**
 * Two round trips, like every grouping: the formats' sums (a lifetime settles its bounds alongside), then
 * the Total series and the formats' series in one batch.
 * @example await getFormatsGraph(db, request, 'views')
 */
export async function getFormatsGraph(db: StatsDb, req: StatRequest, top: DetailsTopField): Promise<DetailsGraphAnswer> {
  const first = await runSettled(db, req, groupStatements(req, 'formats'));
  const settled = first.req;
  const { period } = settled;
  const entries = groupEntries('formats', first.results).sort((a, b) => b.sums[top] - a.sums[top] || (a.key < b.key ? -1 : 1));
  const range = period === 'month' ? settled.sumRange : settled.range;
  const buckets = bucketsOf(settled.range, period);
  const total = compileStatQuery({
    scope: settled.scope,
    metrics: [top],
    dimensions: ['time'],
    range,
    period,
    earningsRange: settled.sumRange,
    horizon: settled.today,
  });
  const money = top === 'partner_revenue';
  if (money && period !== 'month') {
    const [totalRows = []] = await db.read([total]);
    return { period, total: seriesOf(totalRows, buckets, top), rows: [], rows_by_month_only: true };
  }
  const lines = money ? earningsStatements(settled, bucketsOf(range, 'month')) : [countsStatement(settled, range, top)];
  const [totalRows = [], ...lineResults] = await db.read([total, ...lines]);
  const lineRows = money ? earningsRows(bucketsOf(range, 'month'), lineResults) : (lineResults[0] ?? []);
  const rows = entries.map((entry): DetailSeries => ({
    key: entry.key,
    name: FORMAT_NAMES[entry.key as FormatName],
    points: seriesOf(
      lineRows.filter((r) => r.video_type === entry.key),
      buckets,
      top,
    ),
  }));
  return { period, total: seriesOf(totalRows, buckets, top), rows };
}
