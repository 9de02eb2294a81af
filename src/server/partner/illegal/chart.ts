// The illegal copies chart: views, earnings, copies or blocked copies found per day, week or month, one
// series per top breakdown row (channel, title or country), or the totals alone (the Summary switch).
import type { StatsDb } from '../../stats/stores';
import { raw } from '../../db/sql';
import { badRequest } from '../../http/errors';
import { chartBuckets, checkBucketCount, fillPoints } from '../../stats/buckets';
import { microsToDollars } from '../../stats/metrics';
import { chartPeriodProblem } from '../../stats/schema';
import { defaultChartPeriod } from '../../../lib/dates/chart-rules';
import { daysInclusive } from '../../../lib/dates/time';
import { bodyRange, COPY_GROUP_KEYS, type CopiesFilter, copiesFrom, type FoundRange, TOTALS_SQL, type TotalsRow } from './copies';
import type { IllegalChartInput } from './schema';
import { totalsOf } from './table';
import { type IllegalChartAnswer, type IllegalChartGroup, type IllegalSeries, ILLEGAL_TOP_SERIES } from '../../../lib/api/illegal';

/** The figure each chart grouping draws (integers: money in micro-USD). */
const FIGURES: Record<IllegalChartGroup, string> = {
  none: 'sum(ic.views)',
  earns: 'sum(ic.earnings_micros)',
  copies: 'count(*)',
  blocked: "sum(ic.claim_status = 'blocked')",
};
const BREAKDOWN_KEYS = {
  ...COPY_GROUP_KEYS,
  country: { key: 'ic.country_code', name: "coalesce(k.name, 'Unknown')" },
} as const;
/** The bucket a found day falls in: the day, the Monday of its week, or its month (chartBuckets' keys). */
const BUCKET_SQL = {
  days: 'ic.detected_on',
  week: "date(ic.detected_on, '-' || ((CAST(strftime('%w', ic.detected_on) AS INTEGER) + 6) % 7) || ' days')",
  month: 'substr(ic.detected_on, 1, 7)',
} as const;

interface CellRow {
  key: string;
  name: string;
  bucket: string;
  value: number;
}

/** A lifetime's range: the first and last found day of the filter's copies, or today when there are none. */
async function foundBounds(db: StatsDb, filter: CopiesFilter, today: string): Promise<FoundRange> {
  const from = copiesFrom(filter, null);
  const bounds = raw(
    `${filter.cte.sql} SELECT min(ic.detected_on) AS first_day, max(ic.detected_on) AS last_day ${from.sql}`,
    ...filter.cte.params,
    ...from.params,
  );
  const [[row] = []] = await db.read([bounds]);
  const first = row?.first_day;
  const last = row?.last_day;
  return typeof first === 'string' && typeof last === 'string' ? { from: first, to: last } : { from: today, to: today };
}

/**
 * The chart for the filter (already scoped to the session user): the asked bucket size if it fits the
 * range (a 400 naming chart_period if not), else by day under 91 days and by month beyond.
 * @example await getIllegalChart(db, copiesFilter(user, body), body, '2026-11-25')
 */
export async function getIllegalChart(
  db: StatsDb,
  filter: CopiesFilter,
  body: IllegalChartInput,
  today: string,
): Promise<IllegalChartAnswer> {
  const group = body.group_by ?? 'none';
  const breakdown = body.breakdown ?? 'channel';
  const summary = body.summary ?? false;
  const range = bodyRange(body) ?? (await foundBounds(db, filter, today));
  const days = daysInclusive(range.from, range.to);
  const period = body.chart_period ?? defaultChartPeriod(days);
  const problem = chartPeriodProblem(period, days);
  if (problem) throw badRequest(`chart_period: ${problem}`);
  checkBucketCount(range.from, range.to, period);
  const keys = BREAKDOWN_KEYS[breakdown];
  const from = copiesFrom(filter, range);
  const params = [...filter.cte.params, ...from.params];
  const cells = raw(
    `${filter.cte.sql} SELECT ${summary ? "'total'" : keys.key} AS key, ${summary ? "'Total'" : `min(${keys.name})`} AS name,
      ${BUCKET_SQL[period]} AS bucket, coalesce(${FIGURES[group]}, 0) AS value ${from.sql} GROUP BY 1, 3`,
    ...params,
  );
  const totals = raw(`${filter.cte.sql} SELECT ${TOTALS_SQL} ${from.sql}`, ...params);
  const [rows = [], [total] = []] = (await db.read([cells, totals])) as unknown as [CellRow[], TotalsRow[]];
  const buckets = chartBuckets(range.from, range.to, period);
  const money = group === 'earns';
  const series = topSeries(rows).map(({ key, name, total: sum, values }): IllegalSeries => {
    const points = fillPoints(buckets, values);
    return {
      key,
      name,
      total: money ? microsToDollars(sum) : sum,
      points: money ? points.map((p) => ({ ...p, value: microsToDollars(p.value) })) : points,
    };
  });
  return { group_by: group, breakdown, summary, period, range, series, totals: totalsOf(total) };
}

/** The breakdown rows with the largest sums (ties by name), each with its value per bucket. */
function topSeries(rows: CellRow[]): { key: string; name: string; total: number; values: Map<string, number> }[] {
  const byKey = new Map<string, { key: string; name: string; total: number; values: Map<string, number> }>();
  for (const row of rows) {
    const key = String(row.key);
    const entry = byKey.get(key) ?? { key, name: row.name, total: 0, values: new Map<string, number>() };
    entry.total += row.value;
    entry.values.set(row.bucket, row.value);
    byKey.set(key, entry);
  }
  return [...byKey.values()]
    .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name) || a.key.localeCompare(b.key))
    .slice(0, ILLEGAL_TOP_SERIES);
}
