// Analytics API once a Pacific day: daily figures and audience of partner channels without a CMS.
import { toAnalyticsDailyRows, toAnalyticsDemographics } from '../parse';
import { copyCatalogue } from '../../partner-store/catalogue';
import { loadAnalyticsAudience, loadAnalyticsDaily } from '../api-load';
import { refreshPendingRollups } from '../rollup/index';
import { nowSeconds, type SyncContext } from './context';
import { DAILY_METRICS, type AnalyticsApi } from '../../google/analytics-api';
import { GoogleApiError } from '../../google/http';
import { errorText, syncInfo, syncWarn } from './log';
import { getChannelsWithoutCms, type PartnerChannel } from './partners';
import { getState, setState } from './state';
import { listLiveConnections } from '../../google/connections/store';
import { pacificDay } from '../../google/pacific-day';
import { addDays, monthEnd, nextMonth } from '../../../lib/dates/time';

export const ANALYTICS_JOB = 'analytics';
const LAST_DAY_KEY = 'day:analytics';
const HTTP_FORBIDDEN = 403;
const REVENUE_METRIC = 'estimatedRevenue';

/** The months a period touches, each as the part of the period inside it, starting at the month's first day. */
export function audiencePeriods(from: string, to: string): { from: string; to: string }[] {
  const periods: { from: string; to: string }[] = [];
  for (let month = from.slice(0, 7); month <= to.slice(0, 7); month = nextMonth(month)) {
    const end = monthEnd(month);
    periods.push({ from: `${month}-01`, to: end < to ? end : to });
  }
  return periods;
}

// Revenue needs the monetary scope: without it the same query is asked again without revenue.
async function dailyRows(api: AnalyticsApi, channel: PartnerChannel, from: string, to: string) {
  const query = { channelYoutubeId: channel.youtubeId, startDate: from, endDate: to, dimensions: ['day'], sort: 'day' };
  try {
    return toAnalyticsDailyRows(await api.query({ ...query, metrics: DAILY_METRICS }), { channelId: channel.youtubeId });
  } catch (error) {
    if (!(error instanceof GoogleApiError && error.status === HTTP_FORBIDDEN)) throw error;
    const metrics = DAILY_METRICS.filter((m) => m !== REVENUE_METRIC);
    return toAnalyticsDailyRows(await api.query({ ...query, metrics }), { channelId: channel.youtubeId });
  }
}

/**
 * Where a channel's figures are written: the store of its network (of its bucket) when partner data is
 * split (with a copy of the channel's catalogue row there first), else the shared D1.
 */
async function factsDbOf(ctx: SyncContext, channel: PartnerChannel): Promise<D1Database> {
  if (!ctx.storeOf || channel.networkId == null) return ctx.db;
  const store = ctx.storeOf(channel.networkId, channel.storeBucket ?? 0);
  await copyCatalogue(ctx.db, store, channel.networkId, { youtubeIds: [channel.youtubeId], ugc: false });
  return store;
}

async function syncChannel(ctx: SyncContext, api: AnalyticsApi, channel: PartnerChannel, from: string, to: string, db: D1Database) {
  const { days } = await loadAnalyticsDaily(db, channel.id, await dailyRows(api, channel, from, to));
  let months = 0;
  for (const period of audiencePeriods(from, to)) {
    const cells = toAnalyticsDemographics(
      await api.query({
        channelYoutubeId: channel.youtubeId,
        startDate: period.from,
        endDate: period.to,
        metrics: ['viewerPercentage'],
        dimensions: ['ageGroup', 'gender'],
        sort: 'gender,ageGroup',
      }),
    );
    await loadAnalyticsAudience(db, channel.id, period, cells);
    months += 1;
  }
  return { days, months };
}

/**
 * The Analytics API client of each channel: the live YouTube connection its owner connected it with (docs/
 * google.md), else the settings' refresh token; null when neither reaches it, and the channel is skipped.
 */
async function analyticsClients(ctx: SyncContext): Promise<(channel: PartnerChannel) => Promise<AnalyticsApi | null>> {
  const connectionOf = new Map<string, number>();
  for (const c of await listLiveConnections(ctx.db))
    for (const ch of c.channels) if (!connectionOf.has(ch.youtubeId)) connectionOf.set(ch.youtubeId, c.id);
  return async (channel) => {
    const connectionId = connectionOf.get(channel.youtubeId);
    return connectionId === undefined ? ctx.analytics : ctx.connectionAnalytics(connectionId);
  };
}

/**
 * Loads the last ANALYTICS_LOOKBACK_DAYS days (to yesterday, Pacific) of each partner channel
 * without a CMS, and the audience of the months they touch; figures for recent days are revised
 * by YouTube, so they are read again on later days.
 */
export async function syncAnalytics(ctx: SyncContext): Promise<{ channels: number; days: number; months: number }> {
  const { db, settings } = ctx;
  const today = pacificDay(ctx.now);
  const apiOf = await analyticsClients(ctx);
  if (!apiOf || (await getState(db, LAST_DAY_KEY)) === today) return { channels: 0, days: 0, months: 0 };
  const to = addDays(today, -1);
  const from = addDays(today, -settings.analyticsLookbackDays);
  const changed: { channelId: number; day: string }[] = [];
  const written = new Set<D1Database>();
  let channels = 0;
  let months = 0;
  for (const channel of await getChannelsWithoutCms(db)) {
    const api = await apiOf(channel);
    if (!api) continue;
    try {
      const target = await factsDbOf(ctx, channel);
      const result = await syncChannel(ctx, api, channel, from, to, target);
      if (result.days.length > 0) written.add(target);
      changed.push(...result.days.map((day) => ({ channelId: channel.id, day })));
      months += result.months;
      channels += 1;
    } catch (error) {
      syncWarn(`${ANALYTICS_JOB}: ${channel.youtubeId} skipped: ${errorText(error)}`);
    }
  }
  // The loads marked their buckets in their own batches: a run cut off before this refresh leaves
  // them pending for the next run, import or `npm run admin -- rollups`.
  // Split, a store's refresh updates the shared public estimates of its channels too.
  for (const target of written) await refreshPendingRollups(target, ctx.db);
  await setState(db, LAST_DAY_KEY, today, nowSeconds(ctx));
  syncInfo(`${ANALYTICS_JOB}: ${changed.length} channel-days and ${months} audience months for ${channels} channels (${from}..${to})`);
  return { channels, days: changed.length, months };
}
