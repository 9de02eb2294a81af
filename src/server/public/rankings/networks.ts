// Network rankings and a network's page (docs/public-stats.md, "Rankings"): stored totals, or sums over the filtered channels.
import { notFound } from '../../http/errors';
import type { PublicContext } from '../context';
import { rankChannels } from './channels';
import { all, first } from '../../db/query';
import { type Fragment, raw, sql } from '../../db/sql';
import { currentFiguresSql, previousFiguresSql, type ChannelFilter } from './figures';
import type { NetworkChannelsQuery, TopNetworksQuery } from './query';
import type { ChannelRankingRow, NetworkRankingRow } from '../../../lib/api/public-channels';

type RawRow = Omit<NetworkRankingRow, 'diff'> & { previous_position: number | null };

const toRow = ({ previous_position, ...row }: RawRow): NetworkRankingRow => ({
  ...row,
  diff: previous_position === null ? null : previous_position - row.num,
});

/** network_stats in position order: a range of network_stats_by_period. */
async function storedNetworks(ctx: PublicContext, period: string, limit: number): Promise<RawRow[]> {
  return all<RawRow>(
    ctx.db,
    sql`SELECT n.slug AS network_mcn, n.name AS mcn_name, s.subscriber_count,
      s.monthly_views, s.monthly_subs, s.channels_count, s.position AS num, s.previous_position
    FROM network_stats AS s JOIN networks AS n ON n.id = s.network_id AND n.is_public = 1
    WHERE s.period = ${period} ORDER BY s.position LIMIT ${limit}`,
    'sql',
  );
}

/** Public networks' sums over their channels' figures (the figures carry only the filtered channels). */
function networkTotalsSql(figures: Fragment): Fragment {
  return sql`SELECT c.network_id, count(*) AS channels_count, sum(f.subscriber_count) AS subscriber_count,
    sum(f.monthly_views) AS monthly_views, sum(f.monthly_subs) AS monthly_subs
  FROM (${figures}) AS f JOIN channels AS c ON c.id = f.channel_id
  JOIN networks AS n ON n.id = c.network_id AND n.is_public = 1
  GROUP BY c.network_id`;
}

/**
 * Networks ranked over only their channels of a language and/or country: each network's sums over
 * those channels (networks without one drop out), ranked the same way in the period before.
 */
async function computedNetworks(ctx: PublicContext, query: TopNetworksQuery): Promise<RawRow[]> {
  // Only public networks' channels count: the snapshots behind 'now' are read for those alone.
  const filters: ChannelFilter[] = [{ column: 'public_network', value: 1 }];
  if (query.lang !== undefined) filters.push({ column: 'language_code', value: query.lang });
  if (query.country !== undefined) filters.push({ column: 'country_code', value: query.country });
  const order = raw(`t.${query.metric} DESC, t.network_id`);
  const ranked = (figures: Fragment) => sql`SELECT t.*, ROW_NUMBER() OVER (ORDER BY ${order}) AS position
    FROM (${networkTotalsSql(figures)}) AS t`;
  return all<RawRow>(
    ctx.db,
    sql`WITH cur AS MATERIALIZED (${ranked(currentFiguresSql(query.period, filters))}),
  prev AS MATERIALIZED (${ranked(previousFiguresSql(query.period, filters))})
  SELECT n.slug AS network_mcn, n.name AS mcn_name, cur.subscriber_count, cur.monthly_views, cur.monthly_subs,
    cur.channels_count, cur.position AS num, prev.position AS previous_position
  FROM cur JOIN networks AS n ON n.id = cur.network_id LEFT JOIN prev ON prev.network_id = cur.network_id
  WHERE cur.position <= ${query.limit} ORDER BY cur.position`,
    'sql',
  );
}

/**
 * Top public networks by monthly views (or another metric), optionally over their channels of a
 * language and/or country only.
 * @example await getTopNetworks(ctx, { period: 'now', metric: 'monthly_views', limit: 200 })
 */
export async function getTopNetworks(ctx: PublicContext, query: TopNetworksQuery): Promise<NetworkRankingRow[]> {
  const stored = query.lang === undefined && query.country === undefined && query.metric === 'monthly_views';
  const rows = stored ? await storedNetworks(ctx, query.period, query.limit) : await computedNetworks(ctx, query);
  return rows.map(toRow);
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
 * A public network's channels ranked by a metric (monthly views by default); 404 for an unknown network.
 * @example await getNetworkChannels(ctx, { network_mcn: 'some-network', period: 'now', metric: 'monthly_views', limit: 200 })
 */
export async function getNetworkChannels(ctx: PublicContext, query: NetworkChannelsQuery): Promise<ChannelRankingRow[]> {
  const network = await getNetworkSummary(ctx, query.network_mcn, query.period);
  return rankNetworkChannels(ctx, network.network_id, query);
}

/** The channels of a network already looked up (its page has its summary), ranked as getNetworkChannels does. */
export async function rankNetworkChannels(
  ctx: PublicContext,
  networkId: number,
  query: Omit<NetworkChannelsQuery, 'network_mcn'>,
): Promise<ChannelRankingRow[]> {
  return rankChannels(ctx, {
    period: query.period,
    metric: query.metric,
    limit: query.limit,
    stored: null,
    filters: [{ column: 'network_id', value: networkId }],
  });
}
