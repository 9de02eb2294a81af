// channels.list snapshots into channel_snapshots (one row per channel and day), the channels table and each
// channel's uploads playlist (channel_upload_fetches).
import type { ChannelSnapshot } from '../parse';
import { chunkStatements } from '../load/json-chunks';
import { unixSeconds } from './unix-time';
import { upsertChannelStatements, type PublicChannel } from './channels';
import { uploadsPlaylistStatements } from './uploads';

/** One channels.list answer and the day (UTC) it was taken. */
export interface SnapshotPage {
  day: string;
  snapshots: ChannelSnapshot[];
}

// ?1: JSON [[youtube id, day, subscribers, views, videos, rounded, hidden], ...]. Re-running a day
// replaces its counters: the latest call is the better snapshot.
const UPSERT_SNAPSHOTS = `
INSERT INTO channel_snapshots (channel_id, day, subscriber_count, view_count, video_count,
                               subscriber_count_rounded, subscriber_count_hidden)
SELECT c.id, j.value ->> 1, j.value ->> 2, j.value ->> 3, j.value ->> 4, j.value ->> 5, j.value ->> 6
FROM json_each(?1) AS j
JOIN channels c ON c.youtube_id = j.value ->> 0
WHERE true
ON CONFLICT (channel_id, day) DO UPDATE SET
  subscriber_count = excluded.subscriber_count, view_count = excluded.view_count,
  video_count = excluded.video_count, subscriber_count_rounded = excluded.subscriber_count_rounded,
  subscriber_count_hidden = excluded.subscriber_count_hidden
RETURNING 1`;

function channelOf(s: ChannelSnapshot): PublicChannel {
  return {
    youtubeId: s.channelId,
    title: s.title,
    thumbnailUrl: s.thumbnails.medium ?? s.thumbnails.default ?? s.thumbnails.high,
    bannerUrl: s.bannerUrl,
    countryCode: s.country,
    publishedAt: unixSeconds(s.publishedAt),
  };
}

/**
 * Stores channels.list pages of any days as those days' snapshots, creating the channels we did
 * not know and refreshing the public fields of those we did (from each channel's latest page), in
 * one batch. A hidden subscriber count is stored as 0 with subscriber_count_hidden = 1. Bound JSON
 * is chunked, so one call can carry thousands of pages (a backfill); keep a call's pages to what
 * one batch should write.
 * @example await loadSnapshotPages(env.DB, [{ day: '2026-03-01', snapshots: toChannelSnapshots(page) }], nowSeconds)
 */
export async function loadSnapshotPages(db: D1Database, pages: SnapshotPage[], nowSeconds: number): Promise<{ snapshots: number }> {
  const ordered = [...pages].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  const channels: PublicChannel[] = [];
  const rows: string[] = [];
  for (const { day, snapshots } of ordered) {
    for (const s of snapshots) {
      channels.push(channelOf(s));
      rows.push(
        JSON.stringify([
          s.channelId,
          day,
          s.subscriberCount ?? 0,
          s.viewCount,
          s.videoCount,
          s.subscriberCountRounded ? 1 : 0,
          s.subscriberCount === null ? 1 : 0,
        ]),
      );
    }
  }
  if (rows.length === 0) return { snapshots: 0 };
  const channelStatements = upsertChannelStatements(db, channels, nowSeconds, 'refresh');
  const snapshotStatements = chunkStatements(db, UPSERT_SNAPSHOTS, rows);
  // The uploads playlist (contentDetails) for the uploads job, once per channel of the call.
  const playlists = uploadsPlaylistStatements(
    db,
    ordered.flatMap((page) => page.snapshots.map((s) => [s.channelId, s.uploadsPlaylistId] as const)),
  );
  const results = await db.batch([...channelStatements, ...snapshotStatements, ...playlists]);
  // Rows returned, not meta.changes: with the title index's triggers on channels, D1 reported 6
  // changes for 2 snapshots (the index writes of the channel upserts counted in).
  const written = results
    .slice(channelStatements.length, channelStatements.length + snapshotStatements.length)
    .reduce((sum, r) => sum + (r.results?.length ?? 0), 0);
  return { snapshots: written };
}

/**
 * Stores a channels.list page as the day's snapshots (see loadSnapshotPages).
 * @example await loadChannelSnapshots(env.DB, toChannelSnapshots(page), '2026-03-01', nowSeconds)
 */
export async function loadChannelSnapshots(
  db: D1Database,
  snapshots: ChannelSnapshot[],
  day: string,
  nowSeconds: number,
): Promise<{ snapshots: number }> {
  return loadSnapshotPages(db, [{ day, snapshots }], nowSeconds);
}
