// The search screens' calls through the compatibility path (/api/analytics?path=...), sent by the
// browser's one API client (src/client/api.ts).
import { apiGet, apiPostTo } from '../../client/api';
import { SEARCH_BATCH, filtersToParams, type SearchFilters } from '../../lib/search/query';
import type { PublicGetAnswers, PublicGetPath } from '../../lib/api/public';
import type { OverlayChannel, SearchPage } from '../../lib/search/types';

const PREFIX = '/youtube/api';

export type { OverlayChannel, SearchPage, SearchRow, TrendSearchRow as TrendVideo } from '../../lib/search/types';

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
  const path = new URLSearchParams({ path: `${PREFIX}/stat/search` });
  const { body } = await apiPostTo<{ body: SearchPage }>(`/api/analytics?${path}`, form, signal);
  return body;
}

/** Keyword suggestions for the text (3+ characters). */
export const getTags = (str: string, signal?: AbortSignal) => getBody('/tools/get_tags', { str }, signal);
/** The overlay's channel search. */
export const searchOverlayChannels = (str: string, signal?: AbortSignal) =>
  // mode=channels picks the channel half of the path's declared answer.
  getBody('/stat/user_search', { str, mode: 'channels' }, signal) as Promise<OverlayChannel[]>;
/** The overlay's Top videos: trending videos by title or id. */
export const searchTrendVideos = (str: string, signal?: AbortSignal) => getBody('/trends/search', { str }, signal);
