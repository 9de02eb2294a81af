// POST /api/stat/details/graph: the top field's Total line and the lines of the grouping's top rows.
import type { DetailsGraphAnswer, DetailSeries, DetailsGroup, DetailsTopField } from '../../../lib/api/details';
import type { StatsDb } from '../stores';
import { runSettled } from '../bounds';
import { DIMENSIONS } from '../dimensions';
import { compileStatQuery } from '../query';
import type { StatRequest } from '../request';
import { bucketsOf, seriesOf, type StatRow } from '../runner';
import { getFormatsGraph } from './format-graph';
import { type GroupEntry, DIMENSION_OF, groupEntries, groupStatements } from './groups';
import { labelsOf } from './labels';
import { assertTitleDaysHeld } from '../title-folds';

/** Lines of the Detailed chart: the top rows of the grouping by the top field (docs/partner-area.md, "Details"). */
export const DETAILS_GRAPH_ROWS = 10;

/** The top rows by the top field, ties by key (the table's default order). */
function topEntries(entries: GroupEntry[], top: DetailsTopField): GroupEntry[] {
  return [...entries]
    .sort((a, b) => b.sums[top] - a.sums[top] || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .slice(0, DETAILS_GRAPH_ROWS);
}

/** Rows of the ids of one entry added per bucket (a UGC row sums several channels). */
function rowsOf(entry: GroupEntry, rows: StatRow[], idColumn: string, top: DetailsTopField): StatRow[] {
  const ids = new Set(entry.ids.map(String));
  const byBucket = new Map<string, number>();
  for (const row of rows) {
    if (!ids.has(String(row[idColumn]))) continue;
    const bucket = String(row.bucket);
    byBucket.set(bucket, (byBucket.get(bucket) ?? 0) + Number(row[top] ?? 0));
  }
  return [...byBucket].map(([bucket, value]) => ({ bucket, [top]: value }));
}

/**
 * Two round trips, like the breakdowns: every row's sum of the top field (a lifetime settles its
 * bounds alongside), then in one batch the Total series and the top rows' series, with their labels.
 * @example await getDetailsGraph(env.DB, request, { group: 'countries', top_field: 'views' })
 */
export async function getDetailsGraph(
  db: StatsDb,
  req: StatRequest,
  options: { group: DetailsGroup; top_field: DetailsTopField },
): Promise<DetailsGraphAnswer> {
  const { group, top_field: top } = options;
  if (group === 'formats') return await getFormatsGraph(db, req, top);
  const first = await runSettled(db, req, groupStatements(req, group, [top]));
  const settled = first.req;
  const { period, scope } = settled;
  const top10 = topEntries(groupEntries(group, first.results), top);
  // Month buckets read whole months (a lifetime's first and last months whole, as its sums).
  const range = period === 'month' ? settled.sumRange : settled.range;
  if (group === 'countries') await assertTitleDaysHeld(db, settled, { range, byDay: period !== 'month' });
  const common = { scope, metrics: [top], range, period, earningsRange: settled.sumRange, horizon: settled.today } as const;
  const dimension = DIMENSION_OF[group];
  const statements = [compileStatQuery({ ...common, dimensions: ['time'] })];
  if (top10.length) {
    statements.push(
      compileStatQuery({ ...common, dimensions: [dimension, 'time'], only: { dimension, ids: top10.flatMap((e) => e.ids) } }),
    );
  }
  const [[totalRows = [], seriesRows = []], labels] = await Promise.all([db.read(statements), labelsOf(db, group, top10)]);
  const buckets = bucketsOf(settled.range, period);
  const idColumn = DIMENSIONS[dimension].alias;
  const rows = top10.map((entry): DetailSeries => ({
    key: entry.key,
    name: labels.get(entry.key)?.name ?? entry.key,
    points: seriesOf(rowsOf(entry, seriesRows, idColumn, top), buckets, top),
  }));
  return { period, total: seriesOf(totalRows, buckets, top), rows };
}
