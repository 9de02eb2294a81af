// Hourly trends through the sync: chart order across pages, counters, channels created, previous and best positions.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { runSync } from '../../../src/server/ingest/sync/run';
import { dataCalls, fakeGoogle, fixtureText, quietInfo, rows, syncBindings } from './helpers';

const HOUR = Date.parse('2026-03-01T12:00:00Z');
const MINUTES_5 = 5 * 60_000;
const ONE_HOUR = 3_600_000;
const PAGE_1 = 'youtube/data_api/videos.list_chart-mostPopular_snippet-player_2019.trimmed.json';
const PAGE_2_VIDEO = 'youtube/data_api/video_resource_snippet-contentDetails-status-statistics-topicDetails_2019.json';
const TRENDS = { TRENDS_COUNTRIES: 'US,GB', TRENDS_PAGES: '2', SNAPSHOT_CALLS_PER_RUN: '0', LIVE_SEARCH_UNITS_PER_DAY: '0' };

interface RawVideo {
  id: string;
  snippet: { channelId: string; channelTitle: string; title: string; description?: string };
  statistics?: Record<string, string>;
}

beforeEach(quietInfo);
afterEach(() => {
  vi.restoreAllMocks();
});

it('loads two pages per country in chart order, with counters, and creates the channels', async () => {
  const google = await fakeGoogle();
  const page1 = (JSON.parse(await fixtureText(PAGE_1)) as { items: RawVideo[] }).items;
  const page2 = JSON.parse(await fixtureText(PAGE_2_VIDEO)) as RawVideo;
  const chart = [...page1, page2];
  const result = await runSync(syncBindings(google, ['apiKey'], TRENDS), { now: HOUR + MINUTES_5 });
  expect(result).toMatchObject({ status: 'ran', failed: [], results: { trends: { countries: ['US', 'GB'], positions: 6 } } });

  const hour = HOUR / 1000;
  for (const country of ['US', 'GB']) {
    const positions = await rows(
      'SELECT position, video_id, views, likes, dislikes, comments, previous_position, best_position FROM trend_positions WHERE country_code = ? AND hour = ? ORDER BY position',
      country,
      hour,
    );
    expect(positions).toEqual(
      chart.map((v, i) => ({
        position: i + 1,
        video_id: v.id,
        // The recorded chart page has no statistics part: unknown views are stored as 0, the rest as NULL.
        views: Number(v.statistics?.viewCount ?? 0),
        likes: v.statistics?.likeCount === undefined ? null : Number(v.statistics.likeCount),
        dislikes: v.statistics?.dislikeCount === undefined ? null : Number(v.statistics.dislikeCount),
        comments: v.statistics?.commentCount === undefined ? null : Number(v.statistics.commentCount),
        previous_position: null,
        best_position: i + 1,
      })),
    );
  }
  const channels = await rows<{ video_id: string; youtube_id: string; title: string }>(
    'SELECT v.video_id, c.youtube_id, c.title FROM trend_videos v JOIN channels c ON c.id = v.channel_id',
  );
  expect(new Map(channels.map((c) => [c.video_id, [c.youtube_id, c.title]]))).toEqual(
    new Map(chart.map((v) => [v.id, [v.snippet.channelId, v.snippet.channelTitle]])),
  );
  const videos = await rows<{ video_title: string; description: string }>(
    'SELECT video_title, description FROM trend_videos WHERE video_id = ?',
    page2.id,
  );
  expect(videos).toEqual([{ video_title: page2.snippet.title, description: (page2.snippet.description ?? '').slice(0, 1000) }]);

  const calls = dataCalls(await google.requests(), 'videos');
  expect(calls.map((c) => [c.query.regionCode, c.query.chart, c.query.maxResults, c.query.pageToken ?? null])).toEqual([
    ['US', 'mostPopular', '50', null],
    ['US', 'mostPopular', '50', 'CAUQAA'],
    ['GB', 'mostPopular', '50', null],
    ['GB', 'mostPopular', '50', 'CAUQAA'],
  ]);
});

it('spends nothing again within the hour; the next hour carries previous and best positions', async () => {
  const google = await fakeGoogle();
  const bindings = syncBindings(google, ['apiKey'], { ...TRENDS, TRENDS_COUNTRIES: 'US' });
  await runSync(bindings, { now: HOUR + MINUTES_5 });
  await runSync(bindings, { now: HOUR + 2 * MINUTES_5 });
  expect(dataCalls(await google.requests(), 'videos')).toHaveLength(2);

  await runSync(bindings, { now: HOUR + ONE_HOUR + MINUTES_5 });
  expect(dataCalls(await google.requests(), 'videos')).toHaveLength(4);
  const next = await rows(
    'SELECT position, previous_position, best_position FROM trend_positions WHERE hour = ? ORDER BY position',
    (HOUR + ONE_HOUR) / 1000,
  );
  expect(next).toEqual([1, 2, 3].map((p) => ({ position: p, previous_position: p, best_position: p })));
  expect(await rows('SELECT units FROM sync_quota WHERE job = ?', 'trends')).toEqual([{ units: 4 }]);
});
