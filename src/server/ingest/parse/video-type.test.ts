// How a video is classed (docs/stats.md, "How a video is classed"), by hand and on recorded Data API videos.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { toVideoRecord, toVideoRecords } from './data-api/videos';
import { videoTypeOf } from './video-type';

const ROOT = path.resolve(import.meta.dirname, '../../../..', 'tests/fixtures');
const json = (file: string): unknown => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8'));

describe('videoTypeOf', () => {
  it('takes up to 60 s as a Short before 15 October 2024, up to 3 minutes from then on', () => {
    const before = '2024-10-14T23:00:00Z';
    const after = '2024-10-15T00:00:00Z';
    expect(videoTypeOf({ durationSeconds: 60, publishedAt: before, live: false })).toBe('short');
    expect(videoTypeOf({ durationSeconds: 61, publishedAt: before, live: false })).toBe('full');
    expect(videoTypeOf({ durationSeconds: 180, publishedAt: after, live: false })).toBe('short');
    expect(videoTypeOf({ durationSeconds: 181, publishedAt: after, live: false })).toBe('full');
    // An unknown publish day takes today's limit.
    expect(videoTypeOf({ durationSeconds: 120, publishedAt: null, live: false })).toBe('short');
  });

  it('is live whenever a live signal is there, and full without a length', () => {
    expect(videoTypeOf({ durationSeconds: 30, publishedAt: '2026-01-01T00:00:00Z', live: true })).toBe('live');
    expect(videoTypeOf({ durationSeconds: null, publishedAt: '2026-01-01T00:00:00Z', live: false })).toBe('full');
    // A stream still running reports P0D.
    expect(videoTypeOf({ durationSeconds: 0, publishedAt: '2026-01-01T00:00:00Z', live: false })).toBe('full');
  });
});

describe('recorded Data API videos', () => {
  it('a 21-minute upload is full, the same 45 s long (derived) a Short', () => {
    expect(
      toVideoRecord(json('youtube/data_api/video_resource_snippet-contentDetails-status-statistics-topicDetails_2019.json')).type,
    ).toBe('full');
    const short = toVideoRecord(json('youtube/data_api/video_resource_45s.DERIVED.json'));
    expect(short).toMatchObject({ durationSeconds: 45, type: 'short' });
  });

  it('videos with liveStreamingDetails are live, the others are not', () => {
    const raw = json('ingest/videos.list_liveStreamingDetails.json') as { items: Array<{ id: string; liveStreamingDetails?: unknown }> };
    const records = toVideoRecords(raw);
    expect(records.map((r) => [r.videoId, r.type])).toEqual(
      raw.items.map((item) => [item.id, item.liveStreamingDetails ? 'live' : 'full']),
    );
    expect(records.some((r) => r.type === 'live')).toBe(true);
  });
});
