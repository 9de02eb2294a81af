// The details page's first view on the server: the URL's state settled as the browser settles it, and
// the answer of every block the page shows, read by the same code and scope as the details calls.
import { answered, knownChoices, NOT_READ, soleLabels } from '../start-answer';
import type { SessionUser } from '../../auth/session-user';
import { latestDates, listUserChannels, listUserTitles } from '../../stats/catalog';
import { scopeFor } from '../../stats/filters';
import { onStores } from '../../stats/stores';
import type { PartnerStoreEnv } from '../../partner-store';
import {
  detailsGraphSchema,
  detailsMapSchema,
  detailsSchema,
  detailsTableSchema,
  getDetailsAudience,
  getDetailsGraph,
  getDetailsMap,
  getDetailsSummary,
  getDetailsTable,
  resolveDetails,
} from '../../stats/details';
import { parseInput } from '../../http/validate';
import { getTraffic } from '../../stats/traffic';
import { getSearchTerms } from '../../stats/search-terms';
import type { DetailsId } from '../../../lib/api/details';
import { settleChartPeriod, settlePeriod, type StartAnswer } from '../../../lib/dashboard/query';
import { DEFAULT_SORT, fitToPage, readDetailsQuery, settleGraph, type DetailsQuery, type DetailsTab } from '../../../lib/details/query';
import { blocksFor, type DetailsAnswers, type DetailsStart } from '../../../lib/details/start';
import { countryName } from '../../../lib/formats/flags';
import { DEFAULT_PERIOD, presetPeriod, type Period } from '../../../lib/dates/periods';
import { todayUtc } from '../../../lib/dates/time';

/**
 * Every shown block's answer: each body is the one the browser would send (blocksFor), parsed by the
 * call's own schema and scoped to the session user by the call's own code; the blocks are read together.
 */
async function blockAnswers(env: PartnerStoreEnv, user: SessionUser, query: DetailsQuery, today: string): Promise<DetailsAnswers> {
  const bodies = blocksFor(query, user);
  const read = <T>(name: keyof DetailsAnswers, shown: boolean, reader: () => Promise<T>): Promise<StartAnswer<T>> =>
    shown ? answered('details', name, reader) : Promise.resolve(NOT_READ);
  // The request scoped to the user, and where its figures are read (the network stores when split).
  const resolve = async (input: Parameters<typeof resolveDetails>[1], subscribers = false) =>
    onStores(env, resolveDetails(user, input, { today, subscribers }));
  // Independent reads: started together so the slowest sets the wait, not their sum.
  const [summary, table, audience, graph, map, traffic, searchTerms] = await Promise.all([
    read('summary', !!bodies.summary, async () => {
      const input = parseInput(detailsSchema, bodies.summary);
      return getDetailsSummary(...(await resolve(input)));
    }),
    read('table', !!bodies.table, async () => {
      const input = parseInput(detailsTableSchema, bodies.table);
      return getDetailsTable(...(await resolve(input)), input);
    }),
    read('audience', !!bodies.audience, async () => {
      const input = parseInput(detailsSchema, bodies.audience);
      return getDetailsAudience(...(await resolve(input)));
    }),
    read('graph', !!bodies.graph, async () => {
      const input = parseInput(detailsGraphSchema, bodies.graph);
      // As the graph call does: group_date is the chart period of this read.
      return getDetailsGraph(...(await resolve({ ...input, chart_period: input.group_date ?? input.chart_period })), input);
    }),
    read('map', !!bodies.map, async () => {
      const input = parseInput(detailsMapSchema, bodies.map);
      return getDetailsMap(...(await resolve(input, input.graph === 'subscribers')), input.graph);
    }),
    read('traffic', !!bodies.traffic, async () => {
      const input = parseInput(detailsSchema, bodies.traffic);
      return getTraffic(...(await resolve(input)));
    }),
    read('searchTerms', !!bodies.searchTerms, async () => {
      const input = parseInput(detailsSchema, bodies.searchTerms);
      return getSearchTerms(...(await resolve(input)));
    }),
  ]);
  return { summary, table, audience, graph, map, traffic, searchTerms };
}

interface PageAddress {
  id: DetailsId;
  /** The tab the path names (/analytics/{id}/{tab}); on /details/{id} the query's tab applies. */
  tab: DetailsTab | null;
  search: string;
}

/**
 * The details page for an address as the signed-in user sees it: the period (the URL's, else the
 * default), grouping, filters this account has, tab, chart options, sort and page, and each shown block's answer.
 * @example const start = await getDetailsStart(env, Astro.locals.user, { id: 'views', tab: null, search: Astro.url.search })
 */
export async function getDetailsStart(
  env: PartnerStoreEnv,
  user: SessionUser,
  address: PageAddress,
  today = todayUtc(),
): Promise<DetailsStart> {
  const fromUrl = readDetailsQuery(address.search, today);
  const scope = scopeFor(user, {});
  const askedTitles = user.showTitle ? fromUrl.dashboard.titles : [];
  const db = env.DB;
  // Independent reads started together: the latest day, and the lists the URL's channels and titles are checked against.
  const [dates, channels, titles] = await Promise.all([
    latestDates(env, scope),
    listUserChannels(db, scope),
    askedTitles.length ? listUserTitles(db, scope) : Promise.resolve([]),
  ]);
  const maxDate = dates.max_date;
  const period = settlePeriod(fromUrl.dashboard.period ?? (presetPeriod(DEFAULT_PERIOD, today) as Period), today, maxDate);
  const chosen = knownChoices({ channels: fromUrl.dashboard.channels, titles: askedTitles }, { channels, titles });
  const query = fitToPage(
    {
      id: address.id,
      tab: address.tab ?? fromUrl.tab ?? 'table',
      period,
      chartPeriod: settleChartPeriod(fromUrl.dashboard.chartPeriod, period, maxDate, today),
      chartMode: fromUrl.chartMode ?? 'total',
      channels: chosen.channels.kept,
      titles: chosen.titles.kept,
      countries: fromUrl.countries,
      group: fromUrl.group ?? 'channels',
      graph: settleGraph(fromUrl.graph, user),
      sort: fromUrl.sort ?? DEFAULT_SORT,
      page: fromUrl.page,
    },
    user,
  );
  return {
    query,
    maxDate,
    channelCount: channels.length,
    labels: {
      ...soleLabels(query, { channels, titles }),
      country: query.countries.length === 1 ? countryName(query.countries[0] as string) : null,
    },
    dropped: { channels: chosen.channels.dropped, titles: chosen.titles.dropped },
    answers: await blockAnswers(env, user, query, today),
  };
}
