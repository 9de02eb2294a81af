// The hourly trends list (docs/public-stats.md, "/trends"): one country's chart at the latest hour with data at or before the asked one.
import type { PublicContext } from './context';
import { MS_PER_SECOND } from '../../lib/time';

/** A video on a country's chart at one hour, in the compatibility call's field names. */
export interface TrendVideo {
  video_id: string;
  video_title: string;
  /** The channel's YouTube id ('UC' + 22). */
  channel_id: string;
  channel_title: string;
  thumbnail_url: string;
  /** Cut to DESCRIPTION_MAX characters: the pages never show more. */
  description: string;
  /** Views at the chart hour. */
  views: number;
  /** Published, unix seconds. */
  add_time: number;
  position: number;
  /** Position an hour earlier; null when the video was not on the chart then. */
  last_position: number | null;
  best_position: number;
  country_code2: string;
}

export interface TrendItemsQuery {
  country: string;
  /** Unix seconds; the current time when absent. */
  hour?: number;
  limit: number;
  offset: number;
}

export interface TrendItems {
  data: TrendVideo[];
  /** Videos on the chart at `hour`. */
  count: number;
  /** The chart hour used (unix seconds); null when the country has no chart at or before the asked hour. */
  hour: number | null;
}

export const DESCRIPTION_MAX = 800;

/**
 * A page of one country's trends chart. The chart hour is the latest one at or before `q.hour`
 * (a primary-key seek on trend_positions); the three statements go in one batch, one round trip.
 * @example const { data, count, hour } = await getTrendItems(ctx, { country: 'US', limit: 50, offset: 0 })
 */
export async function getTrendItems(ctx: PublicContext, q: TrendItemsQuery): Promise<TrendItems> {
  const asked = q.hour ?? Math.floor(ctx.now.getTime() / MS_PER_SECOND);
  const chartHour = 'SELECT max(hour) FROM trend_positions WHERE country_code = ?1 AND hour <= ?2';
  const [hourRes, countRes, itemsRes] = await ctx.db.batch<Record<string, unknown>>([
    ctx.db.prepare(`SELECT (${chartHour}) AS hour`).bind(q.country, asked),
    ctx.db.prepare(`SELECT count(*) AS count FROM trend_positions
      WHERE country_code = ?1 AND hour = (${chartHour})`).bind(q.country, asked),
    ctx.db.prepare(`SELECT p.video_id, v.video_title, c.youtube_id AS channel_id, c.title AS channel_title,
        v.thumbnail_url, substr(v.description, 1, ?5) AS description, p.views, v.published_at AS add_time,
        p.position, p.previous_position AS last_position, p.best_position, p.country_code AS country_code2
      FROM trend_positions AS p
      JOIN trend_videos AS v ON v.video_id = p.video_id
      JOIN channels AS c ON c.id = v.channel_id
      WHERE p.country_code = ?1 AND p.hour = (${chartHour})
      ORDER BY p.position LIMIT ?3 OFFSET ?4`).bind(q.country, asked, q.limit, q.offset, DESCRIPTION_MAX),
  ]);
  const hour = (hourRes?.results[0]?.hour as number | null | undefined) ?? null;
  const count = Number(countRes?.results[0]?.count ?? 0);
  return { data: (itemsRes?.results ?? []) as unknown as TrendVideo[], count, hour };
}
