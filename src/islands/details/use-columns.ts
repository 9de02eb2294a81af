// The channel table's ticked optional columns (kept in this browser per page) and whether the screen is narrow.
import { useState, useSyncExternalStore } from 'react';
import { defaultChosen, NARROW_SCREEN_PX, type DetailColumn } from '../../lib/details/columns';
import type { DetailsId } from '../../lib/api/details';
import { useHydrated } from '../shared/use-hydrated';

const COLUMNS_KEY_PREFIX = 'viewdeck.details.columns';
const NARROW_QUERY = `(max-width: ${NARROW_SCREEN_PX - 1}px)`;

function subscribeNarrow(onChange: () => void): () => void {
  const media = window.matchMedia(NARROW_QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** True under 768 px; false on the server and while hydrating, so hydration matches the HTML. */
export function useNarrow(): boolean {
  return useSyncExternalStore(
    subscribeNarrow,
    () => window.matchMedia(NARROW_QUERY).matches,
    () => false,
  );
}

function readStored(key: string, columns: DetailColumn[]): string[] | null {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
    if (!Array.isArray(stored)) return null;
    const known = new Set(columns.filter((c) => c.optional).map((c) => c.key as string));
    return stored.filter((k): k is string => typeof k === 'string' && known.has(k));
  } catch {
    return null;
  }
}

/**
 * The ticked columns: the first four until the person chooses, then what they chose on this page. The
 * stored choice is read once hydrated (the server rendered the first four).
 */
export function useChosenColumns(id: DetailsId, columns: DetailColumn[]): [string[], (chosen: string[]) => void] {
  const key = `${COLUMNS_KEY_PREFIX}.${id}`;
  const hydrated = useHydrated();
  const [picked, setPicked] = useState<Record<string, string[]>>({});
  const chosen = picked[key] ?? (hydrated ? readStored(key, columns) : null) ?? defaultChosen(columns);
  const choose = (next: string[]) => {
    setPicked({ ...picked, [key]: next });
    try {
      localStorage.setItem(key, JSON.stringify(next));
    } catch {
      // Storage refused: the choice holds for this visit.
    }
  };
  return [chosen, choose];
}
