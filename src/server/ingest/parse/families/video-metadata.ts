// content_owner_video_metadata_a2..a4 (system-managed snapshot): videos, titles, publish times, channels.
import * as z from 'zod';
import * as s from '../schema-parts';
import { durationSeconds, timestamp } from '../times';
import * as v from '../values';
import { snapshotFamily, type Family } from './family';

export const VIDEO_METADATA_REQUIRED = ['video_id', 'channel_id', 'video_title'] as const;
export const VIDEO_METADATA_OPTIONAL = [
  'channel_display_name',
  'time_uploaded',
  'time_published',
  'video_length',
  'views',
  'comments',
  'video_privacy_status',
  'category',
  'claimed_by_this_owner',
  'claimed_by_another_owner',
  'claim_origin',
  'content_type',
  'asset_id',
  'custom_id',
  'claim_id',
] as const;

export const videoMetadataRowSchema = z.object({
  videoId: s.id,
  channelId: s.id,
  channelTitle: z.string().nullable(),
  title: z.string(),
  uploadedAt: s.isoTimestamp.nullable(),
  publishedAt: s.isoTimestamp.nullable(),
  lengthSeconds: s.count.nullable(),
  views: s.count.nullable(),
  comments: s.count.nullable(),
  privacyStatus: z.string().nullable(),
  category: z.string().nullable(),
  claimedByThisOwner: z.boolean().nullable(),
  claimedByAnotherOwner: z.boolean().nullable(),
  claimOrigin: z.string().nullable(),
  contentType: z.string().nullable(),
  assetId: z.string().nullable(),
  customId: z.string().nullable(),
});
export type VideoMetadataRow = z.infer<typeof videoMetadataRowSchema>;

export const videoMetadataFamily: Family<VideoMetadataRow> = snapshotFamily(videoMetadataRowSchema, ({ req, opt }) => {
  const video = req('video_id', v.text);
  const channel = req('channel_id', v.channelId);
  const title = req('video_title', (raw) => raw ?? '');
  const r = {
    channelTitle: opt('channel_display_name', v.optionalText),
    uploaded: opt('time_uploaded', timestamp),
    published: opt('time_published', timestamp),
    length: opt('video_length', durationSeconds),
    views: opt('views', v.count),
    comments: opt('comments', v.count),
    privacy: opt('video_privacy_status', v.optionalText),
    category: opt('category', v.optionalText),
    byThisOwner: opt('claimed_by_this_owner', v.flag),
    byAnother: opt('claimed_by_another_owner', v.flag),
    origin: opt('claim_origin', v.optionalText),
    contentType: opt('content_type', v.optionalText),
    asset: opt('asset_id', v.optionalText),
    custom: opt('custom_id', v.optionalText),
  };
  return (f) => ({
    videoId: video(f),
    channelId: channel(f),
    channelTitle: r.channelTitle(f),
    title: title(f),
    uploadedAt: r.uploaded(f),
    publishedAt: r.published(f),
    lengthSeconds: r.length(f),
    views: r.views(f),
    comments: r.comments(f),
    privacyStatus: r.privacy(f),
    category: r.category(f),
    claimedByThisOwner: r.byThisOwner(f),
    claimedByAnotherOwner: r.byAnother(f),
    claimOrigin: r.origin(f),
    contentType: r.contentType(f),
    assetId: r.asset(f),
    customId: r.custom(f),
  });
});
