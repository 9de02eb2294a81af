// Hooks the analytics blocks share: the applied query and each block's answer, the server's until the stores have them.
import { createContext, useContext } from 'react';
import { useStore } from '@nanostores/react';
import dayjs from 'dayjs';
import { $analyticsGraph, $analyticsQuery, $analyticsTable, type Block } from '../../stores/analytics';
import type { AnalyticsQuery, AnalyticsStart } from '../../lib/analytics/query';
import type { AnalyticsGraphAnswer, AnalyticsTableAnswer } from '../../lib/api/analytics';
import { DATE_FORMAT } from '../../lib/dates/periods';
import { useHydrated } from '../shared/use-hydrated';

export const StartContext = createContext<{ start: AnalyticsStart; showTitle: boolean; today: string } | null>(null);

function useStart() {
  const started = useContext(StartContext);
  if (!started) throw new Error('analytics blocks render inside Analytics');
  return started;
}

export const useShowTitle = (): boolean => useStart().showTitle;
export const useStartOptions = () => useStart().start.options;
export const useMaxDate = (): string | null => useStart().start.maxDate;

/** The applied query: the server's on the server and in the hydration render, the store's after. */
export function useQuery(): AnalyticsQuery {
  const stored = useStore($analyticsQuery);
  const { start } = useStart();
  return stored ?? start.query;
}

/** Today for the presets: the server's until hydrated (so the HTML matches), then the browser's calendar. */
export function useToday(): string {
  const hydrated = useHydrated();
  const serverToday = useStart().today;
  return hydrated ? dayjs().format(DATE_FORMAT) : serverToday;
}

const fromServer = <T>(answer: { status: 'loaded' | 'idle'; data: T | null }): Block<T> =>
  answer.status === 'loaded' ? { status: 'loaded', data: answer.data } : { status: 'loading', data: null };

export function useTable(): Block<AnalyticsTableAnswer> {
  const stored = useStore($analyticsTable);
  const started = useStore($analyticsQuery) !== null;
  const { start } = useStart();
  return started ? stored : fromServer(start.table);
}

export function useGraph(): Block<AnalyticsGraphAnswer> {
  const stored = useStore($analyticsGraph);
  const started = useStore($analyticsQuery) !== null;
  const { start } = useStart();
  return started ? stored : fromServer(start.graph);
}
