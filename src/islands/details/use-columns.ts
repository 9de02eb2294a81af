// The channel table's ticked optional columns (kept in this browser per page) and whether the screen is narrow.
import { useEffect, useState } from 'react';
import { defaultChosen, NARROW_SCREEN_PX, type DetailColumn } from '../../lib/details-columns';
import type { DetailsId } from '../../lib/api/details';

const COLUMNS_KEY_PREFIX = 'viewdeck.details.columns';
const NARROW_QUERY = `(max-width: ${NARROW_SCREEN_PX - 1}px)`;

/** True under 768 px; false on the server and in the first render, so hydration matches the HTML. */
export function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(false);
  useEffect(() => {
    const media = window.matchMedia(NARROW_QUERY);
    const update = () => setNarrow(media.matches);
    update();
    media.addEventListener('change', update);
    return () => media.removeEventListener('change', update);
  }, []);
  return narrow;
}

/** The ticked columns: the four first ones until the person chooses, then what they chose on this page. */
export function useChosenColumns(id: DetailsId, columns: DetailColumn[]): [string[], (chosen: string[]) => void] {
  const key = `${COLUMNS_KEY_PREFIX}.${id}`;
  const [chosen, setChosen] = useState<string[]>(() => defaultChosen(columns));
  useEffect(() => {
    try {
      const stored: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
      const known = new Set(columns.filter((c) => c.optional).map((c) => c.key as string));
      if (Array.isArray(stored)) setChosen(stored.filter((k): k is string => typeof k === 'string' && known.has(k)));
      else setChosen(defaultChosen(columns));
    } catch {
      setChosen(defaultChosen(columns));
    }
    // Columns follow the page id: one list per page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const choose = (next: string[]) => {
    setChosen(next);
    try {
      localStorage.setItem(key, JSON.stringify(next));
    } catch {
      // Storage refused: the choice holds for this visit.
    }
  };
  return [chosen, choose];
}
