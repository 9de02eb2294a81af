// Daily public snapshots: a slice of tracked channels per run, oldest snapshot first, 50 per channels.list call.
import { toChannelSnapshots } from '../parse';
import { loadChannelSnapshots } from '../api-load';
import { refreshRollups } from '../rollup/index';
import { all } from '../../db/query';
import { raw } from '../../db/sql';
import { nowSeconds, type SyncContext } from './context';
import { DATA_API_MAX_IDS } from '../../google/data-api';
import { errorText, reportQuota, syncInfo, syncWarn } from './log';
import { QuotaExceededError } from '../../google/quota';
import { utcDay } from './times';

export const SNAPSHOTS_JOB = 'snapshots';

// Channels without a snapshot today, never-snapshotted first; the latest day per channel is a seek
// on channel_snapshots' primary key.
const DUE_CHANNELS = `
SELECT youtube_id AS youtubeId FROM (
  SELECT c.id, c.youtube_id, (SELECT max(s.day) FROM channel_snapshots s WHERE s.channel_id = c.id) AS last_day
  FROM channels c WHERE c.youtube_id IS NOT NULL AND c.is_ugc = 0)
WHERE last_day IS NULL OR last_day < ?1
ORDER BY last_day IS NOT NULL, last_day, id
LIMIT ?2`;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Snapshots up to SNAPSHOT_CALLS_PER_RUN x 50 channels that have none for today (UTC), so every
 * tracked channel gets one a day while the slice is large enough. Stops at the quota limit.
 */
export async function syncSnapshots(ctx: SyncContext): Promise<{ snapshots: number; missing: number }> {
  const { data, db, settings } = ctx;
  if (!data || settings.snapshotCallsPerRun === 0) return { snapshots: 0, missing: 0 };
  const day = utcDay(ctx.now);
  const due = await all<{ youtubeId: string }>(db, raw(DUE_CHANNELS, day, settings.snapshotCallsPerRun * DATA_API_MAX_IDS));
  let snapshots = 0;
  let missing = 0;
  for (const ids of chunks(
    due.map((c) => c.youtubeId),
    DATA_API_MAX_IDS,
  )) {
    try {
      const page = await data.list(SNAPSHOTS_JOB, 'channels', {
        // contentDetails names the uploads playlist (the uploads job reads it); parts cost nothing extra.
        part: 'snippet,contentDetails,statistics,brandingSettings',
        id: ids.join(','),
        maxResults: DATA_API_MAX_IDS,
      });
      const found = toChannelSnapshots(page);
      snapshots += (await loadChannelSnapshots(db, found, day, nowSeconds(ctx))).snapshots;
      // Deleted or terminated channels are simply absent from the answer.
      missing += ids.length - found.length;
    } catch (error) {
      if (error instanceof QuotaExceededError) {
        syncWarn(`${SNAPSHOTS_JOB}: stopped: ${error.message}`);
        break;
      }
      syncWarn(`${SNAPSHOTS_JOB}: ${ids.length} channels skipped: ${errorText(error)}`);
    }
  }
  // Split, the estimates of partner channels read their facts from the network stores.
  if (snapshots > 0) await refreshRollups(db, { snapshotDays: [day] }, ctx.db);
  syncInfo(`${SNAPSHOTS_JOB}: ${snapshots} channels on ${day}; ${missing} not returned; ${due.length} were due`);
  await reportQuota(ctx.quota, SNAPSHOTS_JOB);
  return { snapshots, missing };
}
