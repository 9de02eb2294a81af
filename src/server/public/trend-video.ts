// One trending video (docs/public-stats.md, "/trend/video/{id}"): its details, the countries it charted in, rank series and the hourly table.
import { buildTrendTable, type VideoPositionRow } from '../../lib/trends/table';
import { chooseCountries } from '../../lib/trends/countries';
import { allBatch } from '../db/query';
import { sql } from '../db/sql';
import type { PublicContext } from './context';
import { DESCRIPTION_MAX } from './trends';
import { MS_PER_SECOND } from '../../lib/dates/time';
import type { TrendCountry, TrendVideoReport, VideoDetails } from '../../lib/api/public-trends';

interface DetailsRow {
  video_id: string;
  video_title: string;
  description: string;
  thumbnail_url: string;
  published_at: number;
  view_count: number;
  like_count: number | null;
  dislike_count: number | null;
  comment_count: number | null;
  youtube_id: string;
  channel_title: string;
  channel_thumbnail: string;
  channel_published: number | null;
  subscriber_count: number | null;
  channel_views: number | null;
  video_count: number | null;
}

const iso = (seconds: number) => new Date(seconds * MS_PER_SECOND).toISOString();
const text = (value: number | null) => (value === null ? null : String(value));

function details(row: DetailsRow): VideoDetails {
  return {
    video: {
      id: row.video_id,
      snippet: {
        title: row.video_title,
        description: row.description,
        publishedAt: iso(row.published_at),
        channelId: row.youtube_id,
        channelTitle: row.channel_title,
        thumbnails: { medium: { url: row.thumbnail_url } },
      },
      statistics: {
        viewCount: String(row.view_count),
        likeCount: text(row.like_count),
        dislikeCount: text(row.dislike_count),
        commentCount: text(row.comment_count),
      },
    },
    channel: {
      id: row.youtube_id,
      snippet: {
        title: row.channel_title,
        description: '',
        publishedAt: row.channel_published === null ? null : iso(row.channel_published),
        thumbnails: { default: { url: row.channel_thumbnail } },
      },
      statistics: { viewCount: text(row.channel_views), subscriberCount: text(row.subscriber_count), videoCount: text(row.video_count) },
    },
  };
}

/**
 * A trending video's page data; null for a video that never charted. Three reads in one batch, each
 * a seek on trend_videos' key or trend_positions_by_video; a video has at most a few thousand rows
 * (countries × hours on the chart), so they are shaped here.
 * @example const report = await getTrendVideo(ctx, 'dQw4w9WgXcQ', ['US', 'GB'])
 */
export async function getTrendVideo(
  ctx: PublicContext,
  videoId: string,
  asked: readonly string[] | null,
): Promise<TrendVideoReport | null> {
  const [detailRows, countryRows, rows] = await allBatch<[DetailsRow, TrendCountry & { first_hour: number }, VideoPositionRow]>(
    ctx.db,
    [
      sql`SELECT v.video_id, v.video_title, substr(v.description, 1, ${DESCRIPTION_MAX}) AS description, v.thumbnail_url, v.published_at,
        v.view_count, v.like_count, v.dislike_count, v.comment_count, c.youtube_id, c.title AS channel_title,
        c.thumbnail_url AS channel_thumbnail, c.published_at AS channel_published, n.subscriber_count,
        n.view_count AS channel_views, n.video_count
      FROM trend_videos AS v JOIN channels AS c ON c.id = v.channel_id LEFT JOIN channel_now AS n ON n.channel_id = c.id
      WHERE v.video_id = ${videoId}`,
      sql`SELECT p.country_code AS country_code2, co.name AS country_name, min(p.position) AS best_position,
        count(*) AS hours, min(p.hour) AS first_hour
      FROM trend_positions AS p JOIN countries AS co ON co.code2 = p.country_code
      WHERE p.video_id = ${videoId} GROUP BY p.country_code ORDER BY best_position, first_hour, p.country_code`,
      sql`SELECT country_code, hour, position, views, likes, dislikes, comments FROM trend_positions
      WHERE video_id = ${videoId} ORDER BY hour`,
    ],
    'sql',
  );
  const row = detailRows[0];
  if (!row) return null;
  const countries = countryRows.map(({ country_code2, country_name, best_position, hours }) => ({
    country_code2,
    country_name,
    best_position,
    hours,
  }));
  const chosen = chooseCountries(
    asked,
    countries.map((c) => c.country_code2),
  );
  const data = chosen.map((code) => ({
    country_code2: code,
    points: rows.filter((r) => r.country_code === code).map((r) => ({ hh: r.hour, position: r.position })),
  }));
  return { countries, chosen, data, table: buildTrendTable(rows, chosen), video_details: details(row) };
}
