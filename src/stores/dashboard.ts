// Dashboard query state: filter options, the chosen period, bucket size, channels and titles, kept in the URL.
import { atom } from 'nanostores';
import dayjs from 'dayjs';
import { apiGet, leaveIfSignedOut } from '../client/api';
import { showToast } from './toast';
import { nextChartPeriod } from '../lib/dates/chart-rules';
import {
  type DashboardStart,
  periodDays,
  readQuery,
  sameQuery,
  settleChartPeriod,
  settlePeriod,
  writeQuery,
  type DashboardQuery,
} from '../lib/dashboard/query';
import { DATE_FORMAT, type Period } from '../lib/dates/periods';
import { PERIOD_STORAGE_KEY, restorePeriod, toStoredPeriod } from '../lib/dashboard/stored-period';
import type { ChannelOption, TitleOption } from '../lib/api/stats';
import type { ChartPeriod } from '../lib/dates/chart-rules';

export interface DashboardUser {
  showTitle: boolean;
  onlyInhouseChannels: boolean;
}

/** The applied query; null until the island has started from the server's answers (src/server/partner/dashboard/start.ts). */
export const $query = atom<DashboardQuery | null>(null);
/** The latest day with data for the user's channels: the "as of" date and the custom range's end. */
export const $maxDate = atom<string | null>(null);
/** The filter lists, loaded the first time the filters are used (loadFilterOptions). */
export const $channelOptions = atom<ChannelOption[] | null>(null);
export const $titleOptions = atom<TitleOption[] | null>(null);
export const $user = atom<DashboardUser>({ showTitle: false, onlyInhouseChannels: false });
/** What the cards need of the account's channels before the lists load: how many, and whether UGC is one. */
export const $channelSummary = atom<{ count: number; hasUgc: boolean }>({ count: 0, hasUgc: false });
/** Names of the one chosen channel and title, as the server found them, for the pickers' buttons. */
export const $chosenLabels = atom<{ channel: string | null; title: string | null }>({ channel: null, title: null });

export const FILTERS_ERROR = 'Fetch filters error. Please refresh page.';
export const CHANNELS_ERROR = 'Fetch channels error. Try to relogin.';

/**
 * The one message for a shared link naming channels or titles this account cannot see (unknown,
 * mistyped or someone else's): they are left out and the rest of the link applies.
 * @example notShownMessage(1, 0) // 'This link names 1 channel that is not available to you. It is left out; the rest of the link applies.'
 */
export function notShownMessage(channels: number, titles: number): string {
  const noun = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const parts = [channels ? noun(channels, 'channel', 'channels') : '', titles ? noun(titles, 'title', 'titles') : ''].filter(Boolean);
  const verb = channels + titles === 1 ? 'is' : 'are';
  const it = channels + titles === 1 ? 'It is' : 'They are';
  return `This link names ${parts.join(' and ')} that ${verb} not available to you. ${it} left out; the rest of the link applies.`;
}

/** Today in the browser's calendar: presets follow the person's day, not the server's. */
export function localToday(): string {
  return dayjs().format(DATE_FORMAT);
}

/** The period stored today, or null when none applies (then the URL's or the default stays). */
export function readStoredPeriod(today: string): Period | null {
  try {
    const raw = localStorage.getItem(PERIOD_STORAGE_KEY);
    return raw === null ? null : restorePeriod(raw, Date.now(), today);
  } catch {
    return null;
  }
}

function apply(query: DashboardQuery, writeUrl = true): void {
  // The same query again (the browser settling what the server rendered) would re-render every card
  // that reads it, a long task on a slow phone right after hydration, for nothing.
  const current = $query.get();
  if (!current || !sameQuery(current, query)) $query.set(query);
  if (!writeUrl) return;
  history.replaceState(history.state, '', `${location.pathname}${writeQuery(query)}${location.hash}`);
}

/**
 * Sets the stores to what the server rendered, before the island's first render, so hydration starts
 * from the same figures and sends nothing for them. The card answers are set by the caller
 * (dashboard-data.ts) before this sets the query.
 */
export function startFrom(start: DashboardStart, user: DashboardUser): void {
  $user.set(user);
  $maxDate.set(start.maxDate);
  $channelSummary.set({ count: start.channelCount, hasUgc: start.hasUgc });
  $chosenLabels.set({ channel: start.channelLabel, title: start.titleLabel });
  $query.set(start.query);
}

/**
 * After hydration: the period as the browser settles it (URL first, then the period stored today,
 * then Last 28 days, with the browser's today). When it differs from the server's (a period stored
 * in this browser, or a calendar a day apart), applying it reloads the cards: the one wave after
 * hydration. A bare /dashboard keeps its plain address until the person changes something; a URL
 * with a query is rewritten in full so it shares exactly what is shown.
 */
export function settleInBrowser(start: DashboardStart): void {
  const today = localToday();
  const fromUrl = readQuery(location.search, today);
  const asked = fromUrl.period ?? readStoredPeriod(today) ?? start.query.period;
  const period = settlePeriod(asked, today, start.maxDate);
  const chartPeriod = settleChartPeriod(fromUrl.chartPeriod, period, start.maxDate, today);
  const { dropped } = start;
  if (dropped.channels || dropped.titles) showToast(notShownMessage(dropped.channels, dropped.titles));
  apply({ ...start.query, period, chartPeriod }, location.search !== '');
}

let optionsLoading: Promise<void> | null = null;

/**
 * Loads the channel and title lists once, the first time the filters are used (the dashboard's and the
 * details page's filters share them; showTitle is the account's flag, the dashboard's by default).
 */
export function loadFilterOptions(showTitle = $user.get().showTitle): Promise<void> {
  optionsLoading ??= (async () => {
    const [channels, titles] = await Promise.all([
      apiGet('/api/profile/channels').catch((error: unknown) => {
        if (!leaveIfSignedOut(error)) showToast(CHANNELS_ERROR);
        return null;
      }),
      showTitle ? apiGet('/api/profile/titles').catch(() => null) : Promise.resolve([]),
    ]);
    if (titles === null) showToast(FILTERS_ERROR);
    $channelOptions.set(channels ?? []);
    $titleOptions.set(titles ?? []);
  })();
  return optionsLoading;
}

/** Remembers a chosen period until the next local midnight (the dashboard and details pages share it). */
export function rememberPeriod(period: Period): void {
  try {
    localStorage.setItem(PERIOD_STORAGE_KEY, JSON.stringify(toStoredPeriod(period, Date.now())));
  } catch {
    // Private browsing may refuse storage; the period still applies to this page.
  }
}

/** Applies a period, remembers it until midnight, and keeps the bucket size when it still fits. */
export function choosePeriod(period: Period): void {
  const query = $query.get();
  if (!query) return;
  rememberPeriod(period);
  const days = periodDays(period, $maxDate.get(), localToday());
  apply({ ...query, period, chartPeriod: nextChartPeriod(query.chartPeriod, days) });
}

export function chooseChartPeriod(chartPeriod: ChartPeriod): void {
  const query = $query.get();
  if (query && query.chartPeriod !== chartPeriod) apply({ ...query, chartPeriod });
}

export function chooseChannels(channels: string[]): void {
  const query = $query.get();
  if (query) apply({ ...query, channels });
}

export function chooseTitles(titles: number[]): void {
  const query = $query.get();
  if (query && $user.get().showTitle) apply({ ...query, titles });
}
