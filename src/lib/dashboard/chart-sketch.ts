// The first drawing of a dashboard chart, computed on the server from the series Chart.js will draw: the
// same bars or lines, colours, value axis and labels, as an SVG inside the chart's own box, so the card
// shows its chart with its figures and nothing moves when the interactive chart replaces it
// (docs/partner-area.md, "Charts"). Positions are in the plot's own units, 0–1000 across and down.

/** The plot's units across and down: whole numbers at this scale are finer than a pixel. */
export const SKETCH_UNITS = 1000;
/** Chart.js's value axis: begins at zero, at most this many ticks (TrendChart's maxTicksLimit). */
const VALUE_TICKS = 6;
/** Chart.js's bar sizes: each bucket gives 80% to its bars, each bar 90% of its share. */
const CATEGORY_SHARE = 0.8;
const BAR_SHARE = 0.9;

export interface SketchSeries {
  values: number[];
  /** One colour, or one per bucket (bars). */
  colour: string | string[];
  /** On a bar chart, drawn as a line through the buckets' centres over the bars, never stacked with them. */
  line?: boolean;
}

export interface SketchInput {
  kind: 'bar' | 'line';
  labels: string[];
  series: SketchSeries[];
  /** The most bucket labels shown along the bottom (TrendChart's maxTicks). */
  maxTicks: number;
  stacked?: boolean;
}

/** A position along an axis with what is written there. */
export interface SketchTick<T> {
  value: T;
  /** Units from the top (value axis) or from the left (buckets). */
  at: number;
}

export interface ChartSketch {
  valueTicks: SketchTick<number>[];
  bucketTicks: SketchTick<string>[];
  /** Bars as one path per colour ("M x base V top h width V base z" per bar). */
  bars: { colour: string; path: string }[];
  lines: { colour: string; points: [number, number][]; dots: boolean }[];
}

/** Chart.js's "nice" step: 1, 2, 5 or 10 times a power of ten, at least `range`. */
export function niceNum(range: number): number {
  const rounded = Math.round(range);
  const value = Math.abs(range - rounded) <= range / 1000 ? rounded : range;
  const power = 10 ** Math.floor(Math.log10(value));
  const fraction = value / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/** Decimal places of a finite number (Chart.js's _decimalPlaces): ticks are rounded to them. */
function decimals(value: number): number {
  let scale = 1;
  let places = 0;
  while (Math.round(value * scale) / scale !== value) {
    scale *= 10;
    places += 1;
  }
  return places;
}

/**
 * The value axis's ticks as Chart.js builds them for a linear axis that begins at zero with at most
 * `maxTicks` ticks (bounds "ticks": the axis runs from the first tick to the last).
 * @example valueTicks(0, 120) // [0, 50, 100, 150]
 */
export function valueTicks(dataMin: number, dataMax: number, maxTicks = VALUE_TICKS): number[] {
  let min = Math.min(0, dataMin);
  let max = Math.max(0, dataMax);
  if (min === max) max += max === 0 ? 1 : Math.abs(max * 0.05);
  const spaces = maxTicks - 1;
  let spacing = niceNum((max - min) / spaces);
  const needed = Math.ceil(max / spacing) - Math.floor(min / spacing);
  if (needed > spaces) spacing = niceNum((needed * spacing) / spaces);
  const factor = 10 ** Math.max(decimals(spacing), decimals(Math.floor(min / spacing) * spacing));
  min = Math.round(Math.floor(min / spacing) * spacing * factor) / factor;
  max = Math.round(Math.ceil(max / spacing) * spacing * factor) / factor;
  const steps = Math.round((max - min) / spacing);
  return Array.from({ length: steps + 1 }, (_, step) => Math.round((min + step * spacing) * factor) / factor);
}

/** Which bucket labels Chart.js's autoSkip keeps: every ceil(n / limit)-th from the first. */
export function shownBuckets(count: number, limit: number): number[] {
  if (count === 0) return [];
  const every = limit >= count ? 1 : Math.ceil(count / Math.max(limit, 1));
  return Array.from({ length: Math.ceil(count / every) }, (_, index) => index * every);
}

/** Each series' bottom and top per bucket: stacked series pile up, positives and negatives apart. */
function extents(series: SketchSeries[], buckets: number, stacked: boolean): Array<Array<[number, number]>> {
  const up = new Array<number>(buckets).fill(0);
  const down = new Array<number>(buckets).fill(0);
  return series.map((s) =>
    Array.from({ length: buckets }, (_, index) => {
      const value = s.values[index] ?? 0;
      if (!stacked || s.line) return [0, value] as [number, number];
      const pile = value >= 0 ? up : down;
      const base = pile[index] as number;
      pile[index] = base + value;
      return [base, base + value] as [number, number];
    }),
  );
}

const colourAt = (colour: string | string[], index: number): string =>
  typeof colour === 'string' ? colour : (colour[index] ?? colour[0] ?? '');

/**
 * The drawing of a chart's series, in plot units: bars centred in their buckets (Chart.js's bar offset),
 * lines from the left edge to the right edge, the value axis from its first tick to its last.
 * @example chartSketch({ kind: 'line', labels: ['a', 'b', 'c'], series: [{ values: [0, 50, 120], colour: '#000' }], maxTicks: 8 })
 */
export function chartSketch({ kind, labels, series, maxTicks, stacked = false }: SketchInput): ChartSketch {
  const buckets = labels.length;
  const tops = extents(series, buckets, stacked);
  const all = tops.flat(2);
  const ticks = valueTicks(all.length ? Math.min(...all) : 0, all.length ? Math.max(...all) : 0);
  const low = ticks[0] as number;
  const high = ticks[ticks.length - 1] as number;
  const y = (value: number) => Math.round(((high - value) / (high - low)) * SKETCH_UNITS);
  const bar = kind === 'bar';
  const width = SKETCH_UNITS / Math.max(buckets, 1);
  const x = (index: number) =>
    Math.round(bar ? (index + 0.5) * width : buckets > 1 ? (index / (buckets - 1)) * SKETCH_UNITS : SKETCH_UNITS / 2);
  const sketch: ChartSketch = {
    valueTicks: ticks.map((value) => ({ value, at: y(value) })),
    bucketTicks: shownBuckets(buckets, maxTicks).map((index) => ({ value: labels[index] as string, at: x(index) })),
    bars: [],
    lines: [],
  };
  const lineOf = (s: SketchSeries, n: number) => ({
    colour: colourAt(s.colour, 0),
    points: (tops[n] ?? []).map(([, top], index) => [x(index), y(top)] as [number, number]),
    dots: buckets <= 31,
  });
  if (!bar) {
    sketch.lines = series.map(lineOf);
    return sketch;
  }
  // Lines over a bar chart (a net line over gained and lost bars) go through the buckets' centres.
  sketch.lines = series.flatMap((s, n) => (s.line ? [lineOf(s, n)] : []));
  const barSeries = series.flatMap((s, n) => (s.line ? [] : [{ s, n }]));
  // Side by side unless stacked: each series gets its share of the bucket's 80%.
  const slots = stacked ? 1 : Math.max(barSeries.length, 1);
  const slot = (width * CATEGORY_SHARE) / slots;
  const paths = new Map<string, string>();
  barSeries.forEach(({ s, n }, slotAt) => {
    (tops[n] ?? []).forEach(([base, top], index) => {
      if (base === top) return;
      const left = index * width + (width * (1 - CATEGORY_SHARE)) / 2 + (stacked ? 0 : slotAt) * slot + (slot * (1 - BAR_SHARE)) / 2;
      const colour = colourAt(s.colour, index);
      const rect = `M${Math.round(left)} ${y(base)}V${y(top)}h${Math.max(1, Math.round(slot * BAR_SHARE))}V${y(base)}z`;
      paths.set(colour, (paths.get(colour) ?? '') + rect);
    });
  });
  sketch.bars = [...paths].map(([colour, path]) => ({ colour, path }));
  return sketch;
}
