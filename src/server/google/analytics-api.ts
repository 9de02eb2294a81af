// YouTube Analytics API v2 reports.query for channels that report without a CMS.
import * as z from 'zod';
import type { TokenSource } from './oauth';
import { apiUrl, sendJson } from './http';

/** Metrics loaded into channel_daily (estimatedRevenue needs the monetary scope). */
export const DAILY_METRICS = [
  'views',
  'estimatedMinutesWatched',
  'likes',
  'dislikes',
  'comments',
  'shares',
  'subscribersGained',
  'subscribersLost',
  'estimatedRevenue',
] as const;

export interface AnalyticsQuery {
  channelYoutubeId: string;
  startDate: string;
  endDate: string;
  metrics: readonly string[];
  dimensions: readonly string[];
  sort?: string;
}

/**
 * An Analytics API client for one run; results are returned unparsed for the ingest parsers.
 * @example await analytics.query({ channelYoutubeId, startDate, endDate, metrics: DAILY_METRICS, dimensions: ['day'] })
 */
export class AnalyticsApi {
  constructor(
    private readonly baseUrl: string,
    private readonly tokens: TokenSource,
  ) {}

  async query(q: AnalyticsQuery): Promise<unknown> {
    const url = apiUrl(this.baseUrl, 'reports', {
      ids: `channel==${q.channelYoutubeId}`,
      startDate: q.startDate,
      endDate: q.endDate,
      metrics: q.metrics.join(','),
      dimensions: q.dimensions.join(','),
      sort: q.sort,
      currency: 'USD',
    });
    return sendJson('analytics reports.query', z.unknown(), url, { headers: { Authorization: await this.tokens.header() } });
  }
}
