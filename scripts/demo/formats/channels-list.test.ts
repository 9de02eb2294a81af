// channels.list pages built from generated counters: YouTube's shape, and what the Data API parser reads back.
import { describe, expect, it } from 'vitest';
import { toChannelSnapshots } from '../../../src/server/ingest/parse';
import { publicActivity } from '../generate/activity';
import { dailyCounters } from '../generate/public-series';
import { SCALES } from '../generate/scale';
import { PINNED_TODAY } from '../generate/test-dataset';
import { buildWorld } from '../generate/world';
import { channelsListPages, type ChannelCounters } from './channels-list';

const world = buildWorld({ seed: 7, today: PINNED_TODAY, scale: SCALES.tiny });
const day = world.ctx.calendar.lastSnapshotDay;
const counters: ChannelCounters[] = world.publicChannels.map(({ record, model }) => {
  const activity = publicActivity(world.ctx, { record, model });
  const c = dailyCounters(activity);
  const at = day - activity.firstDay;
  return { record, subscribers: c.subs[at] ?? 0, views: c.views[at] ?? 0, videos: c.videos[at] ?? 0 };
});
const pages = channelsListPages('2026-03-03', counters);

describe('channels.list pages', () => {
  it('hold 50 channels a page, in order', () => {
    expect(counters).toHaveLength(60);
    expect(pages.map((p) => p.items.length)).toEqual([50, 10]);
    expect(pages.flatMap((p) => p.items.map((i) => i.id))).toEqual(counters.map((c) => c.record.youtubeId));
    for (const page of pages) {
      expect(page.kind).toBe('youtube#channelListResponse');
      expect(page.pageInfo).toEqual({ totalResults: page.items.length, resultsPerPage: 50 });
      expect(page.etag).toMatch(/^[0-9a-z]{27}$/);
    }
  });

  it('print counts as strings, subscribers to three significant figures', () => {
    const items = pages.flatMap((p) => p.items);
    for (const item of items) {
      expect(item.kind).toBe('youtube#channel');
      expect(
        Object.values(item.statistics)
          .filter((v) => typeof v === 'string')
          .every((v) => /^\d+$/.test(v as string)),
      ).toBe(true);
      expect(item.statistics.hiddenSubscriberCount).toBe(false);
      const significant = item.statistics.subscriberCount.replace(/0+$/, '').length;
      expect(significant).toBeLessThanOrEqual(3);
      expect(item.snippet.publishedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    }
    expect(items.some((i) => Number(i.statistics.subscriberCount) >= 1000)).toBe(true);
  });

  it('read back through the Data API parser as the counters they were made from', () => {
    const snapshots = pages.flatMap((page) => toChannelSnapshots(page));
    expect(
      snapshots.map((s) => [s.channelId, s.title, s.subscriberCount, s.viewCount, s.videoCount, s.country, s.subscriberCountRounded]),
    ).toEqual(counters.map((c) => [c.record.youtubeId, c.record.title, c.subscribers, c.views, c.videos, c.record.countryCode, true]));
    expect(snapshots.every((s) => s.thumbnails.medium === s.thumbnails.default)).toBe(true);
  });
});
