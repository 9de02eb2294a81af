// channels.list snapshots into channel_snapshots (one row per channel and day) and the channels table.
import type { ChannelSnapshot } from '../parse';
import { statement } from '../../db/query';
import { unixSeconds } from './unix-time';
import { upsertChannels } from './channels';

// Re-running on the same day replaces that day's counters: the latest call is the better snapshot.
const UPSERT_SNAPSHOTS = `
INSERT INTO channel_snapshots (channel_id, day, subscriber_count, view_count, video_count,
                               subscriber_count_rounded, subscriber_count_hidden)
SELECT c.id, ?2, j.value ->> 'subscribers', j.value ->> 'views', j.value ->> 'videos',
       j.value ->> 'rounded', j.value ->> 'hidden'
FROM json_each(?1) AS j
JOIN channels c ON c.youtube_id = j.value ->> 'youtubeId'
WHERE true
ON CONFLICT (channel_id, day) DO UPDATE SET
  subscriber_count = excluded.subscriber_count, view_count = excluded.view_count,
  video_count = excluded.video_count, subscriber_count_rounded = excluded.subscriber_count_rounded,
  subscriber_count_hidden = excluded.subscriber_count_hidden`;

/**
 * Stores a channels.list page as the day's snapshots, creating channels we did not know and
 * refreshing the public fields of those we did, in one batch. A hidden subscriber count is
 * stored as 0 with subscriber_count_hidden = 1.
 * @example await loadChannelSnapshots(env.DB, toChannelSnapshots(page), '2026-03-01', nowSeconds)
 */
export async function loadChannelSnapshots(
  db: D1Database, snapshots: ChannelSnapshot[], day: string, nowSeconds: number,
): Promise<{ snapshots: number }> {
  if (snapshots.length === 0) return { snapshots: 0 };
  const channels = snapshots.map((s) => ({
    youtubeId: s.channelId,
    title: s.title,
    thumbnailUrl: s.thumbnails.medium ?? s.thumbnails.default ?? s.thumbnails.high,
    bannerUrl: s.bannerUrl,
    countryCode: s.country,
    publishedAt: unixSeconds(s.publishedAt),
  }));
  const rows = snapshots.map((s) => ({
    youtubeId: s.channelId,
    subscribers: s.subscriberCount ?? 0,
    views: s.viewCount,
    videos: s.videoCount,
    rounded: s.subscriberCountRounded ? 1 : 0,
    hidden: s.subscriberCount === null ? 1 : 0,
  }));
  const [, written] = await db.batch([
    upsertChannels(db, channels, nowSeconds, 'refresh'),
    statement(db, UPSERT_SNAPSHOTS, JSON.stringify(rows), day),
  ]);
  return { snapshots: written?.meta.changes ?? 0 };
}
