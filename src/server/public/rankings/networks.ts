// Network rankings and a network's page (docs/public-stats.md, "Rankings"): network_stats' sums, or the
// same sums over the channels of a language or country, ranked by any metric.
import { notFound } from '../../http/errors';
import { growthPercent } from '../../../lib/public/ranking-metrics';
import type { PublicContext } from '../context';
import { rankChannels } from './channels';
import { all, first } from '../../db/query';
import { type Fragment, raw, sql } from '../../db/sql';
import { currentFiguresSql, previousFiguresSql, type ChannelFilter } from './figures';
import { NETWORK_METRIC_SQL } from './metric-sql';
import { NETWORK_TOTAL_COLUMNS, networkTotalsSql } from './network-totals';
import type { NetworkChannelsQuery, RankingMetric, RankingPage, TopNetworksQuery } from './query';
import type { ChannelRankingRow, NetworkRankingRow } from '../../../lib/api/public-channels';

interface RawRow {
  network_mcn: string;
  mcn_name: string;
  channels_count: number;
  subscriber_count: number;
  view_count: number;
  monthly_views: number;
  monthly_subs: number;
  watch_time_minutes: number;
  earnings_low: number;
  earnings_high: number;
  num: number;
  previous_position: number | null;
  total: number;
}

const toRow = (row: RawRow): NetworkRankingRow => ({
  network_mcn: row.network_mcn,
  mcn_name: row.mcn_name,
  subscriber_count: row.subscriber_count,
  monthly_views: row.monthly_views,
  monthly_subs: row.monthly_subs,
  channels_count: row.channels_count,
  view_count: row.view_count,
  watchtime: row.watch_time_minutes,
  revenue: { low: row.earnings_low, high: row.earnings_high },
  subs_growth_pct: growthPercent(row.subscriber_count, row.monthly_subs),
  views_growth_pct: growthPercent(row.view_count, row.monthly_views),
  diff: row.previous_position === null ? null : row.previous_position - row.num,
  num: row.num,
});

/** network_stats of the period: the sums (prefix '') or the period before's (prefix 'prev_'). */
function storedTotalsSql(period: string, prefix: '' | 'prev_'): Fragment {
  const cols = NETWORK_TOTAL_COLUMNS.map((c) => `s.${prefix}${c} AS ${c}`).join(', ');
  return sql`SELECT s.network_id, ${raw(cols)} FROM network_stats AS s
    JOIN networks AS n ON n.id = s.network_id AND n.is_public = 1
    WHERE s.period = ${period} AND s.${raw(prefix)}channels_count IS NOT NULL`;
}

/**
 * Whether network_stats of the period holds the sums of every metric: rows written before migration 0040
 * have none (their previous sums are NULL beside a previous position, their total views 0) until the
 * rollups rewrite the period; until then the sums are computed from the channels.
 */
async function storedSumsCurrent(ctx: PublicContext, period: string): Promise<boolean> {
  const stale = await first<{ stale: number }>(
    ctx.db,
    sql`SELECT 1 AS stale FROM network_stats WHERE period = ${period}
      AND ((previous_position IS NOT NULL AND prev_channels_count IS NULL) OR (view_count = 0 AND subscriber_count > 0)) LIMIT 1`,
    'sql',
  );
  return stale === null;
}

/** Ranks both periods' sums by the metric (then id) and answers the page with the previous positions. */
function rankedPageSql(metric: RankingMetric, current: Fragment, previous: Fragment, offset: number, limit: number): Fragment {
  const ranked = (totals: Fragment) =>
    sql`SELECT t.*, ROW_NUMBER() OVER (ORDER BY ${raw(NETWORK_METRIC_SQL[metric])} DESC, t.network_id) AS position,
      count(*) OVER () AS total FROM (${totals}) AS t`;
  return sql`WITH cur AS MATERIALIZED (${ranked(current)}), prev AS MATERIALIZED (${ranked(previous)})
  SELECT n.slug AS network_mcn, n.name AS mcn_name, ${raw(NETWORK_TOTAL_COLUMNS.map((c) => `cur.${c}`).join(', '))},
    cur.position AS num, prev.position AS previous_position, cur.total
  FROM cur JOIN networks AS n ON n.id = cur.network_id LEFT JOIN prev ON prev.network_id = cur.network_id
  WHERE cur.position > ${offset} AND cur.position <= ${offset + limit} ORDER BY cur.position`;
}

/**
 * Top public networks by a metric (monthly views by default), optionally over their channels of a
 * language and/or country only: one page and the total.
 * @example await getTopNetworks(ctx, { period: 'now', metric: 'monthly_views', limit: 100, page: 1 })
 */
export async function getTopNetworks(ctx: PublicContext, query: TopNetworksQuery): Promise<RankingPage<NetworkRankingRow>> {
  const offset = (query.page - 1) * query.limit;
  let current: Fragment;
  let previous: Fragment;
  if (query.lang === undefined && query.country === undefined && (await storedSumsCurrent(ctx, query.period))) {
    current = storedTotalsSql(query.period, '');
    previous = storedTotalsSql(query.period, 'prev_');
  } else {
    // Only public networks' channels count: the snapshots behind 'now' are read for those alone.
    const filters: ChannelFilter[] = [{ column: 'public_network', value: 1 }];
    if (query.lang !== undefined) filters.push({ column: 'language_code', value: query.lang });
    if (query.country !== undefined) filters.push({ column: 'country_code', value: query.country });
    current = networkTotalsSql(currentFiguresSql(query.period, filters));
    previous = networkTotalsSql(previousFiguresSql(query.period, filters));
  }
  const rows = await all<RawRow>(ctx.db, rankedPageSql(query.metric, current, previous, offset, query.limit), 'sql');
  // A page past the end has no row to carry the total: count the networks then.
  const total = rows[0]?.total ?? (offset > 0 ? await countNetworks(ctx, current) : 0);
  return { rows: rows.map(toRow), total };
}

async function countNetworks(ctx: PublicContext, totals: Fragment): Promise<number> {
  return (await first<{ total: number }>(ctx.db, sql`SELECT count(*) AS total FROM (${totals})`, 'sql'))?.total ?? 0;
}

/** A network page's summary (docs/public-stats.md, "/network/{network_mcn}"). */
export interface NetworkSummary {
  network_id: number;
  network_mcn: string;
  mcn_name: string;
  monthly_views: number;
  monthly_subs: number;
  channels_count: number;
  subscriber_count: number;
  /** Position among networks by monthly views; null when the period has no figures for it. */
  num: number | null;
}

/**
 * A public network's totals in a period (zeros when it has none), or a 404 for an unknown or
 * non-public network (their channels are not grouped publicly).
 */
export async function getNetworkSummary(ctx: PublicContext, networkMcn: string, period = 'now'): Promise<NetworkSummary> {
  const row = await first<NetworkSummary>(
    ctx.db,
    sql`SELECT n.id AS network_id, n.slug AS network_mcn, n.name AS mcn_name,
      coalesce(s.monthly_views, 0) AS monthly_views, coalesce(s.monthly_subs, 0) AS monthly_subs,
      coalesce(s.channels_count, 0) AS channels_count, coalesce(s.subscriber_count, 0) AS subscriber_count, s.position AS num
    FROM networks AS n LEFT JOIN network_stats AS s ON s.network_id = n.id AND s.period = ${period}
    WHERE n.slug = ${networkMcn} AND n.is_public = 1`,
    'sql',
  );
  if (!row) throw notFound(`No public network ${networkMcn}.`);
  return row;
}

/**
 * A page of a public network's channels ranked by a metric (monthly views by default); 404 for an unknown network.
 * @example await getNetworkChannels(ctx, { network_mcn: 'some-network', period: 'now', metric: 'monthly_views', limit: 100, page: 3 })
 */
export async function getNetworkChannels(ctx: PublicContext, query: NetworkChannelsQuery): Promise<RankingPage<ChannelRankingRow>> {
  const network = await getNetworkSummary(ctx, query.network_mcn, query.period);
  return rankNetworkChannels(ctx, network.network_id, query);
}

/** The channels of a network already looked up (its page has its summary), ranked as getNetworkChannels does. */
export async function rankNetworkChannels(
  ctx: PublicContext,
  networkId: number,
  query: Omit<NetworkChannelsQuery, 'network_mcn'>,
): Promise<RankingPage<ChannelRankingRow>> {
  return rankChannels(ctx, {
    period: query.period,
    metric: query.metric,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
    filters: [{ column: 'network_id', value: networkId }],
  });
}
