// Reference data once a Pacific day, and live broadcasts: rotating searches within a budget, streams ended.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { runSync } from '../../../src/server/ingest/sync/run';
import { createChannel, createNetwork, dataCalls, fakeGoogle, fixtureText, quietInfo, rows, syncBindings } from './helpers';

const NOW = Date.parse('2026-03-01T12:05:00Z');
const ONE_HOUR = 3_600_000;
const NO_TRENDS = { TRENDS_PAGES: '0', SNAPSHOT_CALLS_PER_RUN: '0', UPLOADS_CALLS_PER_RUN: '0' };
const LIVE = 'ingest/videos.list_liveStreamingDetails.json';

beforeEach(quietInfo);
afterEach(() => {
  vi.restoreAllMocks();
});

it('upserts categories, languages and countries once per Pacific day', async () => {
  const google = await fakeGoogle();
  const categories = (
    JSON.parse(await fixtureText('youtube/data_api/videoCategories.list_regionCode_2019.json')) as {
      items: { id: string; snippet: { title: string; assignable: boolean } }[];
    }
  ).items;
  await rows("UPDATE categories SET name = 'stale', is_assignable = 1 - is_assignable");
  await rows("UPDATE languages SET english_name = 'stale' WHERE code = 'zh-CN'");
  await rows("UPDATE countries SET name = 'stale' WHERE code2 = 'VN'");
  const bindings = syncBindings(google, ['apiKey'], { ...NO_TRENDS, LIVE_SEARCH_UNITS_PER_DAY: '0' });
  expect(await runSync(bindings, { now: NOW })).toMatchObject({ results: { reference: { refreshed: true } } });
  const stored = await rows<{ id: number; name: string; is_assignable: number }>(
    'SELECT id, name, is_assignable FROM categories WHERE name <> ?',
    'stale',
  );
  expect(stored.sort((a, b) => a.id - b.id)).toEqual(
    categories.map((c) => ({ id: Number(c.id), name: c.snippet.title, is_assignable: c.snippet.assignable ? 1 : 0 })),
  );
  expect(await rows("SELECT english_name FROM languages WHERE code = 'zh-CN'")).toEqual([{ english_name: 'Chinese' }]);
  expect(await rows("SELECT name FROM countries WHERE code2 = 'VN'")).toEqual([{ name: 'Vietnam' }]);
  expect(dataCalls(await google.requests()).map((c) => [c.path, c.query.hl])).toEqual([
    ['/data/v3/videoCategories', 'en_US'],
    ['/data/v3/i18nLanguages', 'en_US'],
    ['/data/v3/i18nRegions', 'en_US'],
  ]);

  // 23:05 UTC is still the same Pacific day; 08:05 UTC the next morning is a new one.
  await runSync(bindings, { now: Date.parse('2026-03-01T23:05:00Z') });
  await runSync(bindings, { now: Date.parse('2026-03-02T07:55:00Z') });
  expect(dataCalls(await google.requests())).toHaveLength(3);
  await runSync(bindings, { now: Date.parse('2026-03-02T08:05:00Z') });
  expect(dataCalls(await google.requests())).toHaveLength(6);
});

it('finds live streams on rotating partner channels within the daily search budget and ends finished ones', async () => {
  const google = await fakeGoogle();
  const live = (
    JSON.parse(await fixtureText(LIVE)) as {
      items: { id: string; snippet: { channelId: string; title: string }; liveStreamingDetails?: Record<string, string> }[];
    }
  ).items;
  const [onAir, ended] = live;
  if (!onAir?.liveStreamingDetails || !ended?.liveStreamingDetails) throw new Error('fixture changed');
  const network = await createNetwork('partners');
  const cbs = await createChannel(onAir.snippet.channelId, { networkId: network });
  const developers = await createChannel(ended.snippet.channelId, { networkId: network });
  await createChannel('UCpublicpublicpublicpubl');
  // Two streams we believe are live: one YouTube reports ended, one it no longer returns at all.
  await rows(
    "INSERT INTO videos (video_id, channel_id, video_title, type) VALUES (?, ?, 'x', 'live'), ('gonegonegon', ?, 'gone', 'live')",
    ended.id,
    developers,
    developers,
  );
  await rows(
    'INSERT INTO live_broadcasts (video_id, channel_id, name, watching_count, peak_watching_count, started_at) VALUES (?, ?, ?, 40, 500, ?), (?, ?, ?, 7, 12, ?)',
    ended.id,
    developers,
    'x',
    Date.parse(ended.liveStreamingDetails.actualStartTime ?? '') / 1000,
    'gonegonegon',
    developers,
    'gone',
    NOW / 1000 - 600,
  );

  // 200 units a day: one search a run (rounded up from 200 / 24 runs), two a day.
  const bindings = syncBindings(google, ['apiKey'], { ...NO_TRENDS, LIVE_SEARCH_UNITS_PER_DAY: '200' });
  expect(await runSync(bindings, { now: NOW })).toMatchObject({ results: { live: { searched: 1, stored: 2, endedMissing: 1 } } });
  const stored = await rows(
    'SELECT video_id, channel_id, name, preview_url, watching_count, peak_watching_count, started_at, ended_at FROM live_broadcasts ORDER BY video_id',
  );
  expect(stored).toEqual([
    {
      video_id: ended.id,
      channel_id: developers,
      name: ended.snippet.title,
      preview_url: '',
      watching_count: 500,
      peak_watching_count: 500,
      started_at: Date.parse(ended.liveStreamingDetails.actualStartTime ?? '') / 1000,
      ended_at: Date.parse(ended.liveStreamingDetails.actualEndTime ?? '') / 1000,
    },
    {
      video_id: 'gonegonegon',
      channel_id: developers,
      name: 'gone',
      preview_url: '',
      watching_count: 12,
      peak_watching_count: 12,
      started_at: NOW / 1000 - 600,
      ended_at: NOW / 1000,
    },
    {
      video_id: onAir.id,
      channel_id: cbs,
      name: onAir.snippet.title,
      preview_url: 'https://i.ytimg.com/vi/mC2LZ4TitHw/mqdefault_live.jpg',
      watching_count: Number(onAir.liveStreamingDetails.concurrentViewers),
      peak_watching_count: Number(onAir.liveStreamingDetails.concurrentViewers),
      started_at: Date.parse(onAir.liveStreamingDetails.actualStartTime ?? '') / 1000,
      ended_at: null,
    },
  ]);
  expect(await rows('SELECT type, channel_id FROM videos WHERE video_id = ?', onAir.id)).toEqual([{ type: 'live', channel_id: cbs }]);

  await runSync(bindings, { now: NOW + ONE_HOUR });
  await runSync(bindings, { now: NOW + 2 * ONE_HOUR });
  const searches = dataCalls(await google.requests(), 'search');
  // The rotation moved on to the next partner channel; the third search would pass the budget and was never sent.
  expect(searches.map((s) => [s.query.channelId, s.query.eventType, s.query.type])).toEqual([
    [onAir.snippet.channelId, 'live', 'video'],
    [ended.snippet.channelId, 'live', 'video'],
  ]);
  expect(await rows('SELECT job, units, calls FROM sync_quota ORDER BY job')).toEqual([
    { job: 'live', units: 3, calls: 3 },
    { job: 'live-search', units: 200, calls: 2 },
    { job: 'reference', units: 3, calls: 3 },
  ]);
});
