// Analytics page state: the applied query (kept in the URL), the table's and chart's answers, and the actions that change them.
import { atom } from 'nanostores';
import { apiPost, leaveIfSignedOut } from '../client/api';
import {
  type AnalyticsQuery,
  type AnalyticsStart,
  analyticsBody,
  comparisonRange,
  type CompareMode,
  consistent,
  type VideoTypeChoice,
  writeAnalyticsQuery,
} from '../lib/analytics/query';
import type {
  AnalyticsGraphAnswer,
  AnalyticsGraphMetric,
  AnalyticsGroup,
  AnalyticsSortColumn,
  AnalyticsTableAnswer,
} from '../lib/api/analytics';
import type { Period } from '../lib/dates/periods';

/** A block's state: fetching, then loaded or failed; a failed block shows empty (spec's error catalogue). */
export interface Block<T> {
  status: 'loading' | 'loaded' | 'failed';
  data: T | null;
}

export const $analyticsQuery = atom<AnalyticsQuery | null>(null);
export const $analyticsTable = atom<Block<AnalyticsTableAnswer>>({ status: 'loading', data: null });
export const $analyticsGraph = atom<Block<AnalyticsGraphAnswer>>({ status: 'loading', data: null });

/** Whether the account may filter by title (a titles filter is left out of its bodies otherwise). */
const $showTitle = atom(false);
/** The calls in flight: a change or leaving the page aborts them (their answers would be for another query). */
const inFlight = { table: null as AbortController | null, graph: null as AbortController | null };

/**
 * Takes the server's answers (src/server/partner/analytics/start.ts): the blocks show them, and only a block the
 * server could not read is asked for again. Leaving the page aborts whatever is still loading.
 */
export function startAnalytics(start: AnalyticsStart, user: { showTitle: boolean }): void {
  $showTitle.set(user.showTitle);
  $analyticsQuery.set(start.query);
  $analyticsTable.set(start.table.status === 'loaded' ? { status: 'loaded', data: start.table.data } : { status: 'loading', data: null });
  $analyticsGraph.set(start.graph.status === 'loaded' ? { status: 'loaded', data: start.graph.data } : { status: 'loading', data: null });
  if (start.table.status !== 'loaded') void load('table');
  if (start.graph.status !== 'loaded') void load('graph');
  addEventListener('pagehide', abortAll);
}

/** Aborts both calls (leaving the page). */
export function abortAll(): void {
  inFlight.table?.abort();
  inFlight.graph?.abort();
}

/** A block loading (its last answer stays shown, dimmed, so the page does not jump) or failed (empty). */
function mark(block: 'table' | 'graph', status: 'loading' | 'failed'): void {
  if (block === 'table') $analyticsTable.set({ status, data: status === 'failed' ? null : $analyticsTable.get().data });
  else $analyticsGraph.set({ status, data: status === 'failed' ? null : $analyticsGraph.get().data });
}

async function load(block: 'table' | 'graph'): Promise<void> {
  const query = $analyticsQuery.get();
  if (!query) return;
  inFlight[block]?.abort();
  const controller = new AbortController();
  inFlight[block] = controller;
  mark(block, 'loading');
  try {
    const answer = await apiPost('/api/stat/extended', analyticsBody(query, $showTitle.get(), block === 'graph'), controller.signal);
    if (block === 'table' && answer.kind === 'table') $analyticsTable.set({ status: 'loaded', data: answer });
    if (block === 'graph' && answer.kind === 'graph') $analyticsGraph.set({ status: 'loaded', data: answer });
  } catch (error) {
    // Aborted: a newer call owns the block. Failed: the block is empty, loading off, no message.
    if (controller.signal.aborted || leaveIfSignedOut(error)) return;
    mark(block, 'failed');
  } finally {
    if (inFlight[block] === controller) inFlight[block] = null;
  }
}

/** Applies a query: the URL follows, and the blocks whose answer depends on the change reload. */
function apply(next: AnalyticsQuery, reload: { table: boolean; graph: boolean }): void {
  $analyticsQuery.set(next);
  history.replaceState(history.state, '', `${location.pathname}${writeAnalyticsQuery(next)}${location.hash}`);
  if (reload.table) void load('table');
  if (reload.graph) void load('graph');
}

/** A filter changed: back to the first page, both blocks reload. */
function filter(change: Partial<AnalyticsQuery>): void {
  const query = $analyticsQuery.get();
  if (!query) return;
  apply(consistent({ ...query, ...change, page: 1 }), { table: true, graph: true });
}

export const choosePeriod = (period: Period) => filter({ period });
export const chooseChannels = (channels: string[]) => filter({ channels });
export const chooseTitles = (titles: number[]) => filter({ titles });
/** Countries cannot go with titles or a video type (no stored grain holds both): choosing them clears those. */
export const chooseCountries = (countries: string[]) => filter(countries.length ? { countries, titles: [], type: 'all' } : { countries });
export const chooseType = (type: VideoTypeChoice) => filter({ type });

/** The comparison changes only the table's change columns: the chart stays. */
export function chooseCompare(compare: CompareMode, range: { from: string; to: string } | null = null): void {
  const query = $analyticsQuery.get();
  if (!query) return;
  const next = { ...query, compare, compareRange: compare === 'custom' ? range : null };
  const before = JSON.stringify(comparisonRange(query));
  apply(next, { table: JSON.stringify(comparisonRange(next)) !== before, graph: false });
}

/** Grouping by country leaves out titles and video type (see chooseCountries); the chart does not group. */
export function chooseGroup(group: AnalyticsGroup): void {
  const query = $analyticsQuery.get();
  if (!query || query.group === group) return;
  const next = group === 'countries' ? { ...query, group, titles: [], type: 'all' as const } : { ...query, group };
  const filtersChanged = next.titles.length !== query.titles.length || next.type !== query.type;
  apply({ ...next, page: 1 }, { table: true, graph: filtersChanged });
}

/** A column heading: the same column toggles desc then asc; another starts desc (docs/partner-area.md). */
export function chooseSort(sort: AnalyticsSortColumn): void {
  const query = $analyticsQuery.get();
  if (!query) return;
  const order = query.sort === sort && query.order === 'desc' ? 'asc' : 'desc';
  apply({ ...query, sort, order, page: 1 }, { table: true, graph: false });
}

export function choosePage(page: number): void {
  const query = $analyticsQuery.get();
  if (!query || query.page === page) return;
  apply({ ...query, page }, { table: true, graph: false });
}

/** The chart radio: all three series are in the answer already, so nothing reloads. */
export function chooseChart(chart: AnalyticsGraphMetric): void {
  const query = $analyticsQuery.get();
  if (query) apply({ ...query, chart }, { table: false, graph: false });
}
