// The details page's state: the applied query (kept in the URL), the latest data day, the countries
// list, each table's sort (kept in this browser for the next visit) and the actions that change them.
import { atom } from 'nanostores';
import { apiGet, leaveIfSignedOut } from '../client/api';
import { showToast } from './toast';
import { localToday, notShownMessage, readStoredPeriod, rememberPeriod } from './dashboard';
import { nextChartPeriod, type ChartPeriod } from '../lib/dates/chart-rules';
import { periodDays, settleChartPeriod, settlePeriod } from '../lib/dashboard/query';
import {
  DEFAULT_SORT,
  detailsHref,
  fitToPage,
  readDetailsQuery,
  sameDetails,
  type ChartMode,
  type DetailsQuery,
  type DetailsRoute,
  type DetailsSort,
  type DetailsTab,
  type DetailsViewer,
} from '../lib/details/query';
import type { DetailsStart } from '../lib/details/start';
import type { AudienceGraph, DetailsGroup, DetailsId } from '../lib/api/details';
import type { CountryOption } from '../lib/api/stats';
import type { Period } from '../lib/dates/periods';

export interface DetailsUser extends DetailsViewer {
  onlyInhouseChannels: boolean;
  /** Whether /channel/{id} opens for this account: the channel names link there only then. */
  showAnalytics: boolean;
}

/** The applied query; null until the island has started from the server's answers. */
export const $details = atom<DetailsQuery | null>(null);
export const $detailsMaxDate = atom<string | null>(null);
export const $detailsUser = atom<DetailsUser>({ showTitle: false, onlyInhouseChannels: false, showAnalytics: false });
export const $countryOptions = atom<CountryOption[] | null>(null);

const SORT_KEY_PREFIX = 'viewdeck.details.sort';

/**
 * Where a table's sort is kept: one per page and grouping (audience has its own table).
 * @example sortStorageKey('views', 'countries') // 'viewdeck.details.sort.views.countries'
 */
export function sortStorageKey(id: DetailsId, group: DetailsGroup): string {
  return `${SORT_KEY_PREFIX}.${id}.${group}`;
}

/**
 * The sort kept for a table in this browser, or null.
 * @example readStoredSort('views', 'channels') // { column: 'rpm', order: 'asc' } after that sort was chosen
 */
export function readStoredSort(id: DetailsId, group: DetailsGroup): DetailsSort | null {
  try {
    const raw = localStorage.getItem(sortStorageKey(id, group));
    return raw ? readDetailsQuery(`?${raw}`, localToday()).sort : null;
  } catch {
    return null;
  }
}

function storeSort(id: DetailsId, group: DetailsGroup, sort: DetailsSort): void {
  try {
    const key = sortStorageKey(id, group);
    if (sort.column) localStorage.setItem(key, new URLSearchParams({ sort: sort.column, order: sort.order }).toString());
    else localStorage.removeItem(key);
  } catch {
    // Storage refused (private browsing): the order applies to this visit only.
  }
}

function route(): DetailsRoute {
  return location.pathname.startsWith('/analytics') ? 'analytics' : 'details';
}

function apply(next: DetailsQuery, writeUrl = true): void {
  const fitted = fitToPage(next, $detailsUser.get());
  const current = $details.get();
  if (!current || !sameDetails(current, fitted)) $details.set(fitted);
  if (writeUrl) history.replaceState(history.state, '', `${detailsHref(fitted, route())}${location.hash}`);
}

/** Before the island's first render: the stores take what the server rendered. */
export function startDetails(start: DetailsStart, user: DetailsUser): void {
  $detailsUser.set(user);
  $detailsMaxDate.set(start.maxDate);
  $details.set(start.query);
}

/**
 * After hydration: the period as the browser settles it (the URL's, else the one chosen today, else
 * the server's) and the sort kept in this browser when the URL names none. A difference loads the
 * blocks once; a URL with a query is rewritten in full so it shares what is shown.
 */
export function settleDetailsInBrowser(start: DetailsStart): void {
  const today = localToday();
  const fromUrl = readDetailsQuery(location.search, today);
  const asked = fromUrl.dashboard.period ?? readStoredPeriod(today) ?? start.query.period;
  const period = settlePeriod(asked, today, start.maxDate);
  const chartPeriod = settleChartPeriod(fromUrl.dashboard.chartPeriod, period, start.maxDate, today);
  const sort = fromUrl.sort ?? readStoredSort(start.query.id, start.query.group) ?? start.query.sort;
  const { dropped } = start;
  if (dropped.channels || dropped.titles) showToast(notShownMessage(dropped.channels, dropped.titles));
  const sortChanged = sort.column !== start.query.sort.column || sort.order !== start.query.sort.order;
  apply({ ...start.query, period, chartPeriod, sort, page: sortChanged ? 1 : start.query.page }, location.search !== '' || sortChanged);
}

let countriesLoading: Promise<void> | null = null;

/** Loads the countries list once, the first time the filters are used. */
export function loadCountryOptions(): Promise<void> {
  countriesLoading ??= apiGet('/api/analytics/countries')
    .then((countries) => $countryOptions.set(countries))
    .catch((error: unknown) => {
      if (!leaveIfSignedOut(error)) showToast('Fetch filters error. Please refresh page.');
      $countryOptions.set([]);
    });
  return countriesLoading;
}

function change(edit: (query: DetailsQuery) => DetailsQuery): void {
  const query = $details.get();
  if (query) apply(edit(query));
}

/** A new filter shows the table from its first page. */
const filtered = (query: DetailsQuery, edit: Partial<DetailsQuery>): DetailsQuery => ({ ...query, ...edit, page: 1 });

export function chooseDetailsPeriod(period: Period): void {
  rememberPeriod(period);
  const days = periodDays(period, $detailsMaxDate.get(), localToday());
  change((q) => filtered(q, { period, chartPeriod: nextChartPeriod(q.chartPeriod, days) }));
}

export const chooseDetailsChannels = (channels: string[]) => change((q) => filtered(q, { channels }));
/** Titles and countries cannot be combined: choosing one clears the other. */
export const chooseDetailsTitles = (titles: number[]) =>
  change((q) => filtered(q, { titles, countries: titles.length ? [] : q.countries }));
export const chooseCountries = (countries: string[]) => change((q) => filtered(q, { countries, titles: countries.length ? [] : q.titles }));

/**
 * A grouping has its own sort, the one kept for it in this browser.
 * @example chooseGroup('countries')
 */
export function chooseGroup(group: DetailsGroup): void {
  change((q) => filtered(q, { group, sort: readStoredSort(q.id, group) ?? DEFAULT_SORT }));
}

/**
 * Another metric: its grouping resets when it has no such grouping (subs: no Title; audience: Channel only).
 * @example chooseId('subs') // grouped by Title before: by Channel now
 */
export function chooseId(id: DetailsId): void {
  change((q) => {
    const moved = fitToPage({ ...q, id }, $detailsUser.get());
    return filtered(moved, { sort: readStoredSort(id, moved.group) ?? DEFAULT_SORT });
  });
}

export const chooseTab = (tab: DetailsTab) => change((q) => ({ ...q, tab }));
export const chooseChartMode = (chartMode: ChartMode) => change((q) => ({ ...q, chartMode }));
export const chooseGraph = (graph: AudienceGraph) => change((q) => ({ ...q, graph }));
export const chooseDetailsChartPeriod = (chartPeriod: ChartPeriod) => change((q) => ({ ...q, chartPeriod }));
export const choosePage = (page: number) => change((q) => ({ ...q, page }));

/**
 * Sorts the table and keeps the order for the next visit.
 * @example chooseSort(nextSort(query.sort, 'rpm', 'views'))
 */
export function chooseSort(sort: DetailsSort): void {
  change((q) => {
    storeSort(q.id, q.group, sort);
    return { ...q, sort, page: 1 };
  });
}
