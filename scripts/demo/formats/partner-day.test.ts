// A generated channel-day as basic and revenue report rows: they sum to the generator's country and title grains.
import { describe, expect, it } from 'vitest';
import { generateIllegalCopies } from '../generate/copies';
import { channelDays, type ChannelDayFacts } from '../generate/facts';
import type { PartnerChannel } from '../generate/model';
import { SCALES } from '../generate/scale';
import { PINNED_TODAY } from '../generate/test-dataset';
import { buildWorld } from '../generate/world';
import { dayLines } from './partner-day';
import { PartnerVideos } from './partner-videos';

const world = buildWorld({ seed: 7, today: PINNED_TODAY, scale: SCALES.tiny });
const copies = generateIllegalCopies(world.ctx, world.partnerChannels, [...world.videos.values()].flat());
// The basic file's metric columns, after the key (channel, video, claimed, uploader, live, subscribed, country).
const COLUMNS = ['views', 'comments', 'shares', 'watchTimeMinutes', 'subscribersGained', 'subscribersLost', 'likes', 'dislikes'] as const;
type Sums = Record<(typeof COLUMNS)[number], number>;

function add(into: Map<string, Sums>, key: string, values: number[]): void {
  const sums = into.get(key) ?? (Object.fromEntries(COLUMNS.map((c) => [c, 0])) as Sums);
  COLUMNS.forEach((c, i) => {
    sums[c] += values[i] ?? 0;
  });
  into.set(key, sums);
}

const pick = (row: object): Sums => Object.fromEntries(COLUMNS.map((c) => [c, (row as Record<string, number>)[c]])) as Sums;

/** A few days of a channel: the first, one in the middle, the last. */
function someDays(channel: PartnerChannel): ChannelDayFacts[] {
  const days = [...channelDays(world.ctx, channel, new Map())];
  return [days[0], days[Math.floor(days.length / 2)], days.at(-1)].filter((d): d is ChannelDayFacts => d !== undefined);
}

describe('a channel-day as report rows', () => {
  // The UGC channel (copies of titles on third-party channels), the biggest channel and a small one.
  const ugc = world.partnerChannels.find((c) => c.record.isUgc === 1) as PartnerChannel;
  const bySize = world.partnerChannels.filter((c) => c.record.isUgc === 0).sort((a, b) => b.model.baseViews - a.model.baseViews);
  const channels = [ugc, bySize[0], bySize.at(-1)].filter((c): c is PartnerChannel => c !== undefined);

  it.each(channels.map((c) => [c.record.title, c] as const))('sums exactly to the country and title grains: %s', (_, channel) => {
    const videos = new PartnerVideos(channel, world.videos.get(channel.record.id) ?? [], copies);
    const titleOf = new Map([
      ...(world.videos.get(channel.record.id) ?? []).map((v) => [v.videoId, `${v.titleId}/${v.type}`] as const),
      // A copy counts for the title it copies; on the UGC channel both video types of a title share copies.
      ...copies.map((c) => [c.videoId, `${c.titleId}/full`] as const),
    ]);
    const grainKey = (titleId: number, type: string) => `${titleId}/${channel.record.isUgc === 1 ? 'full' : type}`;
    for (const facts of someDays(channel)) {
      const lines = dayLines(facts, videos);
      const byCountry = new Map<string, Sums>();
      const byTitle = new Map<string, Sums>();
      for (const line of lines.basic) {
        const fields = line.split(',');
        // Engaged views follow views: at most as many.
        const [views = 0, engaged = 0, ...rest] = fields.slice(7).map(Number);
        expect(engaged).toBeLessThanOrEqual(views);
        const values = [views, ...rest];
        expect(
          values.slice(0, 6).every((v) => v >= 0),
          line,
        ).toBe(true);
        add(byCountry, fields[6] as string, values);
        if (fields[1] !== '') add(byTitle, titleOf.get(fields[1] as string) ?? `unknown ${fields[1]}`, values);
        expect(fields[3]).toBe(channel.record.isUgc === 1 ? 'thirdParty' : 'self');
      }
      const countries = new Map(facts.countries.map((r) => [r.countryCode, pick(r)]));
      const titles = new Map<string, Sums>();
      for (const r of facts.titles)
        add(
          titles,
          grainKey(r.titleId, r.videoType),
          COLUMNS.map((c) => r[c]),
        );
      expect(byCountry).toEqual(countries);
      expect(byTitle).toEqual(titles);
      // Keys are unique: YouTube reports each key once.
      expect(new Set(lines.basic.map((l) => l.split(',').slice(0, 7).join(','))).size).toBe(lines.basic.length);

      const revenueByCountry = new Map<string, number>();
      const revenueByTitle = new Map<string, number>();
      for (const [key, micros] of lines.revenue) {
        const [, video = '', , , country = ''] = key.split(',');
        expect(micros).toBeGreaterThanOrEqual(0);
        revenueByCountry.set(country, (revenueByCountry.get(country) ?? 0) + micros);
        const title = titleOf.get(video) ?? '';
        revenueByTitle.set(title, (revenueByTitle.get(title) ?? 0) + micros);
      }
      expect(revenueByCountry).toEqual(new Map(facts.countries.map((r) => [r.countryCode, r.partnerRevenueMicros])));
      const titleRevenue = new Map<string, number>();
      for (const r of facts.titles)
        titleRevenue.set(
          grainKey(r.titleId, r.videoType),
          (titleRevenue.get(grainKey(r.titleId, r.videoType)) ?? 0) + r.partnerRevenueMicros,
        );
      expect(revenueByTitle).toEqual(titleRevenue);
    }
  });

  it('stays within a couple of rows per metric split of the grains', () => {
    const channel = bySize[0] as PartnerChannel;
    const videos = new PartnerVideos(channel, world.videos.get(channel.record.id) ?? [], copies);
    for (const facts of someDays(channel)) {
      const bound = (facts.titles.length + 1 + facts.countries.length - 1) * 2;
      expect(dayLines(facts, videos).basic.length).toBeLessThanOrEqual(bound);
    }
  });
});
