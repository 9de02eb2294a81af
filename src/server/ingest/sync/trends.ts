// Hourly trends: each configured country's mostPopular chart, 50 videos a page, into trend_positions.
import { toTrendPositions, type TrendPosition } from '../parse';
import { MOST_POPULAR_MAX } from '../parse/data-api/videos';
import { loadTrendPositions } from '../api-load';
import { refreshRollups } from '../rollup/index';
import { first } from '../../db/query';
import { raw } from '../../db/sql';
import { nowSeconds, type SyncContext } from './context';
import { DATA_API_MAX_IDS, type DataApi } from '../../google/data-api';
import { errorText, reportQuota, syncInfo, syncWarn } from './log';
import { QuotaExceededError } from '../../google/quota';
import { hourStart } from './times';
import { MS_PER_SECOND } from '../../../lib/dates/time';

export const TRENDS_JOB = 'trends';

/** The chart's first pages; when the quota refuses a later page, the pages already paid for are kept. */
async function chartOf(
  data: DataApi,
  country: string,
  pages: number,
): Promise<{ positions: TrendPosition[]; stop: QuotaExceededError | null }> {
  const positions: TrendPosition[] = [];
  let pageToken: string | undefined;
  let start = 1;
  for (let page = 0; page < pages && start <= MOST_POPULAR_MAX; page += 1) {
    let json: unknown;
    try {
      json = await data.list(TRENDS_JOB, 'videos', {
        part: 'snippet,statistics,contentDetails',
        chart: 'mostPopular',
        regionCode: country,
        maxResults: DATA_API_MAX_IDS,
        pageToken,
      });
    } catch (error) {
      if (error instanceof QuotaExceededError && positions.length > 0) return { positions, stop: error };
      throw error;
    }
    const result = toTrendPositions(json, { regionCode: country, startPosition: start });
    positions.push(...result.positions);
    if (!result.nextPageToken) break;
    pageToken = result.nextPageToken;
    start = result.nextStartPosition;
  }
  return { positions, stop: null };
}

/**
 * Takes the current hour's chart of every country not yet taken this hour (so a second run in the
 * same hour spends no units). Stops at the quota limit; a country whose call fails is skipped.
 */
export async function syncTrends(ctx: SyncContext): Promise<{ countries: string[]; positions: number }> {
  const { data, db, settings } = ctx;
  if (!data || settings.trendsPages === 0) return { countries: [], positions: 0 };
  const hour = hourStart(ctx.now);
  const done: string[] = [];
  let total = 0;
  for (const country of settings.trendsCountries) {
    const taken = await first(db, raw('SELECT 1 AS x FROM trend_positions WHERE country_code = ?1 AND hour = ?2 LIMIT 1', country, hour));
    if (taken) continue;
    try {
      const chart = await chartOf(data, country, settings.trendsPages);
      total += (await loadTrendPositions(db, country, hour, chart.positions, nowSeconds(ctx))).positions;
      done.push(country);
      if (chart.stop) throw chart.stop;
    } catch (error) {
      if (error instanceof QuotaExceededError) {
        syncWarn(`${TRENDS_JOB}: stopped at ${country}: ${error.message}`);
        break;
      }
      syncWarn(`${TRENDS_JOB}: ${country} skipped: ${errorText(error)}`);
    }
  }
  if (done.length > 0) await refreshRollups(db, { trendHours: done.map((country) => ({ country, hour })) });
  syncInfo(`${TRENDS_JOB}: ${total} positions for ${done.length} countries at ${new Date(hour * MS_PER_SECOND).toISOString()}`);
  await reportQuota(ctx.quota, TRENDS_JOB);
  return { countries: done, positions: total };
}
