// The dashboard's first view on the server: the URL's period and filters settled as the browser settles them, and every card's answer.
import { answered, knownChoices, NOT_READ, soleLabels } from '../start-answer';
import type { SessionUser } from '../../auth/session-user';
import { getBase } from '../../stats/base';
import { latestDates, listUserChannels, listUserTitles } from '../../stats/catalog';
import { getDemographics } from '../../stats/demographics';
import { getEngagement } from '../../stats/engagement';
import { scopeFor } from '../../stats/filters';
import { getEarningsShare, getForecastAnswer } from '../../statements/dashboard-share';
import { getLocation } from '../../stats/location';
import { getTraffic } from '../../stats/traffic';
import { statsDbFor } from '../../stats/stores';
import type { PartnerStoreEnv } from '../../partner-store';
import { filtersOf, resolveRequest } from '../../stats/request';
import { channelTitleSchema, statFiltersSchema } from '../../stats/schema';
import { parseInput } from '../../http/validate';
import { forecastApplies } from '../../../lib/dates/chart-rules';
import {
  type DashboardQuery,
  type DashboardStart,
  readQuery,
  settleChartPeriod,
  settlePeriod,
  type StartAnswers,
  statBody,
} from '../../../lib/dashboard/query';
import { DEFAULT_PERIOD, presetPeriod, type Period } from '../../../lib/dates/periods';
import { todayUtc } from '../../../lib/dates/time';
import { log } from '../../log/log';

/**
 * Every card's answer for a query, read as the stat calls read them: the body the browser would send,
 * parsed by the same schema, scoped to the session user by the same code. The request is resolved once
 * (a lifetime's first and last day are looked up once, not per card) and the cards are read together.
 */
async function cardAnswers(
  env: PartnerStoreEnv,
  user: SessionUser,
  query: DashboardQuery,
  today: string,
  maxDate: string | null,
): Promise<StartAnswers> {
  const idle: StartAnswers = {
    base: NOT_READ,
    engagement: NOT_READ,
    geography: NOT_READ,
    demographics: NOT_READ,
    traffic: NOT_READ,
    forecast: NOT_READ,
    share: NOT_READ,
  };
  const body = statBody(query, user.showTitle);
  let request;
  try {
    request = resolveRequest(user, parseInput(statFiltersSchema, body), { today });
  } catch (error) {
    log.error('page.answer_failed', error, { message: 'dashboard: the stats request did not resolve on the server', page: 'dashboard' });
    return idle;
  }
  // Without filters the forecast's scope is the one whose latest day is already known.
  const latest = query.channels.length || query.titles.length ? undefined : maxDate;
  const { db, scope } = await statsDbFor(env, request.scope);
  request = { ...request, scope };
  // The forecast's scope has the cards' channels (the same channels filter, nothing left out): the ids
  // resolved for the cards serve it too, so a split install resolves them once.
  const forecastScope = () => ({
    ...scopeFor(user, filtersOf(parseInput(channelTitleSchema, { channels: body.channels, titles: body.titles }))),
    channelIds: scope.channelIds,
  });
  const forecastIn = () => getForecastAnswer(env, db, forecastScope(), user.id, today, latest);
  const [base, engagement, geography, demographics, traffic, forecast, share] = await Promise.all([
    answered('dashboard', 'base', () => getBase(db, request)),
    answered('dashboard', 'engagement', () => getEngagement(db, request)),
    answered('dashboard', 'location', () => getLocation(db, request)),
    answered('dashboard', 'demographics', () => getDemographics(db, request)),
    answered('dashboard', 'traffic', () => getTraffic(db, request)),
    forecastApplies(query.period.from, query.period.to, today) ? answered('dashboard', 'forecast', forecastIn) : Promise.resolve(NOT_READ),
    answered('dashboard', 'share', () => getEarningsShare(env, db, request, user.id)),
  ]);
  return { base, engagement, geography, demographics, traffic, forecast, share };
}

/**
 * The dashboard for a URL's query string as the signed-in user sees it: the period (the URL's, else
 * the default), the bucket size, the URL's channels and titles this account has, and every card's answer.
 * @example const start = await getDashboardStart(env, Astro.locals.user, Astro.url.search)
 */
export async function getDashboardStart(
  env: PartnerStoreEnv,
  user: SessionUser,
  search: string,
  today = todayUtc(),
): Promise<DashboardStart> {
  const fromUrl = readQuery(search, today);
  const scope = scopeFor(user, {});
  const askedTitles = user.showTitle ? fromUrl.titles : [];
  const db = env.DB;
  // Independent reads started together: the latest day, and the lists the URL's channels and titles are checked against.
  const [dates, channels, titles] = await Promise.all([
    latestDates(env, scope),
    listUserChannels(db, scope),
    askedTitles.length ? listUserTitles(db, scope) : Promise.resolve([]),
  ]);
  const maxDate = dates.max_date;
  const period = settlePeriod(fromUrl.period ?? (presetPeriod(DEFAULT_PERIOD, today) as Period), today, maxDate);
  const chosen = knownChoices({ channels: fromUrl.channels, titles: askedTitles }, { channels, titles });
  const query: DashboardQuery = {
    period,
    chartPeriod: settleChartPeriod(fromUrl.chartPeriod, period, maxDate, today),
    channels: chosen.channels.kept,
    titles: chosen.titles.kept,
  };
  const labels = soleLabels(query, { channels, titles });
  return {
    query,
    maxDate,
    channelCount: channels.length,
    hasUgc: channels.some((c) => c.is_ugc),
    channelLabel: labels.channel,
    titleLabel: labels.title,
    dropped: { channels: chosen.channels.dropped, titles: chosen.titles.dropped },
    answers: await cardAnswers(env, user, query, today, maxDate),
  };
}
