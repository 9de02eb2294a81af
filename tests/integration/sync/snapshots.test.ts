// Channel snapshots through the whole sync against the fake Data API: counts, rounding flag, channel fields.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { runSync } from '../../../src/server/ingest/sync/run';
import { createChannel, createNetwork, dataCalls, fakeGoogle, fixtureText, quietInfo, rows, syncBindings } from './helpers';

const NOW = Date.parse('2026-03-01T12:05:00Z');
const CHANNELS_2022 = 'youtube/data_api/channels.list_snippet-contentDetails-statistics-brandingSettings_2022.json';
const CHANNELS_2019 = 'youtube/data_api/channels.list_snippet-statistics_2019.json';
const GONE = 'UCzzzzzzzzzzzzzzzzzzzzzz';
// Only snapshots: no trend countries, no live searches.
const ONLY_SNAPSHOTS = { TRENDS_PAGES: '0', LIVE_SEARCH_UNITS_PER_DAY: '0' };

beforeEach(quietInfo);
afterEach(() => {
  vi.restoreAllMocks();
});

interface RawChannel {
  id: string;
  snippet: { title: string; country?: string };
  statistics: Record<string, string | boolean>;
  brandingSettings?: { image?: { bannerExternalUrl?: string } };
}

it("stores the day's counters from channels.list, names provisional channels, and skips channels done today", async () => {
  const google = await fakeGoogle();
  const raw = (JSON.parse(await fixtureText(CHANNELS_2022)) as { items: RawChannel[] }).items;
  const network = await createNetwork('partners');
  for (const item of raw) await createChannel(item.id, { networkId: network, title: 'provisional' });
  await createChannel(GONE);
  const result = await runSync(syncBindings(google, ['apiKey'], ONLY_SNAPSHOTS), { now: NOW });
  expect(result).toMatchObject({ status: 'ran', failed: [], results: { snapshots: { snapshots: 2, missing: 1 } } });

  const stored = await rows<Record<string, number | string>>(
    `SELECT c.youtube_id, c.title, c.title_provisional, c.country_code, c.banner_url, s.day, s.subscriber_count, s.view_count,
            s.video_count, s.subscriber_count_rounded, s.subscriber_count_hidden
     FROM channel_snapshots s JOIN channels c ON c.id = s.channel_id ORDER BY c.id`,
  );
  expect(stored).toEqual(
    raw.map((item) => ({
      youtube_id: item.id,
      title: item.snippet.title,
      title_provisional: 0,
      country_code: item.snippet.country ?? null,
      banner_url: item.brandingSettings?.image?.bannerExternalUrl,
      day: '2026-03-01',
      subscriber_count: Number(item.statistics.subscriberCount),
      view_count: Number(item.statistics.viewCount),
      video_count: Number(item.statistics.videoCount),
      subscriber_count_rounded: 1,
      subscriber_count_hidden: 0,
    })),
  );
  const calls = dataCalls(await google.requests(), 'channels');
  expect(calls).toHaveLength(1);
  expect(calls[0]?.query.id?.split(',').sort()).toEqual([...raw.map((r) => r.id), GONE].sort());

  // Later the same day only the channel YouTube did not return is still due.
  await runSync(syncBindings(google, ['apiKey'], ONLY_SNAPSHOTS), { now: NOW + 3_600_000 });
  expect(dataCalls(await google.requests(), 'channels').map((c) => c.query.id)).toEqual([calls[0]?.query.id, GONE]);
  expect(await rows('SELECT count(*) AS n FROM sync_quota WHERE job = ?', 'snapshots')).toEqual([{ n: 1 }]);
  expect(await rows('SELECT units, calls FROM sync_quota WHERE job = ?', 'snapshots')).toEqual([{ units: 2, calls: 2 }]);
});

it('flags an exact (pre-rounding) subscriber count and takes the oldest snapshots first within the slice', async () => {
  const google = await fakeGoogle({ channelFixtures: [CHANNELS_2019] });
  const [item] = (JSON.parse(await fixtureText(CHANNELS_2019)) as { items: RawChannel[] }).items;
  if (!item) throw new Error('fixture has no channel');
  const fresh = await createChannel('UCyyyyyyyyyyyyyyyyyyyyyy');
  const stale = await createChannel(item.id);
  await rows(
    'INSERT INTO channel_snapshots (channel_id, day, subscriber_count, view_count, video_count) VALUES (?, ?, 1, 1, 1), (?, ?, 1, 1, 1)',
    fresh,
    '2026-02-28',
    stale,
    '2026-02-01',
  );
  // SNAPSHOT_CALLS_PER_RUN=1 asks for 50 channels: both are due, the staler one is listed first.
  await runSync(syncBindings(google, ['apiKey'], { ...ONLY_SNAPSHOTS, SNAPSHOT_CALLS_PER_RUN: '1' }), { now: NOW });
  const [call] = dataCalls(await google.requests(), 'channels');
  expect(call?.query.id).toBe(`${item.id},UCyyyyyyyyyyyyyyyyyyyyyy`);
  expect(
    await rows(
      'SELECT subscriber_count, subscriber_count_rounded FROM channel_snapshots WHERE channel_id = ? AND day = ?',
      stale,
      '2026-03-01',
    ),
  ).toEqual([{ subscriber_count: Number(item.statistics.subscriberCount), subscriber_count_rounded: 0 }]);
});
