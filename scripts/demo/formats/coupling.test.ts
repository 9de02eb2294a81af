// The north-west-corner coupling: exact margins, non-negative metrics, net counts.
import { describe, expect, it } from 'vitest';
import { createRng, int } from '../generate/prng';
import { couple, type CouplingSpec } from './coupling';

interface Visited {
  row: number;
  column: number;
  amounts: number[];
}

function cells(rows: number[][], columns: number[][], spec: CouplingSpec): Visited[] {
  const out: Visited[] = [];
  const width = rows[0]?.length ?? 0;
  couple(rows, columns, spec, (row, column, grid, at) => out.push({ row, column, amounts: Array.from(grid.subarray(at, at + width)) }));
  return out;
}

/** Sums of the cells per row (by = 'row') or per column, metric by metric. */
function margins(visited: Visited[], count: number, width: number, by: 'row' | 'column'): number[][] {
  const sums = Array.from({ length: count }, () => new Array<number>(width).fill(0));
  for (const cell of visited)
    cell.amounts.forEach((x, m) => {
      (sums[cell[by]] as number[])[m] = ((sums[cell[by]] as number[])[m] ?? 0) + x;
    });
  return sums;
}

/** Integer parts of total over n slices (some zero), in random order. */
function parts(rng: ReturnType<typeof createRng>, total: number, n: number): number[] {
  const cuts = Array.from({ length: n - 1 }, () => int(rng, 0, total)).sort((a, b) => a - b);
  return [...cuts, total].map((cut, i) => cut - (i === 0 ? 0 : (cuts[i - 1] as number)));
}

describe('couple', () => {
  it('follows the north-west corner on one metric', () => {
    expect(cells([[3], [2]], [[4], [1]], { nonNegative: [0], signed: [], path: 0 })).toEqual([
      { row: 0, column: 0, amounts: [3] },
      { row: 1, column: 0, amounts: [1] },
      { row: 1, column: 1, amounts: [1] },
    ]);
  });

  it('meets every row and column exactly, keeps non-negative metrics non-negative, allows negative net counts', () => {
    const spec: CouplingSpec = { nonNegative: [0, 1, 2], signed: [3], path: 0 };
    const rng = createRng(11, 'couple-test');
    for (let trial = 0; trial < 200; trial++) {
      const r = int(rng, 1, 8);
      const c = int(rng, 1, 15);
      const totals = [int(rng, 0, 50_000), int(rng, 0, 900), int(rng, 0, 40)];
      const rowParts = totals.map((t) => parts(rng, t, r));
      const columnParts = totals.map((t) => parts(rng, t, c));
      // A net metric: any signs, the same total on both sides.
      const netRows = Array.from({ length: r }, () => int(rng, -20, 20));
      const netColumns = Array.from({ length: c }, () => int(rng, -20, 20));
      netColumns[0] = (netColumns[0] as number) + netRows.reduce((s, x) => s + x, 0) - netColumns.reduce((s, x) => s + x, 0);
      const rows = Array.from({ length: r }, (_, i) => [...rowParts.map((p) => p[i] as number), netRows[i] as number]);
      const columns = Array.from({ length: c }, (_, j) => [...columnParts.map((p) => p[j] as number), netColumns[j] as number]);
      const visited = cells(rows, columns, spec);
      expect(margins(visited, r, 4, 'row')).toEqual(rows);
      expect(margins(visited, c, 4, 'column')).toEqual(columns);
      expect(visited.every((cell) => cell.amounts.slice(0, 3).every((x) => x >= 0 && Number.isInteger(x)))).toBe(true);
      expect(visited.length).toBeLessThanOrEqual(4 * (r + c - 1));
    }
  });

  it('refuses breakdowns with different totals', () => {
    expect(() => cells([[3]], [[4]], { nonNegative: [0], signed: [], path: 0 })).toThrow('same totals');
  });
});
