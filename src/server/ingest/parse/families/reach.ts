// channel_reach_basic_a1 / content_owner_reach_basic_a1: thumbnail impressions and click-through rate.
import * as z from 'zod';
import * as s from '../schema-parts';
import * as v from '../values';
import { UPLOADER_TYPES } from '../vocabulary';
import { cached, optionalReaders, type Family } from './family';

export const REACH_REQUIRED = [
  'date', 'channel_id', 'video_id', 'video_thumbnail_impressions', 'video_thumbnail_impressions_ctr',
] as const;

export const reachRowSchema = z.object({
  date: s.dayString,
  channelId: s.id,
  videoId: s.id.nullable(),
  claimedStatus: s.id.nullable(),
  uploaderType: z.enum(UPLOADER_TYPES).nullable(),
  claimedCopy: z.boolean(),
  thumbnailImpressions: s.count,
  /**
   * As the file prints it. Whether YouTube writes a ratio (0.05) or a percentage (5) is not
   * confirmed from a real file yet: derive CTR from clicks where both are stored.
   */
  thumbnailImpressionsCtr: s.nonNegative,
});
export type ReachRow = z.infer<typeof reachRowSchema>;

export const reachFamily: Family<ReachRow> = {
  schema: reachRowSchema,
  schemaEveryRow: true,
  dayOf: (row) => row.date,
  compile(c) {
    const i = {
      date: c.index('date'), channel: c.index('channel_id'), video: c.index('video_id'),
      impressions: c.index('video_thumbnail_impressions'), ctr: c.index('video_thumbnail_impressions_ctr'),
    };
    const opt = optionalReaders(c);
    const claimedStatus = opt('claimed_status', v.text);
    const uploaderType = opt('uploader_type', (raw, col) => v.oneOf(raw, col, UPLOADER_TYPES));
    const day = cached(v.day);
    return (f) => {
      const uploader = uploaderType(f);
      return {
        date: day(f[i.date], 'date'),
        channelId: v.channelId(f[i.channel], 'channel_id'),
        videoId: v.optionalText(f[i.video]),
        claimedStatus: claimedStatus(f),
        uploaderType: uploader,
        claimedCopy: uploader === 'thirdParty',
        thumbnailImpressions: v.count(f[i.impressions], 'video_thumbnail_impressions'),
        thumbnailImpressionsCtr: v.nonNegativeDecimal(f[i.ctr], 'video_thumbnail_impressions_ctr'),
      };
    };
  },
};
