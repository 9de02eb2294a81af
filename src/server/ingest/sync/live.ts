// Live broadcasts: search.list (100 units) on a rotating few partner channels, then videos.list on every stream we track.
import { liveVideoIds, toLiveBroadcasts } from '../parse';
import { loadLiveBroadcasts } from '../api-load';
import { all } from '../../db/query';
import { raw } from '../../db/sql';
import { nowSeconds, type SyncContext } from './context';
import { DATA_API_COSTS, DATA_API_MAX_IDS } from '../../google/data-api';
import { errorText, reportQuota, syncInfo, syncWarn } from './log';
import { getPartnerChannelsAfter } from './partners';
import { QuotaExceededError } from '../../google/quota';
import { getState, setState } from './state';

export const LIVE_SEARCH_JOB = 'live-search';
export const LIVE_JOB = 'live';
const ROTATION_KEY = 'rotation:live';
/** The cron runs hourly: the daily search budget is spread over this many runs. */
export const RUNS_PER_DAY = 24;

/** search.list calls one run may make: the day's budget spread over the day's runs. */
export function searchesPerRun(unitsPerDay: number): number {
  return Math.ceil(unitsPerDay / (DATA_API_COSTS.search * RUNS_PER_DAY));
}

async function searchLive(ctx: SyncContext): Promise<string[]> {
  const { data, db, settings } = ctx;
  if (!data) return [];
  const after = Number((await getState(db, ROTATION_KEY)) ?? 0);
  const channels = await getPartnerChannelsAfter(db, after, searchesPerRun(settings.liveSearchUnitsPerDay));
  const found: string[] = [];
  for (const channel of channels) {
    try {
      const page = await data.list(
        LIVE_SEARCH_JOB,
        'search',
        {
          part: 'snippet',
          channelId: channel.youtubeId,
          eventType: 'live',
          type: 'video',
          maxResults: DATA_API_MAX_IDS,
        },
        settings.liveSearchUnitsPerDay,
      );
      found.push(...liveVideoIds(page));
      await setState(db, ROTATION_KEY, String(channel.id), nowSeconds(ctx));
    } catch (error) {
      if (error instanceof QuotaExceededError) {
        syncWarn(`${LIVE_SEARCH_JOB}: stopped: ${error.message}`);
        break;
      }
      syncWarn(`${LIVE_SEARCH_JOB}: ${channel.youtubeId} skipped: ${errorText(error)}`);
    }
  }
  await reportQuota(ctx.quota, LIVE_SEARCH_JOB);
  return found;
}

/**
 * Finds streams live now on the next partner channels in the rotation, then refreshes every
 * stream found or still marked live (1 unit per 50), ending the ones that are over.
 */
export async function syncLive(ctx: SyncContext): Promise<{ searched: number; stored: number; endedMissing: number }> {
  const { data, db } = ctx;
  if (!data) return { searched: 0, stored: 0, endedMissing: 0 };
  const found = await searchLive(ctx);
  const tracked = await all<{ videoId: string }>(db, raw('SELECT video_id AS videoId FROM live_broadcasts WHERE ended_at IS NULL'));
  const ids = [...new Set([...found, ...tracked.map((t) => t.videoId)])];
  let stored = 0;
  let endedMissing = 0;
  for (let i = 0; i < ids.length; i += DATA_API_MAX_IDS) {
    const chunk = ids.slice(i, i + DATA_API_MAX_IDS);
    try {
      const page = await data.list(LIVE_JOB, 'videos', {
        part: 'snippet,liveStreamingDetails',
        id: chunk.join(','),
        maxResults: DATA_API_MAX_IDS,
      });
      const result = await loadLiveBroadcasts(db, toLiveBroadcasts(page), chunk, nowSeconds(ctx));
      stored += result.stored;
      endedMissing += result.endedMissing;
    } catch (error) {
      if (error instanceof QuotaExceededError) {
        syncWarn(`${LIVE_JOB}: stopped: ${error.message}`);
        break;
      }
      syncWarn(`${LIVE_JOB}: ${chunk.length} streams skipped: ${errorText(error)}`);
    }
  }
  syncInfo(`${LIVE_JOB}: ${found.length} live found by search, ${stored} streams stored, ${endedMissing} ended (gone)`);
  await reportQuota(ctx.quota, LIVE_JOB);
  return { searched: found.length, stored, endedMissing };
}
