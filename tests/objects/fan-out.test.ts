// Dashboard figures with partner facts split by network: for a network's owner (one store) and for a
// user whose channels span two networks and a channel of no network (three stores, merged), every card
// answers exactly what one database holding everything answers, and the headline sums match the rows.
import { beforeAll, describe, expect, it } from 'vitest';
import { getDashboardStart } from '../../src/server/partner/dashboard/start';
import { getBase } from '../../src/server/stats/base';
import { getBreakdown } from '../../src/server/stats/breakdown';
import { getDates } from '../../src/server/stats/catalog';
import { getDemographics } from '../../src/server/stats/demographics';
import { getEngagement } from '../../src/server/stats/engagement';
import { getFormats } from '../../src/server/stats/formats';
import { scopeFor } from '../../src/server/stats/filters';
import { getForecast } from '../../src/server/stats/forecast';
import { getLocation } from '../../src/server/stats/location';
import { getTraffic } from '../../src/server/stats/traffic';
import { getSearchTerms } from '../../src/server/stats/search-terms';
import { filtersOf, type ResolveOptions, resolveRequest, type StatRequest } from '../../src/server/stats/request';
import { type StatsDb, statsDbFor, oneDatabase } from '../../src/server/stats/stores';
import { getSubscribersTotal, getSubscribersTotalByChannel } from '../../src/server/stats/subscribers-total';
import type { StatFiltersInput } from '../../src/server/stats/schema';
import type { SessionUser } from '../../src/server/auth/session-user';
import { buildSplitWorld, LAST_DAY, splitEnv, type SplitWorld } from './split-world';

/** The day the figures are asked on: inside the data's last month, so the forecast applies. */
const TODAY = '2026-03-12';

let world: SplitWorld;
beforeAll(async () => {
  world = await buildSplitWorld(730_000);
});

/** The same request answered from the reference (one database) and from the split stores. */
async function both<T>(
  user: SessionUser,
  body: StatFiltersInput,
  answer: (db: StatsDb, req: StatRequest) => Promise<T>,
  options: ResolveOptions = {},
) {
  const req = resolveRequest(user, body, { ...options, today: TODAY });
  const split = await statsDbFor(splitEnv, req.scope);
  return {
    reference: await answer(oneDatabase(world.reference), req),
    split: await answer(split.db, { ...req, scope: split.scope }),
    stores: split.db,
  };
}

const BODIES: Array<[string, StatFiltersInput]> = [
  ['lifetime', {}],
  ['a range with a comparison', { date_from: '2025-12-03', date_to: '2026-02-17', compare_from: '2025-11-20', compare_to: '2025-12-02' }],
  ['a range by week', { date_from: '2026-01-01', date_to: '2026-03-10', chart_period: 'week' }],
  ['countries', { date_from: '2025-12-01', date_to: '2026-03-10', countries: ['US', 'JP'] }],
  ['titles', { date_from: '2025-12-01', date_to: '2026-03-10', titles: [730_041, 730_042] }],
];

describe('stats across network stores', () => {
  it('asks one store for a network owner, and three for a user spanning two networks and a channel of no network', async () => {
    const owner = await statsDbFor(splitEnv, scopeFor(world.owner, {}));
    expect(owner.db.databases).toBe(1);
    expect(owner.scope.channelIds).toEqual(world.channels.one);
    const spanning = await statsDbFor(splitEnv, scopeFor(world.spanning, {}));
    expect(spanning.db.databases).toBe(3);
    expect(spanning.scope.channelIds).toEqual(
      [...world.channels.one, world.channels.two[0], world.channels.none].sort((a, b) => Number(a) - Number(b)),
    );
  });

  for (const who of ['owner', 'spanning'] as const) {
    for (const [name, body] of BODIES) {
      it(`${who}, ${name}: every card answers as one database does`, async () => {
        const user = world[who];
        const cards: Array<(db: StatsDb, req: StatRequest) => Promise<unknown>> = [
          getBase,
          getEngagement,
          getLocation,
          getDemographics,
          getTraffic,
          getSearchTerms,
          getSubscribersTotal,
          getFormats,
        ];
        for (const card of cards) {
          const { reference, split } = await both(user, body, card);
          expect(split, card.name).toEqual(reference);
        }
        const byChannel = await both(user, body, getSubscribersTotalByChannel, { excludeInhouse: true });
        expect(byChannel.split).toEqual(byChannel.reference);
        for (const metric of ['views', 'partner_revenue', 'subscribers'] as const) {
          // Figures by title cannot be filtered by country (no stored grain holds both): a 400 either way.
          for (const group of body.countries ? (['channels'] as const) : (['channels', 'titles'] as const)) {
            const breakdown = await both(user, body, (db, req) => getBreakdown(db, req, metric, group));
            expect(breakdown.split, `${metric} by ${group}`).toEqual(breakdown.reference);
          }
        }
      });
    }

    it(`${who}: the latest day and the forecast answer as one database does`, async () => {
      const user = world[who];
      const scope = scopeFor(user, filtersOf({}));
      const split = await statsDbFor(splitEnv, scope);
      const now = new Date(Date.parse(`${TODAY}T12:00:00Z`));
      expect(await getDates(split.db, split.scope, now)).toEqual(await getDates(oneDatabase(world.reference), scope, now));
      expect((await getDates(split.db, split.scope, now)).max_date).toBe(LAST_DAY);
      const forecast = await getForecast(split.db, split.scope, TODAY);
      expect(forecast).toEqual(await getForecast(oneDatabase(world.reference), scope, TODAY));
      expect(forecast?.as_of).toBe(LAST_DAY);
    });
  }

  for (const who of ['owner', 'spanning'] as const) {
    it(`${who}: the dashboard's first view, every card and the forecast, is what one database gives`, async () => {
      const channel = `UC${String(world.channels.one[0]).padStart(22, '0')}`;
      for (const search of [
        '?period=custom&from=2026-01-01&to=2026-03-10',
        `?period=custom&from=2026-01-01&to=2026-03-10&channels=${channel}`,
      ]) {
        const split = await getDashboardStart(splitEnv, world[who], search, TODAY);
        expect(split).toEqual(await getDashboardStart({ DB: world.reference }, world[who], search, TODAY));
        // Every card read (an error would leave it idle), the forecast of this month included.
        for (const [name, answer] of Object.entries(split.answers)) expect(answer.status, name).toBe('loaded');
        expect(split.answers.forecast.data).toMatchObject({ as_of: LAST_DAY });
      }
    });
  }

  it("adds up each traffic source of the spanning user's three stores", async () => {
    const { split } = await both(world.spanning, {}, getTraffic);
    const channels = new Set([...world.channels.one, world.channels.two[0], world.channels.none]);
    const bySource = new Map<number, number>();
    for (const r of world.traffic.filter((row) => channels.has(Number(row.channel_id))))
      bySource.set(Number(r.source_type), (bySource.get(Number(r.source_type)) ?? 0) + Number(r.views));
    expect(new Map(split.sources.map((s) => [s.source_type, s.views]))).toEqual(bySource);
  });

  it("adds up each search term of the spanning user's three stores before the top 50 are cut", async () => {
    const { split } = await both(world.spanning, {}, getSearchTerms);
    const channels = new Set([...world.channels.one, world.channels.two[0], world.channels.none]);
    const rows = world.searchTerms.filter((row) => channels.has(Number(row.channel_id)));
    const byTerm = new Map<string, number>();
    for (const r of rows.filter((row) => row.term !== '')) byTerm.set(String(r.term), (byTerm.get(String(r.term)) ?? 0) + Number(r.views));
    expect(byTerm.size).toBeGreaterThan(50);
    for (const t of split.terms) expect(t.views, t.term).toBe(byTerm.get(t.term));
    const top = [...byTerm.values()].sort((a, b) => b - a).slice(0, 50);
    expect(split.terms.map((t) => t.views)).toEqual(top);
    expect(split.views).toBe(rows.reduce((s, r) => s + Number(r.views), 0));
    expect(split.other.views).toBe(split.views - top.reduce((s, v) => s + v, 0));
  });

  it('sums the spanning user lifetime views from the rows of all three stores', async () => {
    const { split } = await both(world.spanning, {}, getBase);
    const channels = [...world.channels.one, world.channels.two[0], world.channels.none];
    const views = world.daily.filter((r) => channels.includes(Number(r.channel_id))).reduce((s, r) => s + Number(r.views), 0);
    expect(split.sum_views).toBe(views);
    const fromOneStore = world.daily
      .filter((r) => world.channels.one.includes(Number(r.channel_id)))
      .reduce((s, r) => s + Number(r.views), 0);
    expect(split.sum_views).toBeGreaterThan(fromOneStore);
  });
});
