// Dashboard query state: filter options, the chosen period, bucket size, channels and titles, kept in the URL.
import { atom } from 'nanostores';
import dayjs from 'dayjs';
import { apiGet, apiPost, leaveIfSignedOut } from '../client/api';
import { showToast } from './toast';
import { defaultChartPeriod, nextChartPeriod } from '../lib/chart-rules';
import { periodDays, readQuery, writeQuery, type DashboardQuery } from '../lib/dashboard-query';
import { customPeriod, DATE_FORMAT, presetFor, type Period } from '../lib/periods';
import { PERIOD_STORAGE_KEY, restorePeriod, toStoredPeriod } from '../lib/stored-period';
import type { ChannelOption, TitleOption } from '../lib/api/stats';
import type { ChartPeriod } from '../lib/chart-rules';

export interface DashboardUser {
  showTitle: boolean;
  onlyInhouseChannels: boolean;
}

/** The applied query; null until the filter options have loaded (the options load first; docs/partner-area.md, "Dashboard"). */
export const $query = atom<DashboardQuery | null>(null);
/** The latest day with data for the user's channels: the "as of" date and the custom range's end. */
export const $maxDate = atom<string | null>(null);
export const $channelOptions = atom<ChannelOption[]>([]);
export const $titleOptions = atom<TitleOption[]>([]);
export const $user = atom<DashboardUser>({ showTitle: false, onlyInhouseChannels: false });

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

/** The URL's items this account has among its options, and how many it named beyond them. */
function known<T>(asked: T[], options: T[] | null): { kept: T[]; dropped: number } {
  // Options that failed to load cannot tell: the URL's list is kept as it is.
  if (options === null) return { kept: asked, dropped: 0 };
  const have = new Set(options);
  const kept = asked.filter((item) => have.has(item));
  return { kept, dropped: asked.length - kept.length };
}

/** Today in the browser's calendar: presets follow the person's day, not the server's. */
export function localToday(): string {
  return dayjs().format(DATE_FORMAT);
}

function readStoredPeriod(today: string): Period {
  try {
    return restorePeriod(localStorage.getItem(PERIOD_STORAGE_KEY), Date.now(), today);
  } catch {
    return restorePeriod(null, Date.now(), today);
  }
}

function apply(query: DashboardQuery, writeUrl = true): void {
  $query.set(query);
  if (!writeUrl) return;
  history.replaceState(history.state, '', `${location.pathname}${writeQuery(query)}${location.hash}`);
}

/**
 * Loads the filter options and the latest data date, then settles the period (URL first, then the
 * period stored today, then Last 3 months) and applies it, which starts the cards' loads. A bare
 * /dashboard keeps its plain address until the person changes something; a URL with a query is
 * rewritten in full so it shares exactly what is shown.
 */
export async function startDashboard(user: DashboardUser): Promise<void> {
  $user.set(user);
  const today = localToday();
  const fromUrl = readQuery(location.search, today);
  const [channels, titles, dates] = await Promise.all([
    apiGet('/api/profile/channels').catch((error: unknown) => {
      if (!leaveIfSignedOut(error)) showToast(CHANNELS_ERROR);
      return null;
    }),
    user.showTitle ? apiGet('/api/profile/titles').catch(() => null) : Promise.resolve([]),
    apiPost('/api/stat/dates', {}).catch((error: unknown) => (leaveIfSignedOut(error) ? undefined : null)),
  ]);
  // undefined: the session ended and the page is on its way to the sign-in page.
  if (dates === undefined) return;
  if (titles === null || dates === null) showToast(FILTERS_ERROR);
  $channelOptions.set(channels ?? []);
  $titleOptions.set(titles ?? []);
  const maxDate = dates?.max_date ?? null;
  $maxDate.set(maxDate);

  let period = fromUrl.period ?? readStoredPeriod(today);
  if (period.custom && period.from) period = customPeriod(period.from, period.to, maxDate);
  else period = presetFor(period.value, today, maxDate) ?? period;
  const days = periodDays(period, maxDate, today);
  const urlChannels = known(fromUrl.channels, channels && channels.map((c) => c.channel_id));
  const urlTitles = known(user.showTitle ? fromUrl.titles : [], titles && titles.map((t) => t.title_id));
  // One plain message, after the filter errors (a toast replaces the one before it).
  if (urlChannels.dropped || urlTitles.dropped) showToast(notShownMessage(urlChannels.dropped, urlTitles.dropped));
  apply(
    {
      period,
      chartPeriod: fromUrl.chartPeriod ? nextChartPeriod(fromUrl.chartPeriod, days) : defaultChartPeriod(days),
      channels: urlChannels.kept,
      titles: urlTitles.kept,
    },
    location.search !== '',
  );
}

/** Applies a period, remembers it until midnight, and keeps the bucket size when it still fits. */
export function choosePeriod(period: Period): void {
  const query = $query.get();
  if (!query) return;
  try {
    localStorage.setItem(PERIOD_STORAGE_KEY, JSON.stringify(toStoredPeriod(period, Date.now())));
  } catch {
    // Private browsing may refuse storage; the period still applies to this page.
  }
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
