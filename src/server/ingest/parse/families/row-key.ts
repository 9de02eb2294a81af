// The row key the daily per-video reports share: which day, channel and video, and whose upload.
import * as z from 'zod';
import type { ColumnIndex } from '../columns';
import * as s from '../schema-parts';
import * as v from '../values';
import { LIVE_OR_ON_DEMAND, SUBSCRIBED_STATUSES, UPLOADER_TYPES } from '../vocabulary';
import { cached, optionalReaders } from './family';

/** date, channel, video, and the content-owner columns (absent from channel reports: null). */
export const videoKeyShape = {
  date: s.dayString,
  channelId: s.id,
  /** null: channel-level activity (e.g. subscribers gained on the channel page). */
  videoId: s.id.nullable(),
  claimedStatus: s.id.nullable(),
  uploaderType: z.enum(UPLOADER_TYPES).nullable(),
  /** A third party's upload of the partner's content (UGC, illegal copy), not the partner's own. */
  claimedCopy: z.boolean(),
};

/** The video key plus the viewer dimensions of the basic and demographics reports. */
export const viewerKeyShape = {
  ...videoKeyShape,
  liveOrOnDemand: z.enum(LIVE_OR_ON_DEMAND),
  subscribedStatus: z.enum(SUBSCRIBED_STATUSES),
  countryCode: s.countryCode,
};

type VideoKey = z.infer<z.ZodObject<typeof videoKeyShape>>;

/**
 * Compiles the reader of the video key for one file's header (indexes resolved once). For the
 * low-volume families: spreading it into each record halved the speed of the million-row basic
 * report, whose reader (like demographics') keeps its fields inline.
 */
export function compileVideoKey(c: ColumnIndex): (f: readonly string[]) => VideoKey {
  const i = { date: c.index('date'), channel: c.index('channel_id'), video: c.index('video_id') };
  const opt = optionalReaders(c);
  const claimedStatus = opt('claimed_status', v.text);
  const uploaderType = opt('uploader_type', (raw, col) => v.oneOf(raw, col, UPLOADER_TYPES));
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
    };
  };
}
