// The global page's top lists: channels and networks by monthly views under the filters, and trending channels.
import { all, first } from '../../db/query';
import { type Fragment, raw, sql } from '../../db/sql';
import type { PublicContext } from '../context';
import { publicPercentChange } from '../../../lib/public/changes';
import { hashSeed, seededPick } from '../../../lib/public/global-random';
import { dimensionWhere, filtersQuery, previousPeriod, statsWhere, type GlobalFilters } from './filters';
import { getLatestDay } from './overview';
import type { GlobalTopChannel, GlobalTopNetwork, TrendingChannel } from '../../../lib/api/public-global';

/** The lists on the global page hold 5 rows (docs/public-stats.md, "Global stats"). */
export const GLOBAL_TOP_LIMIT = 5;
/** Trending channels: drawn from the channels with the most monthly views ... */
export const TRENDING_POOL = 100;
/** ... the fastest growing of them (monthly subs against the subscribers they started with) ... */
export const TRENDING_CANDIDATES = 24;
/** ... and this many shown in the carousel, in a random order seeded by the day and the filters. */
export const TRENDING_SHOWN = 12;

const CHANNEL_FILTER = { category: 'c.category_id', language: 'c.language_code', country: 'c.country_code' };

/**
 * The period's channel figures aliased f: channel_now for 'now' (index on monthly_views), a month's
 * history rows otherwise (index channel_history_monthly_by_month_views); `on` limits them to the period.
 */
function figures(period: string): { table: string; on: Fragment } {
  return period === 'now'
    ? { table: 'channel_now AS f', on: raw('1') }
    : { table: 'channel_history_monthly AS f', on: sql`f.month = ${period}` };
}

/**
 * Whether the filters keep so few channels that reading them through the channels' dimension
 * indexes beats walking every channel by monthly views until enough match. global_stats gives both
 * counts for the period (a PK range), so the choice costs no scan.
 */
async function isSelective(ctx: PublicContext, filters: GlobalFilters, limit: number): Promise<boolean> {
  const where = statsWhere(filters);
  if (where.params.length === 0) return false;
  const row = await first<{ total: number; matching: number }>(
    ctx.db,
    sql`SELECT coalesce(sum(channels_count), 0) AS total,
      coalesce(sum(CASE WHEN ${where} THEN channels_count ELSE 0 END), 0) AS matching
    FROM global_stats WHERE period = ${filters.period}`,
    'sql',
  );
  if (!row || row.matching === 0) return true;
  // Walking by views reads about limit × total / matching rows; reading the matching channels, matching rows.
  return (limit * row.total) / row.matching > row.matching;
}

/**
 * The top channels by monthly views (ties: newer id first, the indexes' own order), with the change
 * against the previous period. The page reads TRENDING_POOL once and takes its top lists from it.
 */
export async function getChannelsByViews(ctx: PublicContext, filters: GlobalFilters, limit: number): Promise<GlobalTopChannel[]> {
  const src = figures(filters.period);
  const where = dimensionWhere(filters, CHANNEL_FILTER);
  const [latestDay, selective] = await Promise.all([filters.period === 'now' ? getLatestDay(ctx) : null, isSelective(ctx, filters, limit)]);
  const previous = previousPeriod(filters.period, latestDay);
  // CROSS JOIN fixes the join order (SQLite keeps it): the filtered channels first, or the figures by views.
  const from = raw(
    selective
      ? `channels AS c CROSS JOIN ${src.table} ON f.channel_id = c.id`
      : `${src.table} CROSS JOIN channels AS c ON c.id = f.channel_id`,
  );
  const rows = await all<Omit<GlobalTopChannel, 'diff'> & { previous_views: number | null }>(
    ctx.db,
    sql`SELECT c.youtube_id AS channel_id,
      c.title AS channel_title, c.thumbnail_url, c.country_code AS country_code2,
      f.monthly_views, f.subscriber_count, f.monthly_subs, p.monthly_views AS previous_views
    FROM ${from}
    LEFT JOIN channel_history_monthly AS p ON p.channel_id = f.channel_id AND p.month = ${previous ?? ''}
    WHERE ${src.on} AND c.youtube_id IS NOT NULL AND ${where}
    ORDER BY f.monthly_views DESC, f.channel_id DESC LIMIT ${limit}`,
    'sql',
  );
  return rows.map(({ previous_views, ...row }) => ({ ...row, diff: publicPercentChange(row.monthly_views, previous_views) }));
}

/**
 * The 5 channels with the most monthly views in the period under the filters.
 * @example await getGlobalTopChannels(ctx, { period: 'now', country: 'US' })
 */
export async function getGlobalTopChannels(ctx: PublicContext, filters: GlobalFilters): Promise<GlobalTopChannel[]> {
  return getChannelsByViews(ctx, filters, GLOBAL_TOP_LIMIT);
}

/**
 * The 5 public networks with the most monthly views: the stored network_stats ranking without
 * filters; under a filter, their matching channels summed.
 */
export async function getGlobalTopNetworks(ctx: PublicContext, filters: GlobalFilters): Promise<GlobalTopNetwork[]> {
  const where = dimensionWhere(filters, CHANNEL_FILTER);
  if (where.params.length === 0) {
    return all<GlobalTopNetwork>(
      ctx.db,
      sql`SELECT n.slug AS network_mcn, n.name AS mcn_name, s.subscriber_count,
        s.monthly_views, s.monthly_subs, s.channels_count, s.previous_position - s.position AS diff, s.position AS num
      FROM network_stats AS s JOIN networks AS n ON n.id = s.network_id
      WHERE s.period = ${filters.period} ORDER BY s.position LIMIT ${GLOBAL_TOP_LIMIT}`,
      'sql',
    );
  }
  const src = figures(filters.period);
  // Networks' channels are indexed by language and country (0013), not by category: a category alone
  // is read through channels_by_category, then each channel's network by primary key.
  const from = raw(
    filters.lang || filters.country
      ? 'networks AS n CROSS JOIN channels AS c ON c.network_id = n.id'
      : 'channels AS c CROSS JOIN networks AS n ON n.id = c.network_id',
  );
  return all<GlobalTopNetwork>(
    ctx.db,
    sql`SELECT n.slug AS network_mcn, n.name AS mcn_name,
      sum(f.subscriber_count) AS subscriber_count, sum(f.monthly_views) AS monthly_views,
      sum(f.monthly_subs) AS monthly_subs, count(*) AS channels_count, NULL AS diff,
      ROW_NUMBER() OVER (ORDER BY sum(f.monthly_views) DESC, n.id) AS num
    FROM ${from} CROSS JOIN ${raw(src.table)} ON f.channel_id = c.id AND ${src.on}
    WHERE n.is_public = 1 AND ${where}
    GROUP BY n.id ORDER BY num LIMIT ${GLOBAL_TOP_LIMIT}`,
    'sql',
  );
}

/**
 * Trending channels for the carousel: of the 100 channels with the most monthly views under the
 * filters, the 24 that grew fastest (monthly subs over the subscribers they started the period
 * with), 12 of them in an order drawn from a seed of the UTC day and the filters: the list changes
 * daily yet a cached page and the API agree all day.
 */
export async function getTopRandomChannels(ctx: PublicContext, filters: GlobalFilters): Promise<TrendingChannel[]> {
  return pickTrending(ctx, filters, await getChannelsByViews(ctx, filters, TRENDING_POOL));
}

/** The trending pick (see getTopRandomChannels) from a pool read by getChannelsByViews. */
export function pickTrending(ctx: PublicContext, filters: GlobalFilters, pool: readonly GlobalTopChannel[]): TrendingChannel[] {
  const withGrowth = pool.map((row) => ({
    ...row,
    growth: publicPercentChange(row.subscriber_count, row.subscriber_count - row.monthly_subs),
  }));
  const fastest = withGrowth
    .sort((a, b) => (b.growth ?? -Infinity) - (a.growth ?? -Infinity) || a.channel_id.localeCompare(b.channel_id))
    .slice(0, TRENDING_CANDIDATES);
  const seed = hashSeed(`${ctx.now.toISOString().slice(0, 10)}|${filtersQuery(filters)}`);
  return seededPick(fastest, TRENDING_SHOWN, seed);
}
