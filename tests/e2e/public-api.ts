// The public compatibility calls as the browser tests read them: the expected values of a public page come
// from here, not from the page.
import { expect, type APIRequestContext } from '@playwright/test';
import type { SimilarChannel } from '../../src/lib/api/public-channels';

/** A /youtube/api call's body; fails the test on any status but 2xx. */
export async function compat<T>(request: APIRequestContext, path: string, query: Record<string, string> = {}): Promise<T> {
  const response = await request.get(`/api/analytics?${new URLSearchParams({ path: `/youtube/api${path}`, ...query })}`);
  expect(response.ok(), path).toBe(true);
  return ((await response.json()) as { data: { body: T } }).data.body;
}

/** A demo channel from the top of the rankings (past the first three) that has similar channels. */
export async function demoChannel(request: APIRequestContext): Promise<string> {
  const top = await compat<{ channel_id: string }[]>(request, '/stat/get_top_channels', { limit: '10' });
  for (const row of top.slice(3)) {
    if ((await compat<SimilarChannel[]>(request, '/stat/similar_channels', { channel_id: row.channel_id })).length > 0)
      return row.channel_id;
  }
  throw new Error('no demo channel with similar channels');
}
