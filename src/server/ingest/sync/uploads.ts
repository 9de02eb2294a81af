// Recent uploads: a slice of tracked channels per run, each channel's uploads playlist read (playlistItems.list),
// then its videos' counts (videos.list, 50 ids a call across channels), kept in channel_uploads.
import { derivedUploadsPlaylistId, toUploadIds, toVideoRecords, type VideoRecord } from '../parse';
import { loadChannelUploads, type ChannelUploadList } from '../api-load';
import { all } from '../../db/query';
import { raw } from '../../db/sql';
import { nowSeconds, type SyncContext } from './context';
import { DATA_API_MAX_IDS, type DataApi } from '../../google/data-api';
import { GoogleApiError } from '../../google/http';
import { QuotaExceededError } from '../../google/quota';
import { errorText, reportQuota, syncInfo, syncWarn } from './log';
import { SECONDS_PER_DAY } from '../../../lib/dates/time';

export const UPLOADS_JOB = 'uploads';
/** Uploads kept per channel: the newest, one playlistItems page (the channel page's table). */
export const UPLOADS_KEPT = 12;
const HTTP_NOT_FOUND = 404;

// Channels not read today (UTC): never read first, then the longest unread, the most subscribed first
// among equals (a run stamps every channel it reads with the same time).
const DUE_CHANNELS = `
SELECT c.youtube_id AS youtubeId, f.uploads_playlist_id AS playlistId
FROM channels AS c
LEFT JOIN channel_upload_fetches AS f ON f.channel_id = c.id
LEFT JOIN channel_now AS n ON n.channel_id = c.id
WHERE c.youtube_id IS NOT NULL AND c.is_ugc = 0 AND (f.fetched_at IS NULL OR f.fetched_at < ?1)
ORDER BY f.fetched_at IS NOT NULL, f.fetched_at, coalesce(n.subscriber_count, 0) DESC, c.id
LIMIT ?2`;

export interface UploadsResult {
  /** Channels whose list was stored (with no uploads included). */
  channels: number;
  uploads: number;
  /** Channels whose uploads playlist answered 404 (no uploads, or the channel is gone). */
  noUploads: number;
  /** Channels left for a later run (a call failed). */
  skipped: number;
}

/** The lists read so far, waiting for their videos' counts; loaded as soon as every id of a list was asked. */
class Pending {
  readonly lists: ChannelUploadList[] = [];
  readonly records = new Map<string, VideoRecord>();
  readonly asked = new Set<string>();

  /** Up to 50 ids not asked yet, oldest list first. */
  nextIds(): string[] {
    const ids: string[] = [];
    for (const list of this.lists) for (const id of list.videoIds) if (!this.asked.has(id) && ids.length < DATA_API_MAX_IDS) ids.push(id);
    return ids;
  }

  /** Removes and returns the lists whose ids were all asked. */
  takeComplete(): ChannelUploadList[] {
    const done = this.lists.filter((l) => l.videoIds.every((id) => this.asked.has(id)));
    this.drop(done);
    return done;
  }

  /** Removes the lists holding any of these ids (their counts could not be read). */
  dropHolding(ids: string[]): number {
    const gone = this.lists.filter((l) => l.videoIds.some((id) => ids.includes(id)));
    this.drop(gone);
    return gone.length;
  }

  private drop(lists: ChannelUploadList[]): void {
    for (const list of lists) this.lists.splice(this.lists.indexOf(list), 1);
  }
}

/**
 * Reads the uploads of up to UPLOADS_CALLS_PER_RUN channels not read today and stores their newest
 * UPLOADS_KEPT with their counts; each videos.list call (50 videos of several channels) is stored in
 * one batch with the channels it completes. Stops at the quota limit, keeping what was stored.
 */
export async function syncUploads(ctx: SyncContext): Promise<UploadsResult> {
  const result: UploadsResult = { channels: 0, uploads: 0, noUploads: 0, skipped: 0 };
  const { data, db, settings } = ctx;
  if (!data || settings.uploadsCallsPerRun === 0) return result;
  const now = nowSeconds(ctx);
  const due = await all<{ youtubeId: string; playlistId: string | null }>(
    db,
    raw(DUE_CHANNELS, now - (now % SECONDS_PER_DAY), settings.uploadsCallsPerRun),
  );
  const pending = new Pending();
  const store = async (lists: ChannelUploadList[]) => {
    const stored = await loadChannelUploads(db, lists, [...pending.records.values()], now);
    result.channels += stored.channels;
    result.uploads += stored.uploads;
  };
  // Sends videos.list for the ids waiting (whole calls of 50 unless `all`) and stores the lists each completes.
  const readCounts = async (every: boolean) => {
    for (let ids = pending.nextIds(); ids.length === DATA_API_MAX_IDS || (every && ids.length > 0); ids = pending.nextIds()) {
      try {
        const page = await data.list(UPLOADS_JOB, 'videos', { part: 'snippet,statistics,contentDetails', id: ids.join(',') });
        for (const record of toVideoRecords(page)) pending.records.set(record.videoId, record);
        for (const id of ids) pending.asked.add(id);
      } catch (error) {
        if (error instanceof QuotaExceededError) throw error;
        result.skipped += pending.dropHolding(ids);
        syncWarn(`${UPLOADS_JOB}: counts of ${ids.length} videos not read: ${errorText(error)}`);
        continue;
      }
      await store(pending.takeComplete());
    }
  };
  try {
    for (const channel of due) {
      const list = await readPlaylist(data, channel.youtubeId, channel.playlistId ?? derivedUploadsPlaylistId(channel.youtubeId));
      if (list === null) result.skipped += 1;
      else {
        if (list.outcome === 'no-uploads') result.noUploads += 1;
        pending.lists.push(list);
      }
      await readCounts(false);
    }
    await readCounts(true);
    // Lists with nothing left to ask (404s, empty playlists) after the last call.
    await store(pending.takeComplete());
  } catch (error) {
    if (!(error instanceof QuotaExceededError)) throw error;
    syncWarn(`${UPLOADS_JOB}: stopped: ${error.message}`);
    await store(pending.takeComplete());
    result.skipped += pending.lists.length;
  }
  syncInfo(
    `${UPLOADS_JOB}: ${result.uploads} uploads of ${result.channels} channels; ${result.noUploads} without uploads; ` +
      `${result.skipped} left for a later run; ${due.length} were due`,
  );
  await reportQuota(ctx.quota, UPLOADS_JOB);
  return result;
}

/** One channel's newest uploads; a 404 is a channel without uploads; null when the call failed otherwise. */
async function readPlaylist(data: DataApi, channelId: string, playlistId: string): Promise<ChannelUploadList | null> {
  try {
    const page = await data.list(UPLOADS_JOB, 'playlistItems', { part: 'contentDetails', playlistId, maxResults: UPLOADS_KEPT });
    return { channelId, videoIds: toUploadIds(page).slice(0, UPLOADS_KEPT), outcome: 'listed' };
  } catch (error) {
    if (error instanceof QuotaExceededError) throw error;
    if (error instanceof GoogleApiError && error.status === HTTP_NOT_FOUND) return { channelId, videoIds: [], outcome: 'no-uploads' };
    syncWarn(`${UPLOADS_JOB}: ${channelId} skipped: ${errorText(error)}`);
    return null;
  }
}
