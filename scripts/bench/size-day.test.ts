// The size benchmark's content-owner rows: they sum to the generator's channel-day and title slices, keys are
// unique, and the shape is a content owner's (many videos, tens of countries); steps split channels evenly.
import { describe, expect, it } from 'vitest';
import { dayNumber } from '../demo/generate/dates';
import { channelDays, type ChannelDayFacts } from '../demo/generate/facts';
import { PINNED_TODAY } from '../demo/generate/test-dataset';
import { ChannelVideos, contentOwnerDay } from './size-day';
import { sizeWorld, stepChannels } from './size-world';

const { world, channels } = sizeWorld({ seed: 3, today: PINNED_TODAY, channels: 4, days: 40 });
const COLUMNS = ['views', 'comments', 'shares', 'watchTimeMinutes', 'subscribersGained', 'subscribersLost', 'likes', 'dislikes'] as const;
/** Basic line without the date: channel, video, claimed, uploader, live, subscribed, country, then the metrics. */
const KEY_FIELDS = 7;
/** A basic line's fields without its engaged views (after views), so the metrics follow COLUMNS. */
const fieldsOf = (line: string) => line.split(',').filter((_, i) => i !== KEY_FIELDS + 1);

function lastDay(channel: (typeof channels)[number]): ChannelDayFacts {
  const days = [...channelDays(world.ctx, channel, new Map())];
  const day = days.at(-1);
  if (!day) throw new Error('no facts');
  return day;
}

describe('a channel-day as a content owner reports it', () => {
  it.each(channels.map((c) => [c.record.title, c] as const))('sums to the day and its title slices: %s', (_, channel) => {
    const facts = lastDay(channel);
    const videos = world.videos.get(channel.record.id) ?? [];
    const rows = contentOwnerDay(facts, new ChannelVideos(channel.record.youtubeId ?? '', videos)).basic.map(fieldsOf);

    const totals = COLUMNS.map((_, m) => rows.reduce((sum, r) => sum + Number(r[KEY_FIELDS + m]), 0));
    expect(totals).toEqual(COLUMNS.map((c) => facts.total[c]));

    // Views per title slice: the rows of the slice's videos, found through the generator's own video records.
    const sliceOf = new Map(videos.map((v) => [v.videoId, `${v.titleId}/${v.type}`]));
    const viewsBySlice = new Map<string, number>();
    for (const r of rows) {
      const slice = sliceOf.get(r[1] ?? '');
      if (slice) viewsBySlice.set(slice, (viewsBySlice.get(slice) ?? 0) + Number(r[KEY_FIELDS]));
    }
    const published = (titleId: number, type: string) =>
      videos.some(
        (v) =>
          v.titleId === titleId && v.type === type && v.publishedAt !== null && v.publishedAt / 86_400 < dayNumber(facts.total.day) + 1,
      );
    for (const slice of facts.titles.filter((t) => published(t.titleId, t.videoType))) {
      expect(viewsBySlice.get(`${slice.titleId}/${slice.videoType}`)).toBe(slice.views);
    }

    const keys = rows.map((r) => r.slice(0, KEY_FIELDS).join(','));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('has the content-owner shape: hundreds of videos with views, tens of countries for the top video', () => {
    const channel = [...channels].sort((a, b) => b.model.baseViews - a.model.baseViews)[0]!;
    const rows = contentOwnerDay(
      lastDay(channel),
      new ChannelVideos(channel.record.youtubeId ?? '', world.videos.get(channel.record.id) ?? []),
    ).basic.map(fieldsOf);
    const countriesByVideo = new Map<string, Set<string>>();
    for (const r of rows) {
      if (!r[1]) continue;
      const set = countriesByVideo.get(r[1]) ?? new Set<string>();
      set.add(r[6] ?? '');
      countriesByVideo.set(r[1], set);
    }
    expect(countriesByVideo.size).toBeGreaterThanOrEqual(100);
    expect(Math.max(...[...countriesByVideo.values()].map((s) => s.size))).toBeGreaterThanOrEqual(20);
  });
});

describe('stepChannels', () => {
  it('gives each step its units of channels, every channel once', () => {
    const items = Array.from({ length: 32 }, (_, i) => i);
    const steps = stepChannels(items, [1, 4, 16], 2);
    expect(steps.map((s) => s.length)).toEqual([2, 6, 24]);
    expect(steps[0]).toEqual([0, 16]);
    expect(new Set(steps.flat()).size).toBe(32);
  });
});
