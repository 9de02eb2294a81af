// The row key the daily per-video reports share (which day, channel and video, and whose upload), and the daily family built on it.
import * as z from 'zod';
import type { ColumnIndex } from '../columns';
import * as s from '../schema-parts';
import * as v from '../values';
import { LIVE_OR_ON_DEMAND, SUBSCRIBED_STATUSES, UPLOADER_TYPES } from '../vocabulary';
import { cached, columnReaders, optionalReaders, requiredReaders, type ColumnReaders, type Family, type Reader } from './family';

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

/** uploader_type: the partner's own upload ('self') or a third party's ('thirdParty'). */
export const uploaderType: Reader<(typeof UPLOADER_TYPES)[number]> = (raw, column) => v.oneOf(raw, column, UPLOADER_TYPES);

/**
 * Readers of the key columns of the daily reports, compiled for one file's header. A file has few
 * distinct days and channels, so each is checked once; the content-owner columns are absent from
 * channel reports (null), the viewer columns from reach reports (never read there).
 */
export function compileKeyReaders(c: ColumnIndex) {
  const req = requiredReaders(c);
  const opt = optionalReaders(c);
  return {
    date: req('date', cached(v.day)),
    channelId: req('channel_id', cached(v.channelId)),
    videoId: req('video_id', v.optionalText),
    claimedStatus: opt('claimed_status', v.text),
    uploaderType: opt('uploader_type', uploaderType),
    liveOrOnDemand: req('live_or_on_demand', (raw, column) => v.oneOf(raw, column, LIVE_OR_ON_DEMAND)),
    subscribedStatus: req('subscribed_status', (raw, column) => v.oneOf(raw, column, SUBSCRIBED_STATUSES)),
    countryCode: req('country_code', v.country),
  };
}

type KeyReaders = ReturnType<typeof compileKeyReaders>;

/**
 * The video key as one reader, for the low-volume families: spreading it into each record halved
 * the speed of the million-row basic report, whose reader (like demographics') builds its record
 * in one object literal from the key readers.
 */
export function videoKeyReader(key: KeyReaders): (f: readonly string[]) => VideoKey {
  return (f) => {
    const uploader = key.uploaderType(f);
    return {
      date: key.date(f),
      channelId: key.channelId(f),
      videoId: key.videoId(f),
      claimedStatus: key.claimedStatus(f),
      uploaderType: uploader,
      claimedCopy: uploader === 'thirdParty',
    };
  };
}

/** What a daily family's compile step gets: the key readers besides the readers of its own columns. */
export interface DailyReaders extends ColumnReaders {
  readonly key: KeyReaders;
}

/** A family of daily reports: every record carries its day. */
export function dailyFamily<R extends { date: string }>(
  schema: z.ZodType<R>,
  options: { schemaEveryRow: boolean },
  compile: (read: DailyReaders) => (fields: readonly string[]) => R,
): Family<R> {
  return {
    schema,
    schemaEveryRow: options.schemaEveryRow,
    dayOf: (row) => row.date,
    compile: (c) => compile({ ...columnReaders(c), key: compileKeyReaders(c) }),
  };
}
