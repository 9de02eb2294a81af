// How the Broadcasts page reads: which cards show, and the started time as people read it (in UTC, so
// the server's first HTML and the browser's render agree).
import { FIRST_STREAM_CARDS } from '../api/streams';
import { MS_PER_MINUTE } from '../dates/time';

/** How often the page asks for the list again while it is visible. */
export const STREAMS_REFRESH_MS = MS_PER_MINUTE;

const STARTED = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});

/**
 * An ISO start time as the card shows it.
 * @example startedLabel('2026-03-03T21:14:09Z') // '3 Mar 2026, 21:14 UTC'
 */
export function startedLabel(iso: string): string {
  const parts = Object.fromEntries(STARTED.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.day} ${parts.month} ${parts.year}, ${parts.hour}:${parts.minute} UTC`;
}

/**
 * The cards to show: the first FIRST_STREAM_CARDS, or all once "Show more" is on.
 * @example shownCards(cards, false).length // at most 4
 */
export function shownCards<T>(cards: readonly T[], expanded: boolean): readonly T[] {
  return expanded ? cards : cards.slice(0, FIRST_STREAM_CARDS);
}

/** True when there is more than the first cards to show (the toggle is offered). */
export const hasMoreCards = (count: number): boolean => count > FIRST_STREAM_CARDS;
