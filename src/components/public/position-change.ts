// The position-change marker's text and label: plus (up, or new), minus (down), blank (same place).

export interface PositionMark {
  kind: 'up' | 'down' | 'same';
  symbol: string;
  label: string;
}

/** The marker of a row from diff (previous position − position; null when new in the list). */
export function positionMark(diff: number | null): PositionMark {
  if (diff === null) return { kind: 'up', symbol: '+', label: 'New' };
  if (diff > 0) return { kind: 'up', symbol: '+', label: `Up ${diff}` };
  if (diff < 0) return { kind: 'down', symbol: '−', label: `Down ${-diff}` };
  return { kind: 'same', symbol: '', label: 'No change' };
}
