// content_owner_video_metadata_a2..a4 (system-managed snapshot): videos, titles, publish times, channels.
import * as z from 'zod';
import * as s from '../schema-parts';
import { durationSeconds, timestamp } from '../times';
import * as v from '../values';
import { optionalReaders, type Family } from './family';

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

const text = (raw: string | undefined) => v.optionalText(raw);
const yesNo = (raw: string | undefined) => v.flag(raw);

export const videoMetadataFamily: Family<VideoMetadataRow> = {
  schema: videoMetadataRowSchema,
  schemaEveryRow: true,
  dayOf: () => null,
  compile(c) {
    const i = { video: c.index('video_id'), channel: c.index('channel_id'), title: c.index('video_title') };
    const opt = optionalReaders(c);
    const r = {
      channelTitle: opt('channel_display_name', text),
      uploaded: opt('time_uploaded', timestamp),
      published: opt('time_published', timestamp),
      length: opt('video_length', durationSeconds),
      views: opt('views', v.count),
      comments: opt('comments', v.count),
      privacy: opt('video_privacy_status', text),
      category: opt('category', text),
      byThisOwner: opt('claimed_by_this_owner', yesNo),
      byAnother: opt('claimed_by_another_owner', yesNo),
      origin: opt('claim_origin', text),
      contentType: opt('content_type', text),
      asset: opt('asset_id', text),
      custom: opt('custom_id', text),
    };
    return (f) => ({
      videoId: v.text(f[i.video], 'video_id'),
      channelId: v.channelId(f[i.channel], 'channel_id'),
      channelTitle: r.channelTitle(f),
      title: f[i.title] ?? '',
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
  },
};
