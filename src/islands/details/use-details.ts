// The details stores as the island reads them: in the browser the stores, on the server what the page rendered with.
import { createContext, useContext } from 'react';
import { useStore } from '@nanostores/react';
import type { ReadableAtom } from 'nanostores';
import { $details, $detailsMaxDate, $detailsUser, type DetailsUser } from '../../stores/details';
import { DETAIL_BLOCKS, type Block } from '../../stores/details-data';
import type { DetailsAnswers, DetailsBlock, DetailsStart } from '../../lib/details/start';

export interface DetailsStartValue {
  start: DetailsStart;
  user: DetailsUser;
}

export const DetailsStartContext = createContext<DetailsStartValue | null>(null);

/**
 * A store's value. The server never sets the stores (a worker's modules serve every account), so there
 * the value comes from the page's props; the browser sets the stores from the same props before its
 * first render, so hydration reads the same values (as the dashboard's use-start.ts).
 */
function useStarted<T>(store: ReadableAtom<T>, fromStart: (value: DetailsStartValue) => T): T {
  const stored = useStore(store);
  const start = useContext(DetailsStartContext);
  return typeof window === 'undefined' && start ? fromStart(start) : stored;
}

export const useDetails = () => useStarted($details, (s) => s.start.query);
export const useDetailsMaxDate = () => useStarted($detailsMaxDate, (s) => s.start.maxDate);
export const useDetailsUser = () => useStarted($detailsUser, (s) => s.user);

type AnswerOf<B extends DetailsBlock> = DetailsAnswers[B] extends { data: infer T | null } ? T : never;

/** A block's answer and its loading state. */
export function useBlock<B extends DetailsBlock>(name: B): Block<AnswerOf<B>> {
  return useStarted(DETAIL_BLOCKS[name] as unknown as ReadableAtom<Block<AnswerOf<B>>>, (s) => s.start.answers[name] as Block<AnswerOf<B>>);
}

/** The labels the server found for the one chosen channel, title or country. */
export function useStartLabels(): DetailsStart['labels'] {
  return useContext(DetailsStartContext)?.start.labels ?? { channel: null, title: null, country: null };
}
