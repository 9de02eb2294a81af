// mostPopular chart pages into trend_videos and trend_positions for one country and hour.
import type { TrendPosition } from '../parse';
import { chunkStatements } from '../load/json-chunks';
import { isChannelId, upsertChannelStatements } from './channels';
import { unixSeconds } from './unix-time';
import { SECONDS_PER_HOUR } from '../../../lib/dates/time';

/** Descriptions are stored cut (the pages show 800 characters; see docs/data-model.md, Size). */
export const TREND_DESCRIPTION_MAX_CHARS = 1_000;

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

// ?1 [[country, hour], ...]: the charts being replaced (a primary-key seek per chart, then per row).
const DELETE_CHARTS = `DELETE FROM trend_positions WHERE (country_code, hour, position) IN (
  SELECT t.country_code, t.hour, t.position FROM json_each(?1) AS j
  JOIN trend_positions AS t ON t.country_code = j.value ->> 0 AND t.hour = j.value ->> 1)`;

// ?1 [[country, hour, position, video, views, likes, dislikes, comments, previous, best], ...].
// previous_position: where the video stood an hour before; best_position: its best of all earlier hours
// in this country and this one. The caller gives both from the charts of the same call (rows inserted by
// one statement do not see each other); the stored hours fill in the rest. Both read only
// trend_positions_by_video (the position is in it, as part of the table's key): reading best_position
// instead made SQLite walk every earlier hour of the country through the primary key.
const INSERT_POSITIONS = `
INSERT INTO trend_positions (country_code, hour, position, video_id, views, likes, dislikes, comments,
                             previous_position, best_position)
SELECT p.country, p.hour, p.position, p.video_id, p.views, p.likes, p.dislikes, p.comments,
       coalesce(p.previous, (SELECT min(t.position) FROM trend_positions t
        WHERE t.video_id = p.video_id AND t.country_code = p.country AND t.hour = p.hour - ${SECONDS_PER_HOUR})),
       min(p.best, coalesce((SELECT min(t.position) FROM trend_positions t
        WHERE t.video_id = p.video_id AND t.country_code = p.country AND t.hour < p.hour), p.best))
FROM (SELECT j.value ->> 0 AS country, j.value ->> 1 AS hour, j.value ->> 2 AS position, j.value ->> 3 AS video_id,
             j.value ->> 4 AS views, j.value ->> 5 AS likes, j.value ->> 6 AS dislikes, j.value ->> 7 AS comments,
             j.value ->> 8 AS previous, j.value ->> 9 AS best
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

/** One country's chart at one hour (unix seconds, start of the hour), in chart order. */
export interface TrendChart {
  country: string;
  hour: number;
  positions: TrendPosition[];
}

/** Positions that can be stored: a video id, a channel id and a publish time (the table needs them). */
function storable(chart: TrendChart, publishedAt: Map<string, number | null>): TrendPosition[] {
  return chart.positions.filter((p) => {
    if (!publishedAt.has(p.videoId)) publishedAt.set(p.videoId, unixSeconds(p.publishedAt));
    return p.videoId.length === 11 && isChannelId(p.channelId) && publishedAt.get(p.videoId) !== null;
  });
}

/** Position rows of the charts (oldest first) with previous and best positions among these charts. */
function positionRows(ordered: TrendChart[], rows: TrendPosition[][]): string[] {
  const at = new Map<string, number>();
  const best = new Map<string, number>();
  const out: string[] = [];
  ordered.forEach((chart, i) => {
    const now = new Map<string, number>();
    for (const p of rows[i] ?? []) {
      const key = `${chart.country}|${p.videoId}`;
      const previous = at.get(`${key}|${chart.hour - SECONDS_PER_HOUR}`) ?? null;
      const bestSoFar = Math.min(p.position, best.get(key) ?? p.position);
      now.set(key, Math.min(p.position, now.get(key) ?? p.position));
      out.push(
        JSON.stringify([
          chart.country,
          chart.hour,
          p.position,
          p.videoId,
          p.views ?? 0,
          p.likes,
          p.dislikes,
          p.comments,
          previous,
          bestSoFar,
        ]),
      );
    }
    for (const [key, position] of now) {
      at.set(`${key}|${chart.hour}`, position);
      best.set(key, Math.min(position, best.get(key) ?? position));
    }
  });
  return out;
}

/** Each video's row from its latest chart; a view count never goes down and a dislike count no longer shown is kept. */
function latestVideos(rows: TrendPosition[][]): string[] {
  const latest = new Map<string, { position: TrendPosition; views: number; dislikes: number | null }>();
  for (const p of rows.flat()) {
    const seen = latest.get(p.videoId);
    latest.set(p.videoId, { position: p, views: Math.max(p.views ?? 0, seen?.views ?? 0), dislikes: p.dislikes ?? seen?.dislikes ?? null });
  }
  return [...latest.values()].map(({ position, views, dislikes }) => JSON.stringify({ ...videoRow(position), views, dislikes }));
}

/**
 * Replaces the charts' positions, creating the channels and videos first seen in them, in one
 * batch of a few statements whatever the number of charts (a backfill of many hours is one call).
 * A video's stored counters are those of its latest chart.
 * @example await loadTrendCharts(env.DB, [{ country: 'US', hour, positions }], nowSeconds)
 */
export async function loadTrendCharts(db: D1Database, charts: TrendChart[], nowSeconds: number): Promise<{ positions: number }> {
  const ordered = [...charts].sort((a, b) => a.hour - b.hour || (a.country < b.country ? -1 : a.country > b.country ? 1 : 0));
  const publishedAt = new Map<string, number | null>();
  const rows = ordered.map((chart) => storable(chart, publishedAt));
  const channels = new Map(
    ordered.flatMap((chart) =>
      chart.positions.map(
        (p) =>
          [
            p.channelId,
            {
              youtubeId: p.channelId,
              title: p.channelTitle ?? p.channelId,
              thumbnailUrl: null,
              bannerUrl: null,
              countryCode: null,
              publishedAt: null,
            },
          ] as const,
      ),
    ),
  );
  const head = [
    ...upsertChannelStatements(db, [...channels.values()], nowSeconds, 'create'),
    ...chunkStatements(db, UPSERT_VIDEOS, latestVideos(rows)),
    ...chunkStatements(
      db,
      DELETE_CHARTS,
      ordered.map((chart) => JSON.stringify([chart.country, chart.hour])),
    ),
  ];
  const inserts = chunkStatements(db, INSERT_POSITIONS, positionRows(ordered, rows));
  const results = await db.batch([...head, ...inserts]);
  return { positions: results.slice(head.length).reduce((sum, r) => sum + r.meta.changes, 0) };
}

/**
 * Replaces a country's chart at an hour (unix seconds, start of the hour) with these positions,
 * creating the channels and videos first seen here, in one batch (see loadTrendCharts).
 * @example await loadTrendPositions(env.DB, 'US', 1767225600, page.positions, nowSeconds)
 */
export async function loadTrendPositions(
  db: D1Database,
  country: string,
  hour: number,
  positions: TrendPosition[],
  nowSeconds: number,
): Promise<{ positions: number }> {
  return loadTrendCharts(db, [{ country, hour, positions }], nowSeconds);
}
