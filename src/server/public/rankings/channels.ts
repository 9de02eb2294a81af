// Channel rankings (docs/public-stats.md, "Rankings"): a page of the stored overall positions when no
// filter applies, of a stored filter's slices under the pages' filters (country, category, language, alone
// or together; a network), else (a list of ids) computed over the filtered channels.
import { estimateEarnings } from '../../../lib/public/public-estimates';
import { growthPercent } from '../../../lib/public/ranking-metrics';
import type { PublicContext } from '../context';
import { all, first } from '../../db/query';
import { raw, sql, type Fragment } from '../../db/sql';
import { NOW_PERIOD } from '../../ingest/rollup/periods';
import { pagePositions, sliceRange, storedFilterOf, type FilterSlice, type StoredFilter } from './filter-slices';
import { currentFiguresSql, previousFiguresSql, type ChannelFilter } from './figures';
import { rankingOrderSql } from './metric-sql';
import type { RankingMetric, RankingPage, TopChannelsQuery } from './query';
import type { ChannelRankingRow } from '../../../lib/api/public-channels';

interface RawRow {
  num: number;
  previous_position: number | null;
  id: number;
  youtube_id: string;
  title: string;
  thumbnail_url: string;
  country_code: string | null;
  category_id: number | null;
  category_name: string | null;
  subscriber_count: number;
  view_count: number;
  monthly_views: number;
  monthly_subs: number;
  watch_time_minutes: number;
  a_monthly_views: number | null;
  a_monthly_subs: number | null;
}

/** What to rank: a period, a metric, the channels' conditions, and which rows (offset, limit). */
export interface ChannelRankingPlan {
  period: string;
  metric: RankingMetric;
  limit: number;
  /** Rows before the first one wanted: (page − 1) × limit. */
  offset: number;
  filters: ChannelFilter[];
}

const CHANNEL_COLUMNS = raw(`c.id, c.youtube_id, c.title, c.thumbnail_url, c.country_code, c.category_id, k.name AS category_name,
  f.subscriber_count, f.view_count, f.monthly_views, f.monthly_subs, f.watch_time_minutes`);

/** A page of stored positions: rows (position, channel_id, previous_position) and the ranking's total. */
interface StoredPage {
  positions: Fragment;
  total: number;
}

/** The overall positions' page: a primary-key range and, for the total, a key seek. */
async function overallPage(ctx: PublicContext, plan: ChannelRankingPlan): Promise<StoredPage | null> {
  const where = sql`p.period = ${plan.period} AND p.metric = ${plan.metric}`;
  const row = await first<{ total: number | null }>(
    ctx.db,
    sql`SELECT max(p.position) AS total FROM channel_positions AS p WHERE ${where}`,
    'sql',
  );
  if (!row?.total) return null;
  const positions = sql`SELECT p.position, p.channel_id, p.previous_position FROM channel_positions AS p
    WHERE ${where} AND p.position > ${plan.offset} AND p.position <= ${plan.offset + plan.limit}`;
  return { positions, total: row.total };
}

/** A filter's page from its stored slices: the one or two holding the page's positions, and the first for the total. */
async function filterPage(
  ctx: PublicContext,
  plan: ChannelRankingPlan,
  stored: { filter: StoredFilter; value: string },
): Promise<StoredPage | null> {
  const [from, to] = sliceRange(plan.offset, plan.limit);
  const slices = await all<FilterSlice>(
    ctx.db,
    sql`SELECT slice, total, channel_ids, previous_positions FROM channel_filter_slices
    WHERE period = ${plan.period} AND metric = ${plan.metric} AND filter = ${stored.filter} AND value = ${stored.value}
      AND (slice = 0 OR slice BETWEEN ${from} AND ${to})`,
    'sql',
  );
  if (slices.length === 0) return null;
  const page = pagePositions(slices, plan.offset, plan.limit).map((p) => [p.position, p.channelId, p.previousPosition]);
  const positions = sql`SELECT s.value ->> 0 AS position, s.value ->> 1 AS channel_id, s.value ->> 2 AS previous_position
    FROM json_each(${JSON.stringify(page)}) AS s`;
  return { positions, total: slices[0]!.total };
}

/**
 * The plan's stored page: the overall positions without a filter, a stored filter's slices under one
 * country, category, language or network or the pages' filters combined; null when none are stored (a
 * list of ids, a period not yet written, a value no channel has), and the ranking is computed.
 */
function storedPage(ctx: PublicContext, plan: ChannelRankingPlan): Promise<StoredPage | null> {
  if (plan.filters.length === 0) return overallPage(ctx, plan);
  const stored = storedFilterOf(plan.filters);
  return stored ? filterPage(ctx, plan, stored) : Promise.resolve(null);
}

/** The page's channels and figures by key, in position order, then the previous figures of those. */
async function storedRows(ctx: PublicContext, plan: ChannelRankingPlan, positions: Fragment): Promise<RawRow[]> {
  const figures =
    plan.period === NOW_PERIOD
      ? raw('channel_now AS f ON f.channel_id = c.id')
      : sql`channel_history_monthly AS f ON f.channel_id = c.id AND f.month = ${plan.period}`;
  const results = await all<Omit<RawRow, 'a_monthly_views' | 'a_monthly_subs'>>(
    ctx.db,
    sql`SELECT p.position AS num, p.previous_position, ${CHANNEL_COLUMNS}
    FROM (${positions}) AS p JOIN channels AS c ON c.id = p.channel_id JOIN ${figures}
    LEFT JOIN categories AS k ON k.id = c.category_id
    ORDER BY p.position`,
    'sql',
  );
  if (results.length === 0) return [];
  // The previous period's figures of these channels only: a few key seeks each.
  const prevSql = previousFiguresSql(plan.period, [{ column: 'ids', value: JSON.stringify(results.map((row) => row.id)) }]);
  const prev = await all<{ channel_id: number; monthly_views: number; monthly_subs: number }>(ctx.db, prevSql, 'sql');
  const byId = new Map(prev.map((row) => [row.channel_id, row]));
  return results.map((row) => ({
    ...row,
    a_monthly_views: byId.get(row.id)?.monthly_views ?? null,
    a_monthly_subs: byId.get(row.id)?.monthly_subs ?? null,
  }));
}

/**
 * A page computed from the figures: the period's order, and the same order over the period before.
 * Only the shown channels' previous positions are kept, so the final join reads a page of rows.
 */
async function computedRows(ctx: PublicContext, plan: ChannelRankingPlan): Promise<RawRow[]> {
  const current = currentFiguresSql(plan.period, plan.filters, plan.metric);
  const previous = previousFiguresSql(plan.period, plan.filters, plan.metric);
  const order = raw(rankingOrderSql('r', 'channel_id'));
  return all<RawRow>(
    ctx.db,
    sql`WITH cur AS MATERIALIZED (${current}),
  top AS MATERIALIZED (SELECT * FROM (SELECT r.*, ROW_NUMBER() OVER (ORDER BY ${order}) AS num FROM cur AS r)
    WHERE num > ${plan.offset} AND num <= ${plan.offset + plan.limit}),
  prev AS MATERIALIZED (SELECT x.* FROM (SELECT r.channel_id, r.monthly_views, r.monthly_subs,
    ROW_NUMBER() OVER (ORDER BY ${order}) AS position FROM (${previous}) AS r) AS x
    WHERE x.channel_id IN (SELECT channel_id FROM top))
  SELECT f.num, prev.position AS previous_position, prev.monthly_views AS a_monthly_views, prev.monthly_subs AS a_monthly_subs,
    ${CHANNEL_COLUMNS}
  FROM top AS f JOIN channels AS c ON c.id = f.channel_id
  LEFT JOIN categories AS k ON k.id = c.category_id
  LEFT JOIN prev ON prev.channel_id = f.channel_id
  ORDER BY f.num`,
    'sql',
  );
}

/** How many channels a computed ranking holds: those of the filters with figures in the period. */
async function computedTotal(ctx: PublicContext, plan: ChannelRankingPlan): Promise<number> {
  const row = await first<{ total: number }>(
    ctx.db,
    sql`SELECT count(*) AS total FROM (${currentFiguresSql(plan.period, plan.filters)})`,
    'sql',
  );
  return row?.total ?? 0;
}

function toRow(row: RawRow): ChannelRankingRow {
  return {
    diff: row.previous_position === null ? null : row.previous_position - row.num,
    num: row.num,
    channel_id: row.youtube_id,
    channel_title: row.title,
    thumbnail_url: row.thumbnail_url,
    country_code2: row.country_code,
    category: row.category_name,
    category_id: row.category_id,
    watchtime: row.watch_time_minutes,
    subscriber_count: row.subscriber_count,
    view_count: row.view_count,
    monthly_views: row.monthly_views,
    monthly_subs: row.monthly_subs,
    subs_growth_pct: growthPercent(row.subscriber_count, row.monthly_subs),
    views_growth_pct: growthPercent(row.view_count, row.monthly_views),
    revenue: estimateEarnings(row.monthly_views, row.country_code, row.category_id),
    a_monthly_views: row.a_monthly_views,
    a_monthly_subs: row.a_monthly_subs,
  };
}

/**
 * Runs a plan: stored positions when they exist for it (no filter, or a stored filter), else
 * computed. The total comes with the page (a key seek for stored positions, a slice's count under a
 * filter, a count of the filtered channels else). A filter value nobody has stores nothing: computed, it is an empty page at once.
 * @example await rankChannels(ctx, { period: 'now', metric: 'earnings', limit: 100, offset: 49_900, filters: [] })
 */
export async function rankChannels(ctx: PublicContext, plan: ChannelRankingPlan): Promise<RankingPage<ChannelRankingRow>> {
  const stored = await storedPage(ctx, plan);
  if (stored) return { rows: (await storedRows(ctx, plan, stored.positions)).map(toRow), total: stored.total };
  const [rows, total] = await Promise.all([computedRows(ctx, plan), computedTotal(ctx, plan)]);
  return { rows: rows.map(toRow), total };
}

/** The plan of a top channels query: the filters that apply and the page's rows. */
export function topChannelsPlan(query: TopChannelsQuery): ChannelRankingPlan {
  const filters: ChannelFilter[] = [];
  if (query.category !== undefined) filters.push({ column: 'category_id', value: query.category });
  if (query.lang !== undefined) filters.push({ column: 'language_code', value: query.lang });
  if (query.country !== undefined) filters.push({ column: 'country_code', value: query.country });
  const offset = (query.page - 1) * query.limit;
  return { period: query.period, metric: query.metric, limit: query.limit, offset, filters };
}

/**
 * Top channels by a metric within optional category, language and country filters: one page and the total.
 * @example await getTopChannels(ctx, { period: 'now', metric: 'subscriber_count', limit: 100, page: 2, country: 'US' })
 */
export async function getTopChannels(ctx: PublicContext, query: TopChannelsQuery): Promise<RankingPage<ChannelRankingRow>> {
  return rankChannels(ctx, topChannelsPlan(query));
}
