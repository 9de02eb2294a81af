import { describe, expect, it } from 'vitest';
import type { Metrics } from './records';
import { SCALES } from './scale';
import { emptyMetrics, simulateChannel } from './simulate';
import { tinyTables, PINNED_TODAY } from './test-dataset';
import { buildWorld } from './world';

const tables = tinyTables();
const key = (row: { channelId: number; day: string }) => `${row.channelId}/${row.day}`;

function sums<T extends Metrics & { channelId: number; day: string }>(rows: T[]): Map<string, Metrics> {
  const out = new Map<string, Metrics>();
  for (const row of rows) {
    const total = out.get(key(row)) ?? emptyMetrics();
    for (const metric of Object.keys(total) as (keyof Metrics)[]) total[metric] += row[metric];
    out.set(key(row), total);
  }
  return out;
}

describe('fact grains agree', () => {
  const byCountry = sums(tables.channel_country_daily);
  const byTitle = sums(tables.channel_title_daily);

  it('sums countries to the channel day, every metric', () => {
    for (const day of tables.channel_daily) {
      const { channelId: _c, day: _d, ...metrics } = day;
      expect(byCountry.get(key(day))).toEqual(metrics);
    }
  });

  it('sums titles to the channel day except channel-page subscribers', () => {
    for (const day of tables.channel_daily) {
      const titles = byTitle.get(key(day));
      expect(titles?.views).toBe(day.views);
      expect(titles?.partnerRevenueMicros).toBe(day.partnerRevenueMicros);
      expect(titles?.watchTimeMinutes).toBe(day.watchTimeMinutes);
      expect(titles?.likes).toBe(day.likes);
      expect(titles?.subscribersGained).toBeLessThanOrEqual(day.subscribersGained);
    }
  });

  it('only uses titles the channel publishes', () => {
    const published = new Set(tables.videos.map((video) => `${video.channelId}/${video.titleId}`));
    const ugc = new Set(tables.channels.filter((c) => c.isUgc === 1).map((c) => c.id));
    const foreign = tables.channel_title_daily.filter(
      (row) => !ugc.has(row.channelId) && !published.has(`${row.channelId}/${row.titleId}`),
    );
    expect(foreign).toEqual([]);
  });
});

describe('YouTube-like figures (last 28 days of the tiny network)', () => {
  const recent = tables.channel_daily.filter((row) => row.day >= '2026-02-03');
  const total = (metric: keyof Metrics) => recent.reduce((sum, row) => sum + row[metric], 0);
  const views = total('views');

  it('earns a few dollars per 1,000 views', () => {
    const rpm = total('partnerRevenueMicros') / 1e6 / (views / 1000);
    expect(rpm).toBeGreaterThan(0.3);
    expect(rpm).toBeLessThan(8);
  });

  it('gets likes on 1-6 % of views, comments under 0.5 %, subscribers on 0.05-1.5 %', () => {
    expect(total('likes') / views).toBeGreaterThan(0.01);
    expect(total('likes') / views).toBeLessThan(0.06);
    expect(total('comments') / views).toBeLessThan(0.005);
    expect(total('subscribersGained') / views).toBeGreaterThan(0.0005);
    expect(total('subscribersGained') / views).toBeLessThan(0.015);
  });

  it('watches a view for tens of seconds to minutes', () => {
    const avdSeconds = (total('watchTimeMinutes') * 60) / views;
    expect(avdSeconds).toBeGreaterThan(60);
    expect(avdSeconds).toBeLessThan(900);
  });

  it('earns far less per Short view than per long-form view', () => {
    const rpm = (type: string) => {
      const rows = tables.channel_title_daily.filter((row) => row.videoType === type);
      return rows.reduce((s, r) => s + r.partnerRevenueMicros, 0) / rows.reduce((s, r) => s + r.views, 0);
    };
    expect(rpm('short')).toBeLessThan(rpm('full') / 5);
  });
});

describe('channel sizes in the demo network', () => {
  it('follow a power law: the top channel has far more views than the median one', () => {
    const world = buildWorld({ seed: 1, today: PINNED_TODAY, scale: SCALES.demo });
    const last = world.ctx.calendar.lastFactDay;
    const views = world.partnerChannels
      .map((channel) => {
        const series = simulateChannel(world.ctx, channel);
        let sum = 0;
        for (let day = last - 27; day <= last; day++) {
          const types = series.days[day - series.firstDay];
          if (types) sum += types.full.views + types.short.views + types.live.views;
        }
        return sum;
      })
      .sort((a, b) => b - a);
    const median = views[Math.floor(views.length / 2)] ?? 0;
    expect(views).toHaveLength(60);
    expect(views[0]).toBeGreaterThan(20 * median);
    expect(views.at(-1)).toBeGreaterThan(0);
  });
});
