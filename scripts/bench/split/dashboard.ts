// The split benchmark's dashboard: the network owner's first view read by the product's own card
// functions, in the order and with the arguments src/server/partner/dashboard/start.ts gives them, against any
// D1Database (a network's store or the shared D1) or several stores merged, and a scope resolved to channel ids.
import { type SessionUser, withAccountDefaults } from '../../../src/server/auth/session-user';
import { answered } from '../../../src/server/partner/start-answer';
import { getBase } from '../../../src/server/stats/base';
import { getDates } from '../../../src/server/stats/catalog';
import { getDemographics } from '../../../src/server/stats/demographics';
import { getEngagement } from '../../../src/server/stats/engagement';
import { type Scope, scopeFor } from '../../../src/server/stats/filters';
import { getForecast } from '../../../src/server/stats/forecast';
import { getLocation } from '../../../src/server/stats/location';
import type { StatsDb } from '../../../src/server/stats/stores';
import { filtersOf, resolveRequest } from '../../../src/server/stats/request';
import { channelTitleSchema, statFiltersSchema } from '../../../src/server/stats/schema';
import { parseInput } from '../../../src/server/http/validate';
import { forecastApplies } from '../../../src/lib/dates/chart-rules';
import { type DashboardQuery, settleChartPeriod, settlePeriod, statBody } from '../../../src/lib/dashboard/query';
import { DEFAULT_PERIOD, type Period, presetPeriod } from '../../../src/lib/dates/periods';

/**
 * The network owner as the session gives it: a user with a grant on the whole network (user id = network id).
 * @example ownerOf(3).email // 'owner-3@bench.example'
 */
export function ownerOf(networkId: number): SessionUser {
  return withAccountDefaults({ id: networkId, email: `owner-${networkId}@bench.example`, userName: `Owner ${networkId}`, showTitle: true });
}

/** The scope's channels given as ids (what resolveScope answers from the shared D1). */
function withIds(scope: Scope, channelIds: readonly number[]): Scope {
  return { ...scope, channelIds };
}

/**
 * getDates, then every card of the default view (the default period settled on the latest day, no
 * channel or title filter), as getDashboardStart and cardAnswers read them; getDates' timestamp comes
 * from `now` so two stores' answers compare equal.
 * @example const { answers } = await dashboardAnswers(objectDb(stub), ownerOf(3), [3001, 3002], '2026-11-23', now)
 */
export async function dashboardAnswers(db: StatsDb, user: SessionUser, channelIds: readonly number[], today: string, now: Date) {
  const scope = withIds(scopeFor(user, {}), channelIds);
  const dates = await getDates(db, scope, now);
  const maxDate = dates.max_date;
  const period = settlePeriod(presetPeriod(DEFAULT_PERIOD, today) as Period, today, maxDate);
  const query: DashboardQuery = { period, chartPeriod: settleChartPeriod(null, period, maxDate, today), channels: [], titles: [] };
  const body = statBody(query, user.showTitle);
  // The request's own reads are the shared D1's (a merged scope's stores keep it beside them).
  const resolved = resolveRequest(user, parseInput(statFiltersSchema, body), { today });
  const request = { ...resolved, scope: withIds(resolved.scope, channelIds) };
  const forecastScope = () =>
    withIds(scopeFor(user, filtersOf(parseInput(channelTitleSchema, { channels: body.channels, titles: body.titles }))), channelIds);
  const [base, engagement, geography, demographics, forecast] = await Promise.all([
    answered('bench', 'base', () => getBase(db, request)),
    answered('bench', 'engagement', () => getEngagement(db, request)),
    answered('bench', 'location', () => getLocation(db, request)),
    answered('bench', 'demographics', () => getDemographics(db, request)),
    forecastApplies(query.period.from, query.period.to, today)
      ? answered('bench', 'forecast', () => getForecast(db, forecastScope(), today, maxDate))
      : Promise.resolve(null),
  ]);
  return { dates, period, answers: { base, engagement, geography, demographics, forecast } };
}
