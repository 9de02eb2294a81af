// channel_reach_basic_a1 / content_owner_reach_basic_a1: thumbnail impressions and click-through rate.
import * as z from 'zod';
import * as s from '../schema-parts';
import * as v from '../values';
import type { Family } from './family';
import { dailyFamily, videoKeyReader, videoKeyShape } from './row-key';

export const REACH_REQUIRED = ['date', 'channel_id', 'video_id', 'video_thumbnail_impressions', 'video_thumbnail_impressions_ctr'] as const;

export const reachRowSchema = z.object({
  ...videoKeyShape,
  thumbnailImpressions: s.count,
  /**
   * As the file prints it. Whether YouTube writes a ratio (0.05) or a percentage (5) is not
   * confirmed from a real file yet: derive CTR from clicks where both are stored.
   */
  thumbnailImpressionsCtr: s.nonNegative,
});
export type ReachRow = z.infer<typeof reachRowSchema>;

export const reachFamily: Family<ReachRow> = dailyFamily(reachRowSchema, { schemaEveryRow: true }, ({ key, req }) => {
  const videoKey = videoKeyReader(key);
  const impressions = req('video_thumbnail_impressions', v.count);
  const ctr = req('video_thumbnail_impressions_ctr', v.nonNegativeDecimal);
  return (f) => ({ ...videoKey(f), thumbnailImpressions: impressions(f), thumbnailImpressionsCtr: ctr(f) });
});
