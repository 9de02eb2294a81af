// channel_basic_a2/a3 and content_owner_basic_a3/a4: daily views, watch time, engagement, subs.
import * as z from 'zod';
import * as s from '../schema-parts';
import * as v from '../values';
import type { Family } from './family';
import { dailyFamily, viewerKeyShape } from './row-key';

export const BASIC_CHANNEL_DIMENSIONS = [
  'date',
  'channel_id',
  'video_id',
  'live_or_on_demand',
  'subscribed_status',
  'country_code',
] as const;
/** Content-owner reports add who uploaded the video and whether it is claimed. */
export const CONTENT_OWNER_DIMENSIONS = ['claimed_status', 'uploader_type'] as const;
export const BASIC_METRICS = [
  'views',
  'comments',
  'likes',
  'dislikes',
  'shares',
  'watch_time_minutes',
  'subscribers_gained',
  'subscribers_lost',
] as const;
/** engaged_views arrived in channel a3 / content owner a4; red_* in a2; the rest may go. */
export const BASIC_OPTIONAL = [
  'engaged_views',
  'average_view_duration_seconds',
  'average_view_duration_percentage',
  'videos_added_to_playlists',
  'videos_removed_from_playlists',
  'red_views',
  'red_watch_time_minutes',
] as const;

export const basicRowSchema = z.object({
  ...viewerKeyShape,
  views: s.count,
  engagedViews: s.count.nullable(),
  comments: s.count,
  likes: s.netCount,
  dislikes: s.netCount,
  shares: s.count,
  watchTimeMinutes: s.nonNegative,
  averageViewDurationSeconds: s.nonNegative.nullable(),
  /** Can exceed 100 because of rewatches. */
  averageViewDurationPercentage: s.nonNegative.nullable(),
  subscribersGained: s.count,
  subscribersLost: s.count,
  videosAddedToPlaylists: s.count.nullable(),
  videosRemovedFromPlaylists: s.count.nullable(),
  redViews: s.count.nullable(),
  redWatchTimeMinutes: s.nonNegative.nullable(),
});
export type BasicRow = z.infer<typeof basicRowSchema>;

export const basicFamily: Family<BasicRow> = dailyFamily(basicRowSchema, { schemaEveryRow: false }, ({ key, req, opt }) => {
  const views = req('views', v.count);
  const engagedViews = opt('engaged_views', v.count);
  const comments = req('comments', v.count);
  const likes = req('likes', v.integer);
  const dislikes = req('dislikes', v.integer);
  const shares = req('shares', v.count);
  const watch = req('watch_time_minutes', v.nonNegativeDecimal);
  const avgSeconds = opt('average_view_duration_seconds', v.nonNegativeDecimal);
  const avgPercent = opt('average_view_duration_percentage', v.nonNegativeDecimal);
  const gained = req('subscribers_gained', v.count);
  const lost = req('subscribers_lost', v.count);
  const added = opt('videos_added_to_playlists', v.count);
  const removed = opt('videos_removed_from_playlists', v.count);
  const redViews = opt('red_views', v.count);
  const redWatch = opt('red_watch_time_minutes', v.nonNegativeDecimal);
  return (f) => {
    const uploader = key.uploaderType(f);
    return {
      date: key.date(f),
      channelId: key.channelId(f),
      videoId: key.videoId(f),
      claimedStatus: key.claimedStatus(f),
      uploaderType: uploader,
      claimedCopy: uploader === 'thirdParty',
      liveOrOnDemand: key.liveOrOnDemand(f),
      subscribedStatus: key.subscribedStatus(f),
      countryCode: key.countryCode(f),
      views: views(f),
      engagedViews: engagedViews(f),
      comments: comments(f),
      likes: likes(f),
      dislikes: dislikes(f),
      shares: shares(f),
      watchTimeMinutes: watch(f),
      averageViewDurationSeconds: avgSeconds(f),
      averageViewDurationPercentage: avgPercent(f),
      subscribersGained: gained(f),
      subscribersLost: lost(f),
      videosAddedToPlaylists: added(f),
      videosRemovedFromPlaylists: removed(f),
      redViews: redViews(f),
      redWatchTimeMinutes: redWatch(f),
    };
  };
});
