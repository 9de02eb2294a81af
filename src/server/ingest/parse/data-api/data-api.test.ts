// Data API v3 fixtures (real recorded responses) to our records: string counts become numbers.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { toChannelSnapshot, toChannelSnapshots } from './channels';
import { liveVideoIds, toLiveBroadcasts, toSearchResults } from './live';
import { toLanguages, toRegions, toVideoCategories } from './reference';
import { toTrendPositions, toVideoRecord } from './videos';

const DATA = path.resolve(import.meta.dirname, '../../../../..', 'tests/fixtures/youtube/data_api');
const OWN = path.resolve(import.meta.dirname, '../../../../..', 'tests/fixtures/ingest');
const json = (dir: string, name: string): unknown => JSON.parse(readFileSync(path.join(dir, name), 'utf8'));

/** Independent look at the raw JSON: items with their string statistics. */
interface RawItem {
  id: string;
  statistics: Record<string, string | boolean>;
}
const rawItems = (name: string) => (json(DATA, name) as { items: RawItem[] }).items;

describe('channels.list', () => {
  it('2022 list: counts from strings, rounded subscriber counts flagged', () => {
    const name = 'channels.list_snippet-contentDetails-statistics-brandingSettings_2022.json';
    const snapshots = toChannelSnapshots(json(DATA, name));
    const raw = rawItems(name);
    expect(snapshots.map((s) => s.channelId)).toEqual(raw.map((r) => r.id));
    snapshots.forEach((s, i) => {
      expect(s.viewCount).toBe(Number(raw[i]?.statistics.viewCount));
      expect(s.videoCount).toBe(Number(raw[i]?.statistics.videoCount));
      expect(s.subscriberCount).toBe(Number(raw[i]?.statistics.subscriberCount));
    });
    expect(snapshots[0]).toMatchObject({
      title: 'Google',
      customUrl: '@google',
      subscriberCount: 10_700_000,
      subscriberCountRounded: true,
      subscriberCountHidden: false,
      country: null,
      uploadsPlaylistId: 'UUK8sQmJBp8GCxrOtXWBpyEA',
      bannerUrl: expect.stringMatching(/^https:\/\/yt3\.ggpht\.com\//),
    });
  });

  it('2019 responses: an exact (pre-rounding) count, the country, the single-resource form', () => {
    const [snapshot] = toChannelSnapshots(json(DATA, 'channels.list_snippet-statistics_2019.json'));
    expect(snapshot).toMatchObject({
      channelId: 'UC_x5XG1OV2P6uZZ5FSM9Ttw',
      subscriberCount: 1_927_873,
      subscriberCountRounded: false,
      country: 'US',
      viewCount: 160_361_638,
      videoCount: 5026,
    });
    const resource = toChannelSnapshot(json(DATA, 'channel_resource_all-parts_incl-topicDetails_2019.json'));
    expect(resource).toMatchObject({ channelId: 'UC_x5XG1OV2P6uZZ5FSM9Ttw', subscriberCount: 1_927_873, bannerUrl: null });
  });

  it('a hidden subscriber count is null, whatever the API printed', () => {
    const [item] = (json(DATA, 'channels.list_snippet-statistics_2019.json') as { items: { statistics: object }[] }).items;
    const hidden = { ...item, statistics: { ...item?.statistics, hiddenSubscriberCount: true, subscriberCount: '0' } };
    expect(toChannelSnapshot(hidden)).toMatchObject({ subscriberCount: null, subscriberCountHidden: true, subscriberCountRounded: false });
    expect(() => toChannelSnapshot({ ...hidden, statistics: { ...hidden.statistics, viewCount: 12 } })).toThrow(
      /^channels\.list: statistics\.viewCount: /,
    );
  });
});

describe('videos.list', () => {
  it('mostPopular page: positions continue from startPosition; no statistics part -> null counts', () => {
    const page = toTrendPositions(json(DATA, 'videos.list_chart-mostPopular_snippet-player_2019.trimmed.json'), {
      regionCode: 'US',
      startPosition: 6,
    });
    expect(page.positions.map((p) => [p.position, p.videoId])).toEqual([
      [6, 'hDeuSfo_Ys0'],
      [7, 'Ukd8dJNBvOA'],
    ]);
    expect(page).toMatchObject({ nextPageToken: 'CAUQAA', nextStartPosition: 8 });
    expect(page.positions[0]).toMatchObject({
      regionCode: 'US',
      channelId: 'UCWwWOFsW68TqXE-HZLC3WIA',
      views: null,
      likes: null,
      comments: null,
    });
    expect(() => toTrendPositions({}, { regionCode: 'US', startPosition: 0 })).toThrow(RangeError);
  });

  it('a video resource with statistics, duration and the old dislike count', () => {
    const name = 'video_resource_snippet-contentDetails-status-statistics-topicDetails_2019.json';
    const raw = json(DATA, name) as RawItem;
    expect(toVideoRecord(raw)).toMatchObject({
      videoId: 'D-lhorsDlUQ',
      channelId: 'UC_x5XG1OV2P6uZZ5FSM9Ttw',
      durationSeconds: 21 * 60 + 7,
      categoryId: '28',
      views: Number(raw.statistics.viewCount),
      likes: Number(raw.statistics.likeCount),
      dislikes: Number(raw.statistics.dislikeCount),
      comments: Number(raw.statistics.commentCount),
    });
  });
});

describe('reference data', () => {
  it('categories, languages, regions', () => {
    const categories = toVideoCategories(json(DATA, 'videoCategories.list_regionCode_2019.json'));
    expect(categories).toHaveLength((json(DATA, 'videoCategories.list_regionCode_2019.json') as { items: unknown[] }).items.length);
    expect(categories).toContainEqual({ categoryId: '10', title: 'Music', assignable: true });
    expect(categories).toContainEqual({ categoryId: '18', title: 'Short Movies', assignable: false });
    expect(toLanguages(json(DATA, 'i18nLanguages.list_2019.json')).map((l) => l.languageCode)).toEqual([
      'zh-CN',
      'zh-TW',
      'zh-HK',
      'ja',
      'ko',
    ]);
    expect(toRegions(json(DATA, 'i18nRegions.list_2019.json'))).toEqual([
      { countryCode: 'VE', name: 'Venezuela' },
      { countryCode: 'VN', name: 'Vietnam' },
      { countryCode: 'YE', name: 'Yemen' },
      { countryCode: 'ZW', name: 'Zimbabwe' },
    ]);
  });
});

describe('live broadcasts', () => {
  it('search results carry object ids; only videos go on to videos.list', () => {
    const search = json(DATA, 'search.list_type-channel_2019.trimmed.json');
    const { results, nextPageToken } = toSearchResults(search);
    expect(results.map((r) => [r.kind, r.id, r.liveBroadcastContent])).toEqual([
      ['channel', 'UCxRULEz6kS0PMxCzOY25GhQ', 'upcoming'],
      ['channel', 'UCBGVFobD9nXtTxBdMbDZfnQ', 'none'],
      ['channel', 'UCHFz3F_wTBHhOMqTTlAeNTA', 'upcoming'],
    ]);
    expect(nextPageToken).toBe('CAUQAA');
    expect(liveVideoIds(search)).toEqual([]);
  });

  it('liveStreamingDetails: viewers as a number, live = started and not ended', () => {
    const broadcasts = toLiveBroadcasts(json(OWN, 'videos.list_liveStreamingDetails.json'));
    expect(broadcasts).toEqual([
      expect.objectContaining({
        videoId: 'mC2LZ4TitHw',
        concurrentViewers: 48_213,
        actualStartTime: '2025-01-01T03:58:10Z',
        live: true,
        thumbnailUrl: 'https://i.ytimg.com/vi/mC2LZ4TitHw/mqdefault_live.jpg',
      }),
      expect.objectContaining({
        videoId: 'D-lhorsDlUQ',
        concurrentViewers: null,
        actualEndTime: '2019-03-21T19:21:07Z',
        live: false,
        thumbnailUrl: null,
      }),
    ]);
  });
});
