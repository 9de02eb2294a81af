// Rank series of several countries put on one shared x axis (hours or dates), gaps left as null.

export interface KeyedPoint<K extends string | number> {
  key: K;
  position: number;
}

/**
 * The union of every series' keys in ascending order, and each series' positions on them.
 * @example alignSeries([{ id: 'US', points: [{ key: 1, position: 3 }] }])
 */
export function alignSeries<K extends string | number>(
  series: readonly { id: string; points: readonly KeyedPoint<K>[] }[],
): {
  keys: K[];
  values: Record<string, (number | null)[]>;
} {
  const keys = [...new Set(series.flatMap((s) => s.points.map((p) => p.key)))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const values: Record<string, (number | null)[]> = {};
  for (const s of series) {
    const byKey = new Map(s.points.map((p) => [p.key, p.position]));
    values[s.id] = keys.map((k) => byKey.get(k) ?? null);
  }
  return { keys, values };
}
