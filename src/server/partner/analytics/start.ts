// The analytics page's first view on the server: the URL's query settled, the filter lists, and the table's and chart's answers.
import { answered, knownChoices } from '../start-answer';
import type { PartnerStoreEnv } from '../../partner-store';
import type { AnalyticsAnswer } from '../../../lib/api/analytics';
import { type AnalyticsQuery, type AnalyticsStart, analyticsBody, readAnalyticsQuery } from '../../../lib/analytics/query';
import { keepKnown, settlePeriod } from '../../../lib/dashboard/query';
import { DEFAULT_PERIOD, presetPeriod, type Period } from '../../../lib/dates/periods';
import { todayUtc } from '../../../lib/dates/time';
import type { SessionUser } from '../../auth/session-user';
import { getAnalytics } from '../../stats/extended';
import { analyticsSchema } from '../../stats/extended/schema';
import { latestDates, listCountries, listUserChannels, listUserTitles } from '../../stats/catalog';
import { scopeFor } from '../../stats/filters';
import { parseInput } from '../../http/validate';

/** The answer when it is of the kind asked (the body's graph flag decides it). */
function ofKind<K extends AnalyticsAnswer['kind']>(answer: AnalyticsAnswer, kind: K): Extract<AnalyticsAnswer, { kind: K }> {
  if (answer.kind !== kind) throw new Error(`analytics: asked for the ${kind}, got the ${answer.kind}`);
  return answer as Extract<AnalyticsAnswer, { kind: K }>;
}

/** A URL's query settled for the session user, with the latest data day and the filter lists. */
export interface SettledAnalytics {
  query: AnalyticsQuery;
  maxDate: string | null;
  options: AnalyticsStart['options'];
}

/**
 * A URL's query as the page applies it: the period (the URL's, else the default, settled on the latest
 * data day as the dashboard settles it), and only the channels, titles and countries this account has.
 * The page and its spreadsheet read the same query from the same address.
 * @example const { query } = await settleAnalytics(env, user, '?period=27&group=titles', '2026-11-21')
 */
export async function settleAnalytics(
  env: PartnerStoreEnv,
  user: SessionUser,
  search: string,
  today = todayUtc(),
): Promise<SettledAnalytics> {
  const asked = readAnalyticsQuery(search, today);
  const scope = scopeFor(user, {});
  const db = env.DB;
  // Independent reads started together: the latest day and the three filter lists.
  const [dates, channels, titles, countries] = await Promise.all([
    latestDates(env, scope),
    listUserChannels(db, scope),
    user.showTitle ? listUserTitles(db, scope) : Promise.resolve([]),
    listCountries(db),
  ]);
  const maxDate = dates.max_date;
  const chosen = knownChoices(asked, { channels, titles });
  const query: AnalyticsQuery = {
    ...asked,
    period: settlePeriod(asked.period ?? (presetPeriod(DEFAULT_PERIOD, today) as Period), today, maxDate),
    channels: chosen.channels.kept,
    titles: chosen.titles.kept,
    countries: keepKnown(
      asked.countries,
      countries.map((c) => c.code2),
    ).kept,
    group: asked.group === 'titles' && !user.showTitle ? 'channels' : asked.group,
  };
  return { query, maxDate, options: { channels, titles, countries } };
}

/**
 * The page for a URL's query string as the signed-in user sees it: the settled query, the filter lists,
 * and the table and chart read by the call's own code (the body the browser would send, parsed by the
 * same schema, scoped to the session user).
 * @example const start = await getAnalyticsStart(env, Astro.locals.user, Astro.url.search, today)
 */
export async function getAnalyticsStart(
  env: PartnerStoreEnv,
  user: SessionUser,
  search: string,
  today = todayUtc(),
): Promise<AnalyticsStart> {
  const { query, maxDate, options } = await settleAnalytics(env, user, search, today);
  const read = (graph: boolean) => getAnalytics(env, user, parseInput(analyticsSchema, analyticsBody(query, user.showTitle, graph)), today);
  const [table, graph] = await Promise.all([
    answered('analytics', 'table', async () => ofKind(await read(false), 'table')),
    answered('analytics', 'graph', async () => ofKind(await read(true), 'graph')),
  ]);
  return { query, maxDate, options, table, graph };
}
