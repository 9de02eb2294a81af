// mostPopular chart pages into trend_videos and trend_positions for one country and hour.
import type { TrendPosition } from '../parse';
import { statement } from '../../db/query';
import { isChannelId, upsertChannels } from './channels';
import { unixSeconds } from './unix-time';

/** Descriptions are stored cut (the pages show 800 characters; see docs/data-model.md, Size). */
export const TREND_DESCRIPTION_MAX_CHARS = 1_000;
const SECONDS_PER_HOUR = 3600;

// Latest counters win, except that a count the API no longer shows (dislikes since 2021, a hidden
// view count read as 0) keeps the last one known.
const UPSERT_VIDEOS = `
INSERT INTO trend_videos (video_id, channel_id, video_title, description, thumbnail_url, category_id,
                          published_at, view_count, like_count, dislike_count, comment_count)
SELECT j.value ->> 'videoId', c.id, j.value ->> 'title', j.value ->> 'description', j.value ->> 'thumbnailUrl',
       (SELECT id FROM categories WHERE id = CAST(j.value ->> 'categoryId' AS INTEGER)),
       j.value ->> 'publishedAt', j.value ->> 'views', j.value ->> 'likes', j.value ->> 'dislikes', j.value ->> 'comments'
FROM json_each(?1) AS j
JOIN channels c ON c.youtube_id = j.value ->> 'channelId'
WHERE true
ON CONFLICT (video_id) DO UPDATE SET
  channel_id = excluded.channel_id, video_title = excluded.video_title, description = excluded.description,
  thumbnail_url = excluded.thumbnail_url, category_id = coalesce(excluded.category_id, trend_videos.category_id),
  view_count = max(excluded.view_count, trend_videos.view_count), like_count = excluded.like_count,
  dislike_count = coalesce(excluded.dislike_count, trend_videos.dislike_count), comment_count = excluded.comment_count`;

const DELETE_HOUR = 'DELETE FROM trend_positions WHERE country_code = ?1 AND hour = ?2';

// previous_position: where the video stood an hour before; best_position: the best of all earlier
// hours in this country and this one (both read through trend_positions_by_video).
const INSERT_POSITIONS = `
INSERT INTO trend_positions (country_code, hour, position, video_id, views, likes, dislikes, comments,
                             previous_position, best_position)
SELECT ?2, ?3, p.position, p.video_id, p.views, p.likes, p.dislikes, p.comments,
       (SELECT min(t.position) FROM trend_positions t
        WHERE t.video_id = p.video_id AND t.country_code = ?2 AND t.hour = ?3 - ${SECONDS_PER_HOUR}),
       min(p.position, coalesce((SELECT min(t.best_position) FROM trend_positions t
                                 WHERE t.video_id = p.video_id AND t.country_code = ?2 AND t.hour < ?3), p.position))
FROM (SELECT j.value ->> 'position' AS position, j.value ->> 'videoId' AS video_id, j.value ->> 'views' AS views,
             j.value ->> 'likes' AS likes, j.value ->> 'dislikes' AS dislikes, j.value ->> 'comments' AS comments
      FROM json_each(?1) AS j) AS p
WHERE p.video_id IN (SELECT video_id FROM trend_videos)`;

function videoRow(p: TrendPosition) {
  return {
    videoId: p.videoId,
    channelId: p.channelId,
    title: p.title,
    description: (p.description ?? '').slice(0, TREND_DESCRIPTION_MAX_CHARS),
    thumbnailUrl: p.thumbnails.medium ?? p.thumbnails.high ?? p.thumbnails.default ?? '',
    categoryId: p.categoryId,
    publishedAt: unixSeconds(p.publishedAt),
    // The column is NOT NULL: a hidden view count is stored as 0 (and never lowers a known one).
    views: p.views ?? 0,
    likes: p.likes,
    dislikes: p.dislikes,
    comments: p.comments,
  };
}

/**
 * Replaces a country's chart at an hour (unix seconds, start of the hour) with these positions,
 * creating the channels and videos first seen here, in one batch.
 * @example await loadTrendPositions(env.DB, 'US', 1767225600, page.positions, nowSeconds)
 */
export async function loadTrendPositions(
  db: D1Database, country: string, hour: number, positions: TrendPosition[], nowSeconds: number,
): Promise<{ positions: number }> {
  const rows = positions
    .map((p) => ({ ...videoRow(p), position: p.position }))
    .filter((r) => r.videoId.length === 11 && isChannelId(r.channelId) && r.publishedAt !== null);
  const channels = positions.map((p) => ({
    youtubeId: p.channelId, title: p.channelTitle ?? p.channelId, thumbnailUrl: null, bannerUrl: null, countryCode: null, publishedAt: null,
  }));
  const json = JSON.stringify(rows);
  const results = await db.batch([
    upsertChannels(db, channels, nowSeconds, 'create'),
    statement(db, UPSERT_VIDEOS, json),
    statement(db, DELETE_HOUR, country, hour),
    statement(db, INSERT_POSITIONS, json, country, hour),
  ]);
  return { positions: results[3]?.meta.changes ?? 0 };
}
