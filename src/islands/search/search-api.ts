// Browser calls of the search screens through the compatibility path (/api/analytics?path=...).
import { ApiError, NETWORK_MESSAGE, NO_ANSWER, apiGet } from '../../client/api';
import { SEARCH_BATCH, filtersToParams, type SearchFilters } from '../../lib/search-query';
import type { OverlayChannel, SearchPage, TrendSearchRow as TrendVideo } from '../../lib/search-types';

const PREFIX = '/youtube/api';

export type { OverlayChannel, SearchPage, SearchRow, TrendSearchRow as TrendVideo } from '../../lib/search-types';

const url = (path: string, query: Record<string, string> = {}) =>
  `/api/analytics?${new URLSearchParams({ path: `${PREFIX}${path}`, ...query })}`;

/** The compatibility call answers a body whose shape depends on the path (src/lib/search-types.ts). */
async function getBody<T>(path: string, query: Record<string, string>, signal?: AbortSignal): Promise<T> {
  const { body } = await apiGet('/api/analytics', { query: { path: `${PREFIX}${path}`, ...query }, signal });
  return body as T;
}

/**
 * One batch of /find results: the search call's POST with a form-encoded body.
 * @example const page = await searchBatch(filters, loaded.length)
 */
export async function searchBatch(filters: SearchFilters, last: number, signal?: AbortSignal): Promise<SearchPage> {
  const form = new URLSearchParams(filtersToParams(filters));
  form.set('last', String(last));
  form.set('count', String(SEARCH_BATCH));
  let response: Response;
  try {
    response = await fetch(url('/stat/search'), {
      method: 'POST',
      body: form,
      signal,
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(NETWORK_MESSAGE, NO_ANSWER);
  }
  const payload = (await response.json().catch(() => null)) as { data?: { body: SearchPage }; error?: string } | null;
  if (!response.ok || !payload?.data) throw new ApiError(payload?.error || 'error', response.status);
  return payload.data.body;
}

/** Keyword suggestions for the text (3+ characters). */
export const getTags = (str: string, signal?: AbortSignal) => getBody<string[]>('/tools/get_tags', { str }, signal);
/** The overlay's channel search. */
export const searchOverlayChannels = (str: string, signal?: AbortSignal) =>
  getBody<OverlayChannel[]>('/stat/user_search', { str, mode: 'channels' }, signal);
/** The overlay's Top videos: trending videos by title or id. */
export const searchTrendVideos = (str: string, signal?: AbortSignal) => getBody<TrendVideo[]>('/trends/search', { str }, signal);
