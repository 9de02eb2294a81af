// Channel rankings (docs/public-stats.md, "Rankings"): the stored lists when at most one filter applies, else computed.
import { estimateEarnings } from '../../../lib/public/public-estimates';
import type { PublicContext } from '../context';
import { all } from '../../db/query';
import { raw, sql } from '../../db/sql';
import { currentFiguresSql, previousFiguresSql, type ChannelFilter } from './figures';
import { orderBy, type RankingMetric, type TopChannelsQuery } from './query';
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
  monthly_views: number;
  monthly_subs: number;
  watch_time_minutes: number;
  a_monthly_views: number | null;
  a_monthly_subs: number | null;
}

/** What to rank: a period, a metric, the channels' conditions and, when one applies, the stored list. */
export interface ChannelRankingPlan {
  period: string;
  metric: RankingMetric;
  limit: number;
  filters: ChannelFilter[];
  stored: { scope: 'overall' | 'category' | 'language' | 'country'; key: string } | null;
}

const CHANNEL_COLUMNS = raw(`c.id, c.youtube_id, c.title, c.thumbnail_url, c.country_code, c.category_id, k.name AS category_name,
  f.subscriber_count, f.monthly_views, f.monthly_subs, f.watch_time_minutes`);

/** Rows of a stored list: a primary-key range of channel_rankings, each channel's figures by key. */
async function storedRows(ctx: PublicContext, plan: ChannelRankingPlan): Promise<RawRow[]> {
  if (!plan.stored) return [];
  const figures = raw(
    plan.period === 'now'
      ? 'channel_now AS f ON f.channel_id = r.channel_id'
      : 'channel_history_monthly AS f ON f.channel_id = r.channel_id AND f.month = r.period',
  );
  const results = await all<Omit<RawRow, 'a_monthly_views' | 'a_monthly_subs'>>(
    ctx.db,
    sql`SELECT r.position AS num,
      r.previous_position, ${CHANNEL_COLUMNS}
    FROM channel_rankings AS r JOIN channels AS c ON c.id = r.channel_id JOIN ${figures}
    LEFT JOIN categories AS k ON k.id = c.category_id
    WHERE r.period = ${plan.period} AND r.scope = ${plan.stored.scope} AND r.scope_key = ${plan.stored.key}
      AND r.position <= ${plan.limit}
    ORDER BY r.position`,
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
 * Rows computed from the figures: the period's order, and the same order over the period before. Only
 * the shown channels' previous positions are kept, so the final join reads a few hundred rows.
 */
async function computedRows(ctx: PublicContext, plan: ChannelRankingPlan): Promise<RawRow[]> {
  const current = currentFiguresSql(plan.period, plan.filters);
  const previous = previousFiguresSql(plan.period, plan.filters);
  return all<RawRow>(
    ctx.db,
    sql`WITH cur AS MATERIALIZED (${current}),
  top AS MATERIALIZED (SELECT cur.*, ROW_NUMBER() OVER (ORDER BY ${raw(orderBy(plan.metric, 'cur'))}) AS num
    FROM cur ORDER BY num LIMIT ${plan.limit}),
  prev AS MATERIALIZED (SELECT r.* FROM (SELECT p.channel_id, p.monthly_views, p.monthly_subs,
    ROW_NUMBER() OVER (ORDER BY ${raw(orderBy(plan.metric, 'p'))}) AS position FROM (${previous}) AS p) AS r
    WHERE r.channel_id IN (SELECT channel_id FROM top))
  SELECT f.num, prev.position AS previous_position, prev.monthly_views AS a_monthly_views, prev.monthly_subs AS a_monthly_subs,
    ${CHANNEL_COLUMNS}
  FROM top AS f JOIN channels AS c ON c.id = f.channel_id
  LEFT JOIN categories AS k ON k.id = c.category_id
  LEFT JOIN prev ON prev.channel_id = f.channel_id
  ORDER BY f.num`,
    'sql',
  );
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
    monthly_views: row.monthly_views,
    monthly_subs: row.monthly_subs,
    revenue: estimateEarnings(row.monthly_views, row.country_code, row.category_id),
    a_monthly_views: row.a_monthly_views,
    a_monthly_subs: row.a_monthly_subs,
  };
}

/** Runs a plan: the stored list when it has one, else the computed ranking. */
export async function rankChannels(ctx: PublicContext, plan: ChannelRankingPlan): Promise<ChannelRankingRow[]> {
  const rows = plan.stored ? await storedRows(ctx, plan) : await computedRows(ctx, plan);
  return rows.map(toRow);
}

/** The plan of a top channels query: which filters apply and whether a stored list answers it. */
export function topChannelsPlan(query: TopChannelsQuery): ChannelRankingPlan {
  const filters: ChannelFilter[] = [];
  const scopes: { scope: 'category' | 'language' | 'country'; key: string }[] = [];
  if (query.category !== undefined) {
    filters.push({ column: 'category_id', value: query.category });
    scopes.push({ scope: 'category', key: String(query.category) });
  }
  if (query.lang !== undefined) {
    filters.push({ column: 'language_code', value: query.lang });
    scopes.push({ scope: 'language', key: query.lang });
  }
  if (query.country !== undefined) {
    filters.push({ column: 'country_code', value: query.country });
    scopes.push({ scope: 'country', key: query.country });
  }
  // Stored lists are ordered by subscribers, within no filter or exactly one.
  const storable = query.metric === 'subscriber_count' && scopes.length <= 1;
  const stored = storable ? (scopes[0] ?? { scope: 'overall' as const, key: '' }) : null;
  return { period: query.period, metric: query.metric, limit: query.limit, filters, stored };
}

/**
 * Top channels by a metric within optional category, language and country filters.
 * @example await getTopChannels(ctx, { period: 'now', metric: 'subscriber_count', limit: 200, country: 'US' })
 */
export async function getTopChannels(ctx: PublicContext, query: TopChannelsQuery): Promise<ChannelRankingRow[]> {
  return rankChannels(ctx, topChannelsPlan(query));
}
