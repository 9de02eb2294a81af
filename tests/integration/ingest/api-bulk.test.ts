// The Data API loaders' bulk calls (many charts or snapshot days at once) store what one call per page stores.
import { env } from 'cloudflare:test';
import { expect, it } from 'vitest';
import { loadSnapshotPages, loadTrendCharts, type TrendChart } from '../../../src/server/ingest/api-load';
import { toChannelSnapshots, toTrendPositions } from '../../../src/server/ingest/parse';
import { all, NOW } from './support';

const HOUR = 1_772_409_600;
const CHANNEL = 'UCtrendtrendtrendtrend01';

/** A mostPopular page listing these video ids in order. */
function chart(hour: number, ids: string[]): TrendChart {
  const page = {
    kind: 'youtube#videoListResponse',
    items: ids.map((id, i) => ({
      kind: 'youtube#video',
      id,
      snippet: { publishedAt: '2026-03-01T00:00:00Z', channelId: CHANNEL, title: `Video ${id}`, channelTitle: 'Trends' },
      statistics: { viewCount: String(1000 * (hour - HOUR + 1) + i), likeCount: '5' },
    })),
  };
  return { country: 'US', hour, positions: toTrendPositions(page, { regionCode: 'US', startPosition: 1 }).positions };
}

const CHARTS = [
  chart(HOUR, ['aaaaaaaaaa1', 'bbbbbbbbbb1']),
  chart(HOUR + 3600, ['bbbbbbbbbb1', 'aaaaaaaaaa1']),
  chart(HOUR + 7200, ['cccccccccc1', 'aaaaaaaaaa1']),
];
const POSITIONS = 'SELECT hour, position, video_id, views, previous_position, best_position FROM trend_positions ORDER BY hour, position';

it('writes previous and best positions across the charts of one call as separate calls do', async () => {
  for (const c of CHARTS) await loadTrendCharts(env.DB, [c], NOW);
  const separate = await all(POSITIONS);
  const videos = await all('SELECT video_id, view_count FROM trend_videos ORDER BY video_id');
  await env.DB.batch([env.DB.prepare('DELETE FROM trend_positions'), env.DB.prepare('DELETE FROM trend_videos')]);
  expect(await loadTrendCharts(env.DB, [...CHARTS].reverse(), NOW)).toEqual({ positions: 6 });
  expect(await all(POSITIONS)).toEqual(separate);
  expect(await all('SELECT video_id, view_count FROM trend_videos ORDER BY video_id')).toEqual(videos);
  expect(separate.filter((r) => (r as { video_id: string }).video_id === 'aaaaaaaaaa1')).toEqual([
    { hour: HOUR, position: 1, video_id: 'aaaaaaaaaa1', views: 1000, previous_position: null, best_position: 1 },
    { hour: HOUR + 3600, position: 2, video_id: 'aaaaaaaaaa1', views: 3601001, previous_position: 1, best_position: 1 },
    { hour: HOUR + 7200, position: 2, video_id: 'aaaaaaaaaa1', views: 7201001, previous_position: 2, best_position: 1 },
  ]);
});

it('stores snapshots of many days in one call, the channel from its latest page', async () => {
  const page = (title: string, views: number) =>
    toChannelSnapshots({
      kind: 'youtube#channelListResponse',
      items: [
        {
          kind: 'youtube#channel',
          id: CHANNEL,
          snippet: { title, publishedAt: '2020-01-01T00:00:00Z' },
          statistics: { viewCount: String(views), subscriberCount: '12300', hiddenSubscriberCount: false, videoCount: '7' },
        },
      ],
    });
  expect(
    await loadSnapshotPages(
      env.DB,
      [
        { day: '2026-03-02', snapshots: page('New name', 2000) },
        { day: '2026-03-01', snapshots: page('Old name', 1000) },
      ],
      NOW,
    ),
  ).toEqual({ snapshots: 2 });
  expect(await all('SELECT s.day, s.view_count, s.subscriber_count FROM channel_snapshots s ORDER BY s.day')).toEqual([
    { day: '2026-03-01', view_count: 1000, subscriber_count: 12300 },
    { day: '2026-03-02', view_count: 2000, subscriber_count: 12300 },
  ]);
  expect(await all('SELECT title FROM channels WHERE youtube_id = ?', CHANNEL)).toEqual([{ title: 'New name' }]);
});
