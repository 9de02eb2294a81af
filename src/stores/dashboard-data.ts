// The dashboard cards' data: one fetcher store per card, all aborted, cleared and reloaded on a filter change.
import { atom, map, type WritableAtom } from 'nanostores';
import { apiPost, errorMessage, leaveIfSignedOut } from '../client/api';
import type { PostAnswer, PostBody, PostPath, Sendable } from '../lib/api/calls';
import { showToast } from './toast';
import { $query, $user, localToday, startFrom, type DashboardUser } from './dashboard';
import { forecastApplies } from '../lib/dates/chart-rules';
import { type DashboardStart, queryKey, statBody, type DashboardQuery } from '../lib/dashboard/query';
import type { BreakdownGroup, BreakdownMetric, BreakdownRow, EarningsView, StatFiltersBody } from '../lib/api/stats';

export interface Loadable<T> {
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  data: T | null;
}
/** A card's tabs: its total, Channels / Titles breakdowns, and (Views, Earnings) its formats. */
export type CardTab = 'total' | BreakdownGroup | 'formats';
export type SubscribersView = 'gained' | 'total';

const IDLE = { status: 'idle', data: null } as const;
/** A card's store holds the answer of the call that loads it (src/lib/api/calls.ts). */
const idleFor = <P extends PostPath>() => atom<Loadable<PostAnswer<P>>>(IDLE);

export const $base = idleFor<'/api/stat/base'>();
export const $engagement = idleFor<'/api/stat/engagement'>();
export const $geography = idleFor<'/api/stat/location'>();
export const $demographics = idleFor<'/api/stat/demographics'>();
export const $traffic = idleFor<'/api/stat/traffic'>();
export const $subscribersTotal = idleFor<'/api/stat/base/subscribers/total'>();
export const $forecast = idleFor<'/api/stat/forecast'>();
/** The Earnings card as the account's share under its terms (null answer: no terms). */
export const $share = idleFor<'/api/stat/share'>();
/** The Earnings view the person chose; null: the network's default (the share answer says which). */
export const $earningsView = atom<EarningsView | null>(null);
/** Shorts, long-form, live and the channel page (the Views and Earnings cards' Formats tab), loaded on first choice. */
export const $formats = idleFor<'/api/stat/formats'>();
/** Channels / Titles breakdowns by `${metric}:${group}`, loaded on first choice of the tab. */
export const $breakdowns = map<Record<string, Loadable<BreakdownRow[]>>>({});
export const $cardTabs = map<Record<BreakdownMetric, CardTab>>({
  partner_revenue: 'total',
  views: 'total',
  subscribers: 'total',
  watch_time: 'total',
});
export const $subscribersView = atom<SubscribersView>('gained');

/** Stats failures raise the red toast; the others show as empty without a word (docs/partner-area.md, "Failures"). */
type OnFailure = 'toast' | 'silent';

let controller = new AbortController();

async function load<P extends PostPath>(
  set: (state: Loadable<PostAnswer<P>>) => void,
  path: P,
  body: Sendable<PostBody<P>>,
  onFailure: OnFailure,
) {
  const { signal } = controller;
  set({ status: 'loading', data: null });
  try {
    const data = await apiPost(path, body, signal);
    if (!signal.aborted) set({ status: 'loaded', data });
  } catch (error) {
    // A 401 means the session ended: off to sign in, not a toast and empty cards.
    if (signal.aborted || leaveIfSignedOut(error)) return;
    set({ status: 'failed', data: null });
    if (onFailure === 'toast') showToast(errorMessage(error));
  }
}

const into =
  <T>(store: WritableAtom<Loadable<T>>) =>
  (state: Loadable<T>) =>
    store.set(state);
const key = (metric: BreakdownMetric, group: BreakdownGroup) => `${metric}:${group}`;

function body(query: DashboardQuery): Sendable<StatFiltersBody> {
  return statBody(query, $user.get().showTitle);
}

/** Under "Total subscribers" the Subscribers card's Channels list holds each channel's total, not its gains. */
const subscriberTotals = (metric: BreakdownMetric, group: BreakdownGroup) =>
  metric === 'subscribers' && group === 'channels' && $subscribersView.get() === 'total';

function loadBreakdown(query: DashboardQuery, metric: BreakdownMetric, group: BreakdownGroup): void {
  const id = key(metric, group);
  const totals = subscriberTotals(metric, group);
  const set = (state: Loadable<{ rows: BreakdownRow[] }>) => {
    // An answer for the view the person has since left is dropped.
    if (subscriberTotals(metric, group) === totals) $breakdowns.setKey(id, { status: state.status, data: state.data?.rows ?? null });
  };
  if (totals) void load(set, '/api/stat/base/subscribers/total/channels', body(query), 'toast');
  else void load(set, `/api/stat/${metric}`, { ...body(query), group }, 'toast');
}

function loadFormats(query: DashboardQuery): void {
  void load(into($formats), '/api/stat/formats', body(query), 'toast');
}

/** A card's tab other than Total: its breakdown, or the formats both cards share. */
function loadTab(query: DashboardQuery, metric: BreakdownMetric, tab: Exclude<CardTab, 'total'>): void {
  if (tab !== 'formats') loadBreakdown(query, metric, tab);
  else if (['idle', 'failed'].includes($formats.get().status)) loadFormats(query);
}

function loadSubscribersTotal(query: DashboardQuery): void {
  // A failure here raises no toast: the card shows an empty chart.
  void load(into($subscribersTotal), '/api/stat/base/subscribers/total', body(query), 'silent');
}

/** The cards' stores and the calls that fill them, in the order they start. */
const CARDS = [
  { store: $base, path: '/api/stat/base', onFailure: 'toast' },
  { store: $engagement, path: '/api/stat/engagement', onFailure: 'silent' },
  { store: $geography, path: '/api/stat/location', onFailure: 'silent' },
  { store: $demographics, path: '/api/stat/demographics', onFailure: 'silent' },
  { store: $traffic, path: '/api/stat/traffic', onFailure: 'silent' },
  { store: $share, path: '/api/stat/share', onFailure: 'silent' },
] as const;

/** The key of the query whose answers the server rendered, until the person changes something. */
let renderedFor: string | null = null;

function loadForecast(query: DashboardQuery): void {
  if (!forecastApplies(query.period.from, query.period.to, localToday())) return;
  const { channels, titles } = body(query);
  void load(into($forecast), '/api/stat/forecast', { channels, titles }, 'silent');
}

/** Aborts whatever is in flight, clears every card and loads what is on screen for the new query. */
function reload(query: DashboardQuery): void {
  renderedFor = null;
  controller.abort();
  controller = new AbortController();
  for (const store of [$base, $engagement, $geography, $demographics, $traffic, $share, $subscribersTotal, $forecast, $formats])
    store.set(IDLE);
  $breakdowns.set({});

  const filters = body(query);
  // Independent queries: started together so the slowest one sets the wait, not their sum.
  for (const card of CARDS) void load(into<PostAnswer<typeof card.path>>(card.store), card.path, filters, card.onFailure);
  loadForecast(query);
  if ($subscribersView.get() === 'total') loadSubscribersTotal(query);
  for (const [metric, tab] of Object.entries($cardTabs.get()) as [BreakdownMetric, CardTab][]) {
    if (tab !== 'total') loadTab(query, metric, tab);
  }
}

$query.listen((query) => {
  // The server's answers are already in the stores: applying the same query again asks for nothing.
  if (query && queryKey(query, $user.get().showTitle) !== renderedFor) reload(query);
});

/**
 * Before the island's first render: the cards' stores hold the server's answers, then the query is
 * set (src/stores/dashboard.ts), which the listener above recognises as answered.
 */
export function startCards(start: DashboardStart, user: DashboardUser): void {
  renderedFor = queryKey(start.query, user.showTitle);
  const { answers } = start;
  $base.set(answers.base);
  $engagement.set(answers.engagement);
  $geography.set(answers.geography);
  $demographics.set(answers.demographics);
  $traffic.set(answers.traffic);
  $forecast.set(answers.forecast);
  $share.set(answers.share);
  startFrom(start, user);
}

/** After hydration, for the rendered query: the cards the server could not answer ask the API (which reports the failure as usual). */
export function loadUnanswered(): void {
  const query = $query.get();
  if (!query || renderedFor !== queryKey(query, $user.get().showTitle)) return;
  const filters = body(query);
  for (const card of CARDS) {
    if (card.store.get().status === 'idle') void load(into<PostAnswer<typeof card.path>>(card.store), card.path, filters, card.onFailure);
  }
  if ($forecast.get().status === 'idle') loadForecast(query);
}

/** Shows a card's Total, Channels, Titles or Formats; a breakdown or the formats load the first time chosen. */
export function chooseCardTab(metric: BreakdownMetric, tab: CardTab): void {
  $cardTabs.setKey(metric, tab);
  const query = $query.get();
  if (tab === 'total' || !query) return;
  if (tab === 'formats') return loadTab(query, metric, tab);
  const state = $breakdowns.get()[key(metric, tab)];
  if (!state || state.status === 'idle' || state.status === 'failed') loadBreakdown(query, metric, tab);
}

/** Switches the Subscribers card between gained (bars) and total (line); total loads on first use. */
export function chooseSubscribersView(view: SubscribersView): void {
  if ($subscribersView.get() === view) return;
  $subscribersView.set(view);
  const query = $query.get();
  const status = $subscribersTotal.get().status;
  if (view === 'total' && query && (status === 'idle' || status === 'failed')) loadSubscribersTotal(query);
  // The Channels list changes meaning with the view: net per channel, or each channel's total.
  $breakdowns.setKey(key('subscribers', 'channels'), { status: 'idle', data: null });
  if (query && $cardTabs.get().subscribers === 'channels') loadBreakdown(query, 'subscribers', 'channels');
}

/** Shows the Earnings card as YouTube's gross or the account's share (both already loaded). */
export function chooseEarningsView(view: EarningsView): void {
  $earningsView.set(view);
}

/** The breakdown state of a card's tab. */
export function breakdownKey(metric: BreakdownMetric, group: BreakdownGroup): string {
  return key(metric, group);
}
