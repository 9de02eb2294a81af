// The dashboard's stores as the cards read them: in the browser the stores, on the server what it rendered with.
import { createContext, useContext } from 'react';
import { useStore } from '@nanostores/react';
import type { ReadableAtom } from 'nanostores';
import { $channelSummary, $chosenLabels, $maxDate, $query, $user, type DashboardUser } from '../../stores/dashboard';
import { $base, $demographics, $engagement, $forecast, $geography, $share, $traffic, type Loadable } from '../../stores/dashboard-data';
import type { DashboardStart, StartAnswer, StartAnswers } from '../../lib/dashboard/query';

export interface StartValue {
  start: DashboardStart;
  user: DashboardUser;
}

/** What the page rendered the island with (its props). */
export const StartContext = createContext<StartValue | null>(null);

/**
 * A store's value. The server never sets the stores (they live as long as the worker and are shared
 * by every request it serves, so one account's figures must never pass through them): there the value
 * comes from the page's props. The browser sets the stores from the same props before its first
 * render (startCards), so hydration reads the same values.
 */
function useStarted<T>(store: ReadableAtom<T>, fromStart: (value: StartValue) => T): T {
  const stored = useStore(store);
  const start = useContext(StartContext);
  return typeof window === 'undefined' && start ? fromStart(start) : stored;
}

export const useQuery = () => useStarted($query, (s) => s.start.query);
export const useMaxDate = () => useStarted($maxDate, (s) => s.start.maxDate);
export const useUser = () => useStarted($user, (s) => s.user);
export const useChannelSummary = () => useStarted($channelSummary, (s) => ({ count: s.start.channelCount, hasUgc: s.start.hasUgc }));
export const useChosenLabels = () => useStarted($chosenLabels, (s) => ({ channel: s.start.channelLabel, title: s.start.titleLabel }));

type AnswerOf<K extends keyof StartAnswers> = StartAnswers[K] extends StartAnswer<infer T> ? T : never;
const STORES: { [K in keyof StartAnswers]: ReadableAtom<Loadable<AnswerOf<K>>> } = {
  base: $base,
  engagement: $engagement,
  geography: $geography,
  demographics: $demographics,
  traffic: $traffic,
  forecast: $forecast,
  share: $share,
};

/** A card's answer and its loading state. */
export function useAnswer<K extends keyof StartAnswers>(name: K): Loadable<AnswerOf<K>> {
  return useStarted(STORES[name], (s) => s.start.answers[name] as Loadable<AnswerOf<K>>);
}
