// POST /api/stat/extended: the analytics table, grouped by channel, title or country, sorted, one page, with totals and changes.
import type { StatsDb } from '../stores';
import {
  ANALYTICS_PAGE_SIZE,
  type AnalyticsGroup,
  type AnalyticsOrder,
  type AnalyticsRow,
  type AnalyticsSortColumn,
  type AnalyticsTableAnswer,
} from '../../../lib/api/analytics';
import { raw } from '../../db/sql';
import { badRequest } from '../../http/errors';
import { labelQuery } from '../breakdown';
import { catalogue, type Statement } from '../statements';
import { DIMENSIONS, type DimensionName } from '../dimensions';
import { grainFor } from '../filters';
import type { MetricName } from '../metrics';
import { compileStatQuery, type DayRange } from '../query';
import type { StatRequest } from '../request';
import { type StatRow } from '../runner';
import { type AnalyticsSums, analyticsChanges, analyticsFigures, sortRows } from './figures';
import { videoCountStatement } from './videos';

const DIMENSION_OF: Record<AnalyticsGroup, DimensionName> = { channels: 'channel', titles: 'title', countries: 'country' };
const SUM_METRICS = [
  'views',
  'watch_time',
  'subscribers_gained',
  'subscribers_lost',
  'partner_revenue',
] as const satisfies readonly MetricName[];
/** Reach is stored at the channel and title grains only (migration 0008): no figures by country. */
const REACH_METRICS = ['impressions', 'impression_clicks'] as const satisfies readonly MetricName[];

export interface AnalyticsTableOptions {
  group: AnalyticsGroup;
  sort: AnalyticsSortColumn;
  order: AnalyticsOrder;
  /** 1-based; 'all' answers every row on one page (the spreadsheet). */
  page: number | 'all';
}

/** What the request's grain can answer for the group; refuses a grouping no stored grain holds with its filters. */
function plan(req: StatRequest, group: AnalyticsGroup) {
  const { titles, typeVideo } = req.scope.filters;
  // By country under a titles filter is the title x country grain, which holds views only.
  if (group === 'countries' && (titles || typeVideo)) {
    throw badRequest(`${titles ? 'titles' : 'type_video'}: cannot be applied to figures by country; no stored grain holds both.`);
  }
  const dimension = DIMENSION_OF[group];
  const grain = grainFor(req.scope.filters, DIMENSIONS[dimension].grain);
  const reach = grain === 'channel' || grain === 'title';
  const videos = group !== 'countries';
  return { dimension, reach, videos, metrics: [...SUM_METRICS, ...(reach ? REACH_METRICS : [])] };
}

type Plan = ReturnType<typeof plan>;

function sumsOf(row: StatRow | undefined, p: Plan, videoCount: number | undefined): AnalyticsSums {
  const n = (key: string) => Number(row?.[key] ?? 0);
  return {
    views: n('views'),
    watchTimeMinutes: n('watch_time'),
    subscribersGained: n('subscribers_gained'),
    subscribersLost: n('subscribers_lost'),
    revenueMicros: n('partner_revenue'),
    impressions: p.reach ? n('impressions') : null,
    impressionClicks: p.reach ? n('impression_clicks') : null,
    videoCount: p.videos ? (videoCount ?? 0) : null,
  };
}

/** A key with nothing in the range (a subtracted branch can leave one at 0): not a row of the table. */
const isEmpty = (s: AnalyticsSums) =>
  s.views === 0 &&
  s.watchTimeMinutes === 0 &&
  s.subscribersGained === 0 &&
  s.subscribersLost === 0 &&
  s.revenueMicros === 0 &&
  !s.impressions;

/** The statements of one range: sums per key, sums of all, and the videos per key and of all. */
function rangeStatements(req: StatRequest, p: Plan, range: DayRange): Statement[] {
  const { scope } = req;
  const sums = (dimensions: DimensionName[]) =>
    compileStatQuery({ scope, metrics: p.metrics, dimensions, range, earningsRange: range, horizon: req.today });
  const by = p.dimension === 'channel' || p.dimension === 'title' ? p.dimension : null;
  const titled = p.dimension === 'title';
  const videos = p.videos
    ? [videoCountStatement(scope, range, by, titled), videoCountStatement(scope, range, null, titled)]
    : // Videos have no viewer country: two empty reads keep the batch's positions the same for every group.
      [catalogue(raw('SELECT NULL AS key WHERE 0')), catalogue(raw('SELECT 0 AS video_count'))];
  // A titles table's totals are its rows added up (titleTotals): an empty read keeps the batch's positions.
  const all = titled ? catalogue(raw('SELECT NULL WHERE 0')) : sums([]);
  return [sums([p.dimension]), all, ...videos];
}

/** Per key: the row's sums (key as text). */
function keyedSums(p: Plan, rows: StatRow[], videoRows: StatRow[]): Map<string, AnalyticsSums> {
  const alias = DIMENSIONS[p.dimension].alias;
  const videos = new Map(videoRows.map((r) => [String(r.key), Number(r.video_count)]));
  return new Map(rows.map((r) => [String(r[alias]), sumsOf(r, p, videos.get(String(r[alias])))]));
}

/**
 * The totals of a titles table: its rows added up, column by column. The title grain holds what was
 * gained on titled videos; subscribers gained on the channel page and figures of videos without a title
 * belong to no title (docs/data-model.md, "Grain choices"), so they are in the channels view's totals only.
 */
function titleTotals(p: Plan, rows: Iterable<AnalyticsSums>, videoCount: number): AnalyticsSums {
  const total = sumsOf(undefined, p, videoCount);
  for (const s of rows) {
    total.views += s.views;
    total.watchTimeMinutes += s.watchTimeMinutes;
    total.subscribersGained += s.subscribersGained;
    total.subscribersLost += s.subscribersLost;
    total.revenueMicros += s.revenueMicros;
    // The title grain holds reach (plan), so neither is null here.
    total.impressions = Number(total.impressions) + Number(s.impressions);
    total.impressionClicks = Number(total.impressionClicks) + Number(s.impressionClicks);
  }
  return total;
}

/** The totals row: a titles table's rows added up, any other table's own sum (read, not added from rows). */
function totalsOf(p: Plan, keyed: Map<string, AnalyticsSums>, all: StatRow[] = [], videos: StatRow[] = []): AnalyticsSums {
  const videoCount = Number(videos[0]?.video_count ?? 0);
  return p.dimension === 'title' ? titleTotals(p, keyed.values(), videoCount) : sumsOf(all[0], p, videoCount);
}

function labelStatement(group: AnalyticsGroup, keys: string[]): Statement {
  if (group === 'countries') {
    return catalogue(
      raw('SELECT code2 AS id, code2 AS key, name FROM countries WHERE code2 IN (SELECT value FROM json_each(?))', JSON.stringify(keys)),
    );
  }
  return labelQuery(group, keys.map(Number));
}

/**
 * Two round trips: the range's and the comparison's sums and video counts in one batch (untimed sums:
 * whole months from the rollups), then the names of the rows. Sorting and paging happen here, over
 * every row of the user's scope, so a sort by any figure or by name is exact across pages.
 * @example await getAnalyticsTable(env.DB, request, { group: 'channels', sort: 'views', order: 'desc', page: 1 })
 */
export async function getAnalyticsTable(db: StatsDb, req: StatRequest, options: AnalyticsTableOptions): Promise<AnalyticsTableAnswer> {
  const p = plan(req, options.group);
  const statements = rangeStatements(req, p, req.sumRange);
  if (req.compare) statements.push(...rangeStatements(req, p, req.compare));
  const [rows = [], sumsOfAll = [], videos = [], allVideos = [], cRows, cAll, cVideos = [], cAllVideos = []] = await db.read(statements);
  const main = keyedSums(p, rows, videos);
  const compare = cRows ? keyedSums(p, cRows, cVideos) : null;
  for (const [key, sums] of main) if (isEmpty(sums)) main.delete(key);
  const labels = main.size ? ((await db.read([labelStatement(options.group, [...main.keys()])]))[0] ?? []) : [];
  const names = new Map(labels.map((l) => [String(l.id), { key: String(l.key), name: String(l.name ?? l.key) }]));
  const zero = sumsOf(undefined, p, 0);
  const table: AnalyticsRow[] = [...main].map(([id, sums]) => ({
    key: names.get(id)?.key ?? id,
    title: names.get(id)?.name ?? id,
    ...analyticsFigures(sums),
    change: compare ? analyticsChanges(sums, compare.get(id) ?? zero) : null,
  }));
  const sorted = sortRows(table, options.sort, options.order);
  const page = options.page === 'all' ? null : options.page;
  const start = page === null ? 0 : (page - 1) * ANALYTICS_PAGE_SIZE;
  const totals = totalsOf(p, main, sumsOfAll, allVideos);
  const compareTotals = compare ? totalsOf(p, compare, cAll, cAllVideos) : null;
  return {
    kind: 'table',
    group: options.group,
    rows: page === null ? sorted : sorted.slice(start, start + ANALYTICS_PAGE_SIZE),
    total_rows: sorted.length,
    page: page ?? 1,
    per_page: page === null ? Math.max(sorted.length, 1) : ANALYTICS_PAGE_SIZE,
    sort: options.sort,
    order: options.order,
    totals: { ...analyticsFigures(totals), change: compareTotals ? analyticsChanges(totals, compareTotals) : null },
    compare: req.compare,
  };
}
