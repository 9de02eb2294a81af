// Browser calls of the search screens through the compatibility path (/api/analytics?path=...).
import { ApiError, NETWORK_MESSAGE, NO_ANSWER, apiGet } from '../../client/api';
import { SEARCH_BATCH, filtersToParams, type SearchFilters } from '../../lib/search-query';
import type { PublicGetAnswers, PublicGetPath } from '../../lib/api/public';
import type { OverlayChannel, SearchPage } from '../../lib/search-types';

const PREFIX = '/youtube/api';

export type { OverlayChannel, SearchPage, SearchRow, TrendSearchRow as TrendVideo } from '../../lib/search-types';

const url = (path: string, query: Record<string, string> = {}) =>
  `/api/analytics?${new URLSearchParams({ path: `${PREFIX}${path}`, ...query })}`;

/** The compatibility call answers a body whose shape depends on the path (src/lib/api/public.ts). */
async function getBody<P extends PublicGetPath>(
  path: P,
  query: Record<string, string>,
  signal?: AbortSignal,
): Promise<PublicGetAnswers[P]> {
  const { body } = await apiGet('/api/analytics', { query: { path: `${PREFIX}${path}`, ...query }, signal });
  return body as PublicGetAnswers[P];
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
export const getTags = (str: string, signal?: AbortSignal) => getBody('/tools/get_tags', { str }, signal);
/** The overlay's channel search. */
export const searchOverlayChannels = (str: string, signal?: AbortSignal) =>
  // mode=channels picks the channel half of the path's declared answer.
  getBody('/stat/user_search', { str, mode: 'channels' }, signal) as Promise<OverlayChannel[]>;
/** The overlay's Top videos: trending videos by title or id. */
export const searchTrendVideos = (str: string, signal?: AbortSignal) => getBody('/trends/search', { str }, signal);
