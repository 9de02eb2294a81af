// Runs a search a pause after the text last changed, only for searchable text; the newest answer wins.
import { useEffect, useEffectEvent, useState } from 'react';
import { SEARCH_DEBOUNCE_MS, isSearchable } from '../../lib/search/text';

export type SearchState<T> = { status: 'idle' } | { status: 'loading' } | { status: 'done'; rows: T[] } | { status: 'error' };

interface Tagged<T> {
  text: string;
  key: string;
  state: SearchState<T>;
}

/**
 * The state of a debounced search: idle for text under 3 characters (nothing is sent), otherwise
 * one request SEARCH_DEBOUNCE_MS after typing stops; an older request still running is aborted.
 * `key` names the kind of search (e.g. the mode): rows of another kind are never returned.
 */
export function useDebouncedSearch<T>(text: string, run: (text: string, signal: AbortSignal) => Promise<T[]>, key: string): SearchState<T> {
  const [tagged, setTagged] = useState<Tagged<T>>({ text: '', key, state: { status: 'idle' } });
  // run is chosen by key: a new function on each render must not restart the search.
  const search = useEffectEvent(run);
  useEffect(() => {
    if (!isSearchable(text)) return undefined;
    const controller = new AbortController();
    const set = (state: SearchState<T>) => setTagged({ text, key, state });
    const timer = window.setTimeout(() => {
      search(text.trim(), controller.signal)
        .then((rows) => set({ status: 'done', rows }))
        .catch(() => {
          if (!controller.signal.aborted) set({ status: 'error' });
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [text, key]);
  if (!isSearchable(text)) return { status: 'idle' };
  // Until the answer for this very text and kind arrives, the last one is not shown.
  return tagged.text === text && tagged.key === key ? tagged.state : { status: 'loading' };
}
