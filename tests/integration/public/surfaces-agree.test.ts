// The public surfaces added beside the channel page and the rankings show the same figures they do, and
// those figures are what this test computes from the seeded snapshots: /compare's table, the embed
// card, the projections' starting counts, and the /global map's countries (the Countries table's rows).
import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChannelRankingRow } from '../../../src/lib/api/public-channels';
import { refreshRollups } from '../../../src/server/ingest/rollup/index';
import { getChannelInfo, getProjections } from '../../../src/server/public/channel';
import { getComparison } from '../../../src/server/public/compare';
import { publicContext } from '../../../src/server/public/context';
import { getEmbedChannelCard } from '../../../src/server/public/embed/channel-card';
import { getCountryReports } from '../../../src/server/public/global/reports';
import { call } from '../http';
import { DAYS, LATEST, nowFigures, seedPublicWorld, type Tracked } from '../rollup/public-world';

async function youtubeIdOf(id: number): Promise<string> {
  const row = await env.DB.prepare('SELECT youtube_id FROM channels WHERE id = ?').bind(id).first<{ youtube_id: string }>();
  return row!.youtube_id;
}

async function topChannels(query: Record<string, string>): Promise<ChannelRankingRow[]> {
  const res = await call(`/api/analytics?${new URLSearchParams({ path: '/youtube/api/stat/get_top_channels', ...query })}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { body: ChannelRankingRow[] } }).data.body;
}

describe('figures across the public surfaces', () => {
  let world: Tracked[];
  let ids: string[];

  beforeEach(async () => {
    world = (await seedPublicWorld()).channels;
    await refreshRollups(env.DB, { snapshotDays: DAYS });
    ids = await Promise.all(world.map((c) => youtubeIdOf(c.id)));
  });

  it("gives /compare, the embed card and the projections each channel's latest counts and 30-day figures", async () => {
    const ctx = publicContext(env);
    for (const [i, c] of world.entries()) {
      const youtubeId = ids[i]!;
      const expected = nowFigures(c, LATEST)!;
      const latest = c.snapshots.at(-1)!;
      const partner = ids[(i + 1) % ids.length]!;

      const { channels, unknown } = await getComparison(ctx, [youtubeId, partner]);
      expect(unknown).toEqual([]);
      const compared = channels[0]!.info.info_now!;
      expect(compared, youtubeId).toMatchObject({
        subscriber_count: expected.subscriberCount,
        view_count: latest.view_count,
        monthly_views: expected.monthlyViews,
        monthly_subs: expected.monthlySubs,
      });
      expect(channels[0]!.info).toEqual(await getChannelInfo(ctx, youtubeId, 'now'));

      const card = (await getEmbedChannelCard(ctx, youtubeId))!;
      expect(card.as_of).toBe(latest.day);
      expect(card.figures).toMatchObject({
        subscriber_count: expected.subscriberCount,
        view_count: latest.view_count,
        monthly_views: expected.monthlyViews,
      });

      const projections = await getProjections(ctx, youtubeId);
      expect(projections.subscribers?.from).toEqual({ day: latest.day, value: latest.subscriber_count });
      expect(projections.views?.from).toEqual({ day: latest.day, value: latest.view_count });
    }
  });

  it("draws on the /global map each country's sum of its channels, as the country's ranking adds them up", async () => {
    const reports = await getCountryReports(publicContext(env), { period: 'now' });
    const countries = [...new Set(world.map((c) => c.countryCode ?? 'ZZ'))];
    expect(reports.map((r) => r.country_code2).sort()).toEqual(countries.sort());
    for (const country of countries) {
      const members = world.filter((c) => (c.countryCode ?? 'ZZ') === country);
      const sum = (pick: (f: NonNullable<ReturnType<typeof nowFigures>>) => number) =>
        members.reduce((total, c) => total + pick(nowFigures(c, LATEST)!), 0);
      const report = reports.find((r) => r.country_code2 === country)!;
      expect(report.monthly_views, country).toBe(sum((f) => f.monthlyViews));
      expect(report.estimaited_subscribers, country).toBe(sum((f) => f.subscriberCount));
      expect(report.channels_count, country).toBe(members.length);
      if (country === 'ZZ') continue;
      const ranked = await topChannels({ country, limit: '100' });
      expect(ranked.reduce((total, r) => total + r.monthly_views, 0)).toBe(report.monthly_views);
    }
  });
});
