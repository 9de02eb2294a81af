// The hourly trends list (docs/public-stats.md, "/trends"): one country's chart at the latest hour with data at or before the asked one.
import { allBatch } from '../db/query';
import { sql } from '../db/sql';
import type { PublicContext } from './context';
import { MS_PER_SECOND } from '../../lib/dates/time';
import type { TrendItems, TrendVideo } from '../../lib/api/public-trends';

export interface TrendItemsQuery {
  country: string;
  /** Unix seconds; the current time when absent. */
  hour?: number;
  limit: number;
  offset: number;
}

export const DESCRIPTION_MAX = 800;

/**
 * A page of one country's trends chart. The chart hour is the latest one at or before `q.hour`
 * (a primary-key seek on trend_positions); the three statements go in one batch, one round trip.
 * @example const { data, count, hour } = await getTrendItems(ctx, { country: 'US', limit: 50, offset: 0 })
 */
export async function getTrendItems(ctx: PublicContext, q: TrendItemsQuery): Promise<TrendItems> {
  const asked = q.hour ?? Math.floor(ctx.now.getTime() / MS_PER_SECOND);
  const chartHour = sql`SELECT max(hour) FROM trend_positions WHERE country_code = ${q.country} AND hour <= ${asked}`;
  const [hours, counts, items] = await allBatch<[{ hour: number | null }, { count: number }, TrendVideo]>(
    ctx.db,
    [
      sql`SELECT (${chartHour}) AS hour`,
      sql`SELECT count(*) AS count FROM trend_positions WHERE country_code = ${q.country} AND hour = (${chartHour})`,
      sql`SELECT p.video_id, v.video_title, c.youtube_id AS channel_id, c.title AS channel_title,
        v.thumbnail_url, substr(v.description, 1, ${DESCRIPTION_MAX}) AS description, p.views, v.published_at AS add_time,
        p.position, p.previous_position AS last_position, p.best_position, p.country_code AS country_code2
      FROM trend_positions AS p
      JOIN trend_videos AS v ON v.video_id = p.video_id
      JOIN channels AS c ON c.id = v.channel_id
      WHERE p.country_code = ${q.country} AND p.hour = (${chartHour})
      ORDER BY p.position LIMIT ${q.limit} OFFSET ${q.offset}`,
    ],
    'sql',
  );
  return { data: items, count: counts[0]?.count ?? 0, hour: hours[0]?.hour ?? null };
}
