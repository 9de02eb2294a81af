// channel_basic_a2/a3 and content_owner_basic_a3/a4: daily views, watch time, engagement, subs.
import * as z from 'zod';
import * as s from '../schema-parts';
import * as v from '../values';
import { LIVE_OR_ON_DEMAND, SUBSCRIBED_STATUSES, UPLOADER_TYPES } from '../vocabulary';
import { cached, optionalReaders, type Family } from './family';
import { viewerKeyShape } from './row-key';

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

export const basicFamily: Family<BasicRow> = {
  schema: basicRowSchema,
  schemaEveryRow: false,
  dayOf: (row) => row.date,
  compile(c) {
    const i = {
      date: c.index('date'),
      channel: c.index('channel_id'),
      video: c.index('video_id'),
      live: c.index('live_or_on_demand'),
      subscribed: c.index('subscribed_status'),
      country: c.index('country_code'),
      views: c.index('views'),
      comments: c.index('comments'),
      likes: c.index('likes'),
      dislikes: c.index('dislikes'),
      shares: c.index('shares'),
      watch: c.index('watch_time_minutes'),
      gained: c.index('subscribers_gained'),
      lost: c.index('subscribers_lost'),
    };
    const opt = optionalReaders(c);
    const claimedStatus = opt('claimed_status', v.text);
    const uploaderType = opt('uploader_type', (raw, col) => v.oneOf(raw, col, UPLOADER_TYPES));
    const engagedViews = opt('engaged_views', v.count);
    const avgSeconds = opt('average_view_duration_seconds', v.nonNegativeDecimal);
    const avgPercent = opt('average_view_duration_percentage', v.nonNegativeDecimal);
    const added = opt('videos_added_to_playlists', v.count);
    const removed = opt('videos_removed_from_playlists', v.count);
    const redViews = opt('red_views', v.count);
    const redWatch = opt('red_watch_time_minutes', v.nonNegativeDecimal);
    const day = cached(v.day);
    const channel = cached(v.channelId);
    return (f) => {
      const uploader = uploaderType(f);
      return {
        date: day(f[i.date], 'date'),
        channelId: channel(f[i.channel], 'channel_id'),
        videoId: v.optionalText(f[i.video]),
        claimedStatus: claimedStatus(f),
        uploaderType: uploader,
        claimedCopy: uploader === 'thirdParty',
        liveOrOnDemand: v.oneOf(f[i.live], 'live_or_on_demand', LIVE_OR_ON_DEMAND),
        subscribedStatus: v.oneOf(f[i.subscribed], 'subscribed_status', SUBSCRIBED_STATUSES),
        countryCode: v.country(f[i.country], 'country_code'),
        views: v.count(f[i.views], 'views'),
        engagedViews: engagedViews(f),
        comments: v.count(f[i.comments], 'comments'),
        likes: v.integer(f[i.likes], 'likes'),
        dislikes: v.integer(f[i.dislikes], 'dislikes'),
        shares: v.count(f[i.shares], 'shares'),
        watchTimeMinutes: v.nonNegativeDecimal(f[i.watch], 'watch_time_minutes'),
        averageViewDurationSeconds: avgSeconds(f),
        averageViewDurationPercentage: avgPercent(f),
        subscribersGained: v.count(f[i.gained], 'subscribers_gained'),
        subscribersLost: v.count(f[i.lost], 'subscribers_lost'),
        videosAddedToPlaylists: added(f),
        videosRemovedFromPlaylists: removed(f),
        redViews: redViews(f),
        redWatchTimeMinutes: redWatch(f),
      };
    };
  },
};
