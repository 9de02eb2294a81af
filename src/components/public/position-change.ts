// The position-change marker: up (▲ and how many places, or New), down (▼ and how many), nothing for the same place.
import { escapeHtml } from '../../lib/formats/html-escape';

export interface PositionMark {
  kind: 'up' | 'down' | 'same';
  /** What is shown: the arrow and the number of places; empty for the same place. */
  symbol: string;
  /** What is read out and shown as a tooltip, e.g. 'Up 3 places'; empty for the same place. */
  label: string;
}

const places = (n: number): string => `${n} ${n === 1 ? 'place' : 'places'}`;

/** The marker of a row from diff (previous position − position; null when new in the list). */
export function positionMark(diff: number | null): PositionMark {
  if (diff === null) return { kind: 'up', symbol: 'New', label: 'New in the list' };
  if (diff > 0) return { kind: 'up', symbol: `▲ ${diff}`, label: `Up ${places(diff)}` };
  if (diff < 0) return { kind: 'down', symbol: `▼ ${-diff}`, label: `Down ${places(-diff)}` };
  return { kind: 'same', symbol: '', label: '' };
}

/**
 * The marker as HTML: the arrow is hidden from screen readers, which read the label instead; a row that
 * kept its place has an empty marker with no attributes, so nothing is announced for it.
 * @example positionMarkHtml(3) // '<span class="pos-change pos-up" title="Up 3 places"><span aria-hidden="true">▲ 3</span>…'
 */
export function positionMarkHtml(diff: number | null): string {
  const mark = positionMark(diff);
  if (mark.kind === 'same') return '<span class="pos-change pos-same"></span>';
  const label = escapeHtml(mark.label);
  return (
    `<span class="pos-change pos-${mark.kind}" title="${label}"><span aria-hidden="true">${escapeHtml(mark.symbol)}</span>` +
    `<span class="visually-hidden">${label}</span></span>`
  );
}
