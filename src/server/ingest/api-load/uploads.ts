// A channel's uploads playlist and its videos' counts into channel_uploads (the latest UPLOADS_KEPT per channel).
import type { VideoRecord } from '../parse';
import { chunkStatements } from '../load/json-chunks';
import { unixSeconds } from './unix-time';

/** What one read of a channel's uploads playlist found. */
export interface ChannelUploadList {
  /** The channel's YouTube id. */
  channelId: string;
  /** Newest first, as playlistItems.list lists them; empty when the playlist answered 404. */
  videoIds: string[];
  outcome: 'listed' | 'no-uploads';
}

// ?1 JSON [[channel, video, position, title, published, thumbnail, duration, views, likes, comments], ...], ?2 now.
// The counts at first sight are written once, with the row; later reads move only the latest counts.
const UPSERT_UPLOADS = `
INSERT INTO channel_uploads (channel_id, video_id, position, title, published_at, thumbnail_url, duration_seconds,
  view_count, like_count, comment_count, first_seen_at, first_view_count, first_like_count, first_comment_count, updated_at)
SELECT c.id, j.value ->> 1, j.value ->> 2, j.value ->> 3, j.value ->> 4, j.value ->> 5, j.value ->> 6,
  j.value ->> 7, j.value ->> 8, j.value ->> 9, ?2, j.value ->> 7, j.value ->> 8, j.value ->> 9, ?2
FROM json_each(?1) AS j
JOIN channels c ON c.youtube_id = j.value ->> 0
WHERE true
ON CONFLICT (channel_id, video_id) DO UPDATE SET
  position = excluded.position, title = excluded.title, published_at = excluded.published_at,
  thumbnail_url = CASE WHEN excluded.thumbnail_url <> '' THEN excluded.thumbnail_url ELSE channel_uploads.thumbnail_url END,
  duration_seconds = coalesce(excluded.duration_seconds, channel_uploads.duration_seconds),
  view_count = excluded.view_count, like_count = excluded.like_count, comment_count = excluded.comment_count,
  updated_at = excluded.updated_at`;

// ?1 JSON [[channel, [video ids kept]], ...]: the channel's rows not in its new list go (older uploads
// pushed out, videos deleted or made private).
const PRUNE_UPLOADS = `
DELETE FROM channel_uploads
WHERE channel_id IN (SELECT c.id FROM json_each(?1) AS j JOIN channels c ON c.youtube_id = j.value ->> 0)
  AND NOT EXISTS (
    SELECT 1 FROM json_each(?1) AS j JOIN channels c ON c.youtube_id = j.value ->> 0, json_each(j.value -> 1) AS v
    WHERE c.id = channel_uploads.channel_id AND v.value = channel_uploads.video_id)`;

// ?1 JSON [[channel, outcome], ...], ?2 now.
const MARK_FETCHED = `
INSERT INTO channel_upload_fetches (channel_id, fetched_at, outcome)
SELECT c.id, ?2, j.value ->> 1
FROM json_each(?1) AS j
JOIN channels c ON c.youtube_id = j.value ->> 0
WHERE true
ON CONFLICT (channel_id) DO UPDATE SET fetched_at = excluded.fetched_at, outcome = excluded.outcome`;

// ?1 JSON [[channel, uploads playlist id], ...] from channels.list contentDetails.
const UPSERT_PLAYLISTS = `
INSERT INTO channel_upload_fetches (channel_id, uploads_playlist_id)
SELECT c.id, j.value ->> 1
FROM json_each(?1) AS j
JOIN channels c ON c.youtube_id = j.value ->> 0
WHERE true
ON CONFLICT (channel_id) DO UPDATE SET uploads_playlist_id = excluded.uploads_playlist_id
WHERE channel_upload_fetches.uploads_playlist_id IS NOT excluded.uploads_playlist_id`;

function uploadRow(channelId: string, position: number, v: VideoRecord): string {
  const thumbnail = v.thumbnails.medium ?? v.thumbnails.default ?? v.thumbnails.high ?? '';
  const published = unixSeconds(v.publishedAt) ?? 0;
  return JSON.stringify([channelId, v.videoId, position, v.title, published, thumbnail, v.durationSeconds, v.views, v.likes, v.comments]);
}

/**
 * Stores channels' uploads lists with their videos' records in one batch: each channel's rows become
 * the videos of its list that videos.list returned (in list order), first sightings keep their counts,
 * the rest of its rows are deleted, and the channel is marked read at `nowSeconds`.
 * @example await loadChannelUploads(db, [{ channelId, videoIds, outcome: 'listed' }], toVideoRecords(page), nowSeconds)
 */
export async function loadChannelUploads(
  db: D1Database,
  lists: ChannelUploadList[],
  videos: VideoRecord[],
  nowSeconds: number,
): Promise<{ channels: number; uploads: number }> {
  if (lists.length === 0) return { channels: 0, uploads: 0 };
  const byId = new Map(videos.map((v) => [v.videoId, v]));
  const rows: string[] = [];
  const kept: string[] = [];
  for (const list of lists) {
    const found = list.videoIds.flatMap((id) => byId.get(id) ?? []);
    found.forEach((v, position) => rows.push(uploadRow(list.channelId, position, v)));
    kept.push(JSON.stringify([list.channelId, found.map((v) => v.videoId)]));
  }
  await db.batch([
    ...chunkStatements(db, UPSERT_UPLOADS, rows, nowSeconds),
    ...chunkStatements(db, PRUNE_UPLOADS, kept),
    ...chunkStatements(
      db,
      MARK_FETCHED,
      lists.map((l) => JSON.stringify([l.channelId, l.outcome])),
      nowSeconds,
    ),
  ]);
  return { channels: lists.length, uploads: rows.length };
}

/**
 * Statements for db.batch() that keep the uploads playlist channels.list named for each channel (the
 * last one given per channel wins), for the uploads job.
 * @example db.batch([...uploadsPlaylistStatements(db, snapshots.map((s) => [s.channelId, s.uploadsPlaylistId]))])
 */
export function uploadsPlaylistStatements(
  db: D1Database,
  playlists: ReadonlyArray<readonly [string, string | null]>,
): D1PreparedStatement[] {
  const latest = new Map<string, string>();
  for (const [channelId, playlistId] of playlists) if (playlistId) latest.set(channelId, playlistId);
  return chunkStatements(
    db,
    UPSERT_PLAYLISTS,
    [...latest].map((pair) => JSON.stringify(pair)),
  );
}
