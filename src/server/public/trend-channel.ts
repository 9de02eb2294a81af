// A channel's trend history (docs/public-stats.md, "/trend/channel/{UC id}"): its best chart position per day and country, and the video behind it.
import { chooseCountries } from '../../lib/trends/countries';
import { latestTrendHour, TREND_UTC_OFFSET_MINUTES, trendMonthBounds } from '../../lib/trends/hour';
import { SECONDS_PER_DAY, SECONDS_PER_HOUR, SECONDS_PER_MINUTE } from '../../lib/dates/time';
import { allBatch } from '../db/query';
import { sql } from '../db/sql';
import type { PublicContext } from './context';
import type { PeriodOption } from '../../lib/api/public-global';
import type { ChannelTrendDay, ChannelTrendReport, TrendCountry } from '../../lib/api/public-trends';

/** 'now' covers the 30 days to the latest chart hour. */
export const NOW_DAYS = 30;
const OFFSET_SECONDS = TREND_UTC_OFFSET_MINUTES * SECONDS_PER_MINUTE;

/** The period's hours [from, to). */
export function trendPeriodBounds(period: string, now: Date): { from: number; to: number } {
  if (period !== 'now') return trendMonthBounds(period);
  const to = latestTrendHour(now) + SECONDS_PER_HOUR;
  return { from: to - NOW_DAYS * SECONDS_PER_DAY, to };
}

/**
 * A channel's trend page data; null for an unknown channel id. The channel's videos come from
 * trend_videos_by_channel and their rows from trend_positions_by_video (video, country, hour range);
 * the four reads go in one batch. A day's best row carries its video: SQLite returns the other
 * columns of the row that holds min() in an aggregate.
 * @example const report = await getTrendChannel(ctx, 'UC...', 'now', ['US'])
 */
export async function getTrendChannel(
  ctx: PublicContext,
  youtubeId: string,
  period: string,
  asked: readonly string[] | null,
): Promise<ChannelTrendReport | null> {
  const { from, to } = trendPeriodBounds(period, ctx.now);
  const channelId = sql`(SELECT id FROM channels WHERE youtube_id = ${youtubeId})`;
  const [channels, periods, countries, days] = await allBatch<[ChannelTrendReport['channel'], PeriodOption, TrendCountry, ChannelTrendDay]>(
    ctx.db,
    [
      sql`SELECT youtube_id AS channel_id, title AS channel_title, thumbnail_url FROM channels WHERE youtube_id = ${youtubeId}`,
      sql`SELECT DISTINCT strftime('%Y-%m-01', p.hour + ${OFFSET_SECONDS}, 'unixepoch') AS period
      FROM trend_videos AS v JOIN trend_positions AS p ON p.video_id = v.video_id
      WHERE v.channel_id = ${channelId} ORDER BY period DESC`,
      sql`SELECT p.country_code AS country_code2, co.name AS country_name, min(p.position) AS best_position, count(*) AS hours
      FROM trend_videos AS v JOIN trend_positions AS p ON p.video_id = v.video_id JOIN countries AS co ON co.code2 = p.country_code
      WHERE v.channel_id = ${channelId} AND p.hour >= ${from} AND p.hour < ${to}
      GROUP BY p.country_code ORDER BY best_position, hours DESC, p.country_code`,
      sql`SELECT date(p.hour + ${OFFSET_SECONDS}, 'unixepoch') AS date, p.country_code AS country_code2, min(p.position) AS position,
        p.video_id, v.video_title
      FROM trend_videos AS v JOIN trend_positions AS p ON p.video_id = v.video_id
      WHERE v.channel_id = ${channelId} AND p.hour >= ${from} AND p.hour < ${to}
      GROUP BY date, p.country_code ORDER BY date DESC, p.country_code`,
    ],
    'sql',
  );
  const channel = channels[0];
  if (!channel) return null;
  const chosen = chooseCountries(
    asked,
    countries.map((c) => c.country_code2),
  );
  const data = days.filter((day) => chosen.includes(day.country_code2));
  return { channel, period, periods, countries, chosen, data };
}
