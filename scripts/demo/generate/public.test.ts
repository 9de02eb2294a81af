import { describe, expect, it } from 'vitest';
import { TREND_CHART_SIZE } from './trends';
import { tinyTables } from './test-dataset';

const tables = tinyTables();

describe('public statistics', () => {
  it('tracks every channel with a YouTube id (the partner ones too), never the UGC pseudo-channel', () => {
    const tracked = new Set(tables.channel_now.map((row) => row.channelId));
    const withId = tables.channels.filter((c) => c.youtubeId !== null).map((c) => c.id);
    expect([...tracked].sort((a, b) => a - b)).toEqual(withId.sort((a, b) => a - b));
    expect(tables.channels.every((c) => (c.youtubeId === null) === (c.isUgc === 1))).toBe(true);
  });

  it('derives monthly history from the snapshots', () => {
    const lastDay = tables.channel_snapshots
      .map((s) => s.day)
      .sort()
      .at(-1) as string;
    const month = lastDay.slice(0, 7);
    const previousEnd = tables.channel_snapshots
      .filter((s) => s.day < `${month}-01`)
      .map((s) => s.day)
      .sort()
      .at(-1) as string;
    const snapshot = new Map(tables.channel_snapshots.map((s) => [`${s.channelId}/${s.day}`, s]));
    for (const row of tables.channel_history_monthly.filter((h) => h.month === month)) {
      const end = snapshot.get(`${row.channelId}/${lastDay}`);
      const before = snapshot.get(`${row.channelId}/${previousEnd}`);
      expect(row.viewCount).toBe(end?.viewCount);
      expect(row.subscriberCount).toBe(end?.subscriberCount);
      expect(row.monthlyViews).toBe((end?.viewCount ?? 0) - (before?.viewCount ?? 0));
      expect(row.monthlySubs).toBe((end?.subscriberCount ?? 0) - (before?.subscriberCount ?? 0));
    }
  });

  it('shows subscriber counts as YouTube does, to three significant figures', () => {
    const big = tables.channel_snapshots.filter((s) => s.subscriberCount >= 1000);
    expect(big.length).toBeGreaterThan(0);
    for (const s of big) expect(Number(String(s.subscriberCount).slice(3))).toBe(0);
  });

  it('ranks channels by subscribers with consecutive positions from 1', () => {
    const overall = tables.channel_rankings
      .filter((r) => r.period === 'now' && r.scope === 'overall')
      .sort((a, b) => a.position - b.position);
    const subscribers = new Map(tables.channel_now.map((n) => [n.channelId, n.subscriberCount]));
    expect(overall.map((r) => r.position)).toEqual(overall.map((_, i) => i + 1));
    for (let i = 1; i < overall.length; i++) {
      expect(subscribers.get(overall[i - 1]?.channelId ?? 0)).toBeGreaterThanOrEqual(subscribers.get(overall[i]?.channelId ?? 0) ?? 0);
    }
    const periods = new Set(tables.channel_rankings.map((r) => r.period));
    expect(periods.size).toBe(14);
  });

  it('fills every trend hour of every country with positions 1..50', () => {
    const charts = new Map<string, number[]>();
    for (const row of tables.trend_positions) {
      const chart = charts.get(`${row.countryCode}/${row.hour}`) ?? [];
      chart.push(row.position);
      charts.set(`${row.countryCode}/${row.hour}`, chart);
    }
    const countries = new Set(tables.trend_positions.map((row) => row.countryCode));
    expect(countries.size).toBeGreaterThanOrEqual(10);
    expect(charts.size).toBe(countries.size * 24);
    const full = Array.from({ length: TREND_CHART_SIZE }, (_, i) => i + 1);
    for (const chart of charts.values()) expect(chart.sort((a, b) => a - b)).toEqual(full);
  });

  it("moves videos plausibly: previous positions are last hour's, best is the best so far", () => {
    const at = new Map(tables.trend_positions.map((row) => [`${row.countryCode}/${row.hour}/${row.videoId}`, row.position]));
    const moved = tables.trend_positions.filter((row) => row.previousPosition !== null && row.previousPosition !== row.position);
    expect(moved.length).toBeGreaterThan(tables.trend_positions.length / 10);
    for (const row of tables.trend_positions) {
      const before = at.get(`${row.countryCode}/${row.hour - 3600}/${row.videoId}`);
      if (before !== undefined) expect(row.previousPosition).toBe(before);
      expect(row.bestPosition).toBeLessThanOrEqual(row.position);
    }
  });
});
