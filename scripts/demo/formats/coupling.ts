// Report rows that sum exactly to two given breakdowns of the same day (by video and by country).

/** One value per metric, the same metrics on every slice. */
export type Amounts = readonly number[];

export interface CouplingSpec {
  /** Metrics that cannot go below zero (views, watch time ...): each follows its own north-west corner. */
  nonNegative: readonly number[];
  /** Net metrics (likes, dislikes): solved exactly on the staircase of `path`, negative cells allowed. */
  signed: readonly number[];
  /** The metric whose full staircase the signed metrics use (views). */
  path: number;
}

/**
 * Receives each report row: slice `row` of the first breakdown in slice `column` of the second; its
 * amounts are grid[at] .. grid[at + metrics - 1] (a shared buffer, valid during the call only).
 */
export type CellVisitor = (row: number, column: number, grid: Float64Array, at: number) => void;

// Reused by every call (millions of cells for the demo): grown when a day needs more.
let shared = new Float64Array(1024);
let sharedUsed = new Uint8Array(128);

function column(slices: readonly Amounts[], metric: number): number[] {
  return slices.map((slice) => slice[metric] ?? 0);
}

function checkSpent(rest: readonly number[], rest2: readonly number[]): void {
  if (rest.some((v) => v !== 0) || rest2.some((v) => v !== 0)) {
    throw new Error('couple: the two breakdowns do not sum to the same totals');
  }
}

/**
 * North-west corner rule: walks rows and columns in order, each cell taking what is left of the
 * smaller of its row and column. Only cells with a positive flow are reported.
 */
function northWest(a: readonly number[], b: readonly number[], take: (i: number, j: number, x: number) => void): void {
  const ra = [...a];
  const rb = [...b];
  let i = 0;
  let j = 0;
  while (i < ra.length && j < rb.length) {
    const x = Math.min(ra[i] as number, rb[j] as number);
    if (x > 0) take(i, j, x);
    ra[i] = (ra[i] as number) - x;
    rb[j] = (rb[j] as number) - x;
    if (ra[i] === 0) i++;
    else j++;
  }
  checkSpent(ra, rb);
}

/** The full staircase of the north-west corner (zero cells included): a path through every row and column. */
function staircase(a: readonly number[], b: readonly number[]): Array<[number, number]> {
  const ra = [...a];
  const rb = [...b];
  const cells: Array<[number, number]> = [];
  let i = 0;
  let j = 0;
  for (;;) {
    cells.push([i, j]);
    const x = Math.min(ra[i] as number, rb[j] as number);
    ra[i] = (ra[i] as number) - x;
    rb[j] = (rb[j] as number) - x;
    if (i === ra.length - 1 && j === rb.length - 1) return cells;
    if (j === rb.length - 1 || (ra[i] === 0 && i < ra.length - 1)) i++;
    else j++;
  }
}

/**
 * The unique solution on a staircase: walking it, a cell closes its column when the path turns
 * right and its row when it turns down, so every row and column sum is met exactly.
 */
function onStaircase(path: ReadonlyArray<[number, number]>, a: readonly number[], b: readonly number[]): number[] {
  const ra = [...a];
  const rb = [...b];
  return path.map(([i, j], k) => {
    const next = path[k + 1];
    const x = next && next[0] === i ? (rb[j] as number) : (ra[i] as number);
    ra[i] = (ra[i] as number) - x;
    rb[j] = (rb[j] as number) - x;
    if (!next) checkSpent(ra, rb);
    return x;
  });
}

/**
 * Visits cells whose amounts sum, per metric, exactly to every row slice over the columns and to
 * every column slice over the rows (both breakdowns must have the same totals), in row then column
 * order. Non-negative metrics stay non-negative; a day needs about rows + columns - 1 cells per
 * metric, and metrics that split alike share their cells.
 * @example couple([[3], [2]], [[4], [1]], { nonNegative: [0], signed: [], path: 0 }, visit)
 * // visits (0, 0) with 3, (1, 0) with 1, (1, 1) with 1
 */
export function couple(rows: readonly Amounts[], columns: readonly Amounts[], spec: CouplingSpec, visit: CellVisitor): void {
  const width = rows[0]?.length ?? 0;
  const size = columns.length;
  if (rows.length === 0 || size === 0) return;
  // Every (row, column) pair has its amounts in one flat grid; a day has a few dozen pairs.
  const cells = rows.length * size;
  if (shared.length < cells * width) shared = new Float64Array(cells * width * 2);
  if (sharedUsed.length < cells) sharedUsed = new Uint8Array(cells * 2);
  const grid = shared;
  const used = sharedUsed;
  grid.fill(0, 0, cells * width);
  used.fill(0, 0, cells);
  const put = (i: number, j: number, m: number, x: number) => {
    grid[(i * size + j) * width + m] = x;
    used[i * size + j] = 1;
  };
  for (const m of spec.nonNegative) northWest(column(rows, m), column(columns, m), (i, j, x) => put(i, j, m, x));
  const path = staircase(column(rows, spec.path), column(columns, spec.path));
  for (const m of spec.signed) {
    onStaircase(path, column(rows, m), column(columns, m)).forEach((x, k) => {
      const [i, j] = path[k] as [number, number];
      if (x !== 0) put(i, j, m, x);
    });
  }
  for (let at = 0; at < cells; at++) {
    if (used[at] === 1) visit(Math.floor(at / size), at % size, grid, at * width);
  }
}
