// channel_traffic_source_a2/a3 and content_owner_traffic_source_a2/a3: daily views by where they came from.
import * as z from 'zod';
import * as s from '../schema-parts';
import * as v from '../values';
import type { Family } from './family';
import { dailyFamily, videoKeyReader, videoKeyShape } from './row-key';

/** The dimensions after the video key (and, for content owners, claimed_status and uploader_type). */
export const TRAFFIC_SOURCE_DIMENSIONS = [
  'live_or_on_demand',
  'subscribed_status',
  'country_code',
  'traffic_source_type',
  'traffic_source_detail',
] as const;
/** a2's metrics we read; a3 adds engaged_views. */
export const TRAFFIC_SOURCE_METRICS = ['views', 'watch_time_minutes'] as const;
export const TRAFFIC_SOURCE_OPTIONAL = [
  'average_view_duration_seconds',
  'average_view_duration_percentage',
  'red_views',
  'red_watch_time_minutes',
] as const;

export const trafficSourceRowSchema = z.object({
  ...videoKeyShape,
  /** The Reporting API's integer code (src/lib/traffic/source-types.ts); unknown codes are kept as they are. */
  sourceType: s.count,
  /** A video or playlist id, a search term (type 5), 'unknown', … ; null when empty. */
  sourceDetail: z.string().nullable(),
  views: s.count,
  /** null in a2 files. */
  engagedViews: s.count.nullable(),
  watchTimeMinutes: s.nonNegative,
});
export type TrafficSourceRow = z.infer<typeof trafficSourceRowSchema>;

// Country, subscribed status and live_or_on_demand are summed away (docs/data-model.md, "Traffic sources"):
// their columns are required for the header's signature but not read per row.
export const trafficSourceFamily: Family<TrafficSourceRow> = dailyFamily(
  trafficSourceRowSchema,
  { schemaEveryRow: false },
  ({ key, req, opt }) => {
    const videoKey = videoKeyReader(key);
    const sourceType = req('traffic_source_type', v.count);
    const detail = req('traffic_source_detail', v.optionalText);
    const views = req('views', v.count);
    const engaged = opt('engaged_views', v.count);
    const watch = req('watch_time_minutes', v.nonNegativeDecimal);
    return (f) => ({
      ...videoKey(f),
      sourceType: sourceType(f),
      sourceDetail: detail(f),
      views: views(f),
      engagedViews: engaged(f),
      watchTimeMinutes: watch(f),
    });
  },
);
