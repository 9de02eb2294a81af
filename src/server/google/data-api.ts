// YouTube Data API v3 calls with the API key, each attempt paying its quota units just before it is sent.
import * as z from 'zod';
import type { QuotaMeter } from './quota';
import { apiUrl, sendJson } from './http';

/** Units per call (Google's published costs); search.list is the expensive one. */
export const DATA_API_COSTS = {
  channels: 1,
  videos: 1,
  videoCategories: 1,
  i18nLanguages: 1,
  i18nRegions: 1,
  playlistItems: 1,
  search: 100,
} as const;
export type DataApiResource = keyof typeof DATA_API_COSTS;
/** channels.list and videos.list take at most 50 ids, and list pages hold at most 50 items. */
export const DATA_API_MAX_IDS = 50;

type Params = Record<string, string | number | undefined>;

/**
 * A Data API client for one run. The response is returned unparsed: the parsers in
 * ingest/parse validate it with the resource's own schema.
 * @example const page = await data.list('trends', 'videos', { chart: 'mostPopular', regionCode: 'US' })
 */
export class DataApi {
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
    private readonly quota: QuotaMeter,
  ) {}

  /**
   * Calls, each attempt (a retry too) paying the call's units for `job` (optionally within the job's
   * daily budget) just before it is sent. Throws QuotaExceededError, without sending, when the units are not there.
   */
  async list(job: string, resource: DataApiResource, params: Params, jobBudget: number | null = null): Promise<unknown> {
    const url = apiUrl(this.baseUrl, resource, { ...params, key: this.apiKey });
    const paid = this.quota.perAttempt(job, DATA_API_COSTS[resource], jobBudget);
    return sendJson(`data ${resource}.list`, z.unknown(), url, { headers: { Accept: 'application/json' } }, paid);
  }
}
